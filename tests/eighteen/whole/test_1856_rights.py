"""1856's bridge and tunnel rights (whole/rights.py): the company buying the private
gains the bonus for good; another may buy the right for $50 from the owning company."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.eighteen.api import API
from tests.eighteen.whole.play import act, company, refused
from tests.eighteen.whole.play1856 import operating

JSON = dict[str, Any]


def _owned(owner: str | None, closed: bool = False, phase: str = "3") -> JSON:
    """WGB's turn in ``phase``; the tunnel private (SCFTC) ``owner``'s; BBG a company."""
    state = API.load(operating("WGB", phase=phase))
    privates = tuple(replace(p, owner=owner, closed=closed) if p.id == "SCFTC"
                     else p for p in state.privates)
    bbg = state.company("BBG")
    assert bbg is not None
    state = replace(state.with_company(replace(bbg, president="P2", par=65, share_price=65,
                                               market=(5, 4), shares=(("P2", 2), ("ipo", 8)))),
                    privates=privates)
    return state.canonical().to_json()


def test_the_company_buying_the_tunnel_gains_its_bonus_for_good() -> None:
    position = _owned("P2")
    after = act(position, {"type": "buy_private", "company": "WGB", "private": "SCFTC",
                           "price": 150})
    assert after["bonus_tokens"] == [{"hex": "B13", "private": "SCFTC", "company": "WGB",
                                      "value": 10}]
    assert next(p for p in after["privates"] if p["id"] == "SCFTC")["owner"] == "WGB"


def test_another_company_buys_the_right_from_the_owning_company() -> None:
    position = _owned("BBG")
    bbg = company(position, "BBG")["treasury"]
    after = act(position, {"type": "buy_right", "company": "WGB", "private": "SCFTC"})
    assert company(after, "WGB")["treasury"] == 500 - 50
    assert company(after, "BBG")["treasury"] == bbg + 50
    assert {"hex": "B13", "private": "SCFTC", "company": "WGB", "value": 10} \
        in after["bonus_tokens"]
    refused(after, {"type": "buy_right", "company": "WGB", "private": "SCFTC"}, "right/held")


def test_a_closed_privates_right_is_bought_from_the_bank() -> None:
    position = _owned(None, closed=True)
    after = act(position, {"type": "buy_right", "company": "WGB", "private": "SCFTC"})
    assert after["bank"] == position["bank"] + 50


def test_a_right_is_not_bought_while_a_player_owns_the_private() -> None:
    refused(_owned("P2"), {"type": "buy_right", "company": "WGB", "private": "SCFTC"},
            "right/not_for_sale")


def test_only_the_bridge_and_the_tunnel_have_rights() -> None:
    refused(_owned("BBG"), {"type": "buy_right", "company": "WGB", "private": "FT"},
            "right/none")


def test_a_right_is_bought_before_the_company_runs() -> None:
    state = API.load(_owned("BBG"))
    position = replace(state, turn=replace(state.turn, step="buy_train")).to_json()
    refused(position, {"type": "buy_right", "company": "WGB", "private": "SCFTC"},
            "right/step")


def test_two_rights_are_for_sale_besides_the_owners() -> None:
    from oracle.eighteen.model.state import BonusToken
    state = API.load(_owned("BBG"))
    sold = (BonusToken("B13", "SCFTC", "CA", 10), BonusToken("B13", "SCFTC", "GT", 10))
    position = replace(state, bonus_tokens=sold).canonical().to_json()
    refused(position, {"type": "buy_right", "company": "WGB", "private": "SCFTC"},
            "right/sold_out")
