"""1856's capitalisation (whole/capital.py) and its start percentage: the phase in
force at the par decides who gets a share's money; a company starts operating when
the phase's percentage is sold; an escrow company's escrow is paid out when its track
reaches its destination (whole/escrow.py, option ``alternate_destinations``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.model.finance import Finance
from oracle.eighteen.model.game_round import GameRound
from oracle.eighteen.model.state import LaidTile, Turn
from oracle.eighteen.whole import sequence
from oracle.eighteen.whole.escrow import ESCROW_RELEASE
from tests.eighteen.whole.play import act, buy, company, par, pass_, refused
from tests.eighteen.whole.play1856 import operating, stock_round

JSON = dict[str, Any]


def _bought(position: JSON, shares: int) -> JSON:
    """P1 pars WGB at 65 and the players buy ``shares`` more from the IPO, one a turn."""
    position = act(position, par("P1", "WGB", 65))
    position = act(position, pass_("P1"))
    order = ["P2", "P3", "P1"]
    for i in range(shares):
        who = order[i % 3]
        position = act(position, buy(who, "WGB"))
        position = act(position, pass_(who))
    return position


def test_an_escrow_company_gets_its_first_five_shares_and_the_bank_holds_the_rest() -> None:
    position = stock_round("2")
    bank = position["bank"]
    position = _bought(position, 3)  # the president's certificate and three shares
    wgb = company(position, "WGB")
    assert wgb["treasury"] == 5 * 65 and wgb["finance"]["escrow"] == 0
    assert wgb["finance"]["capitalisation"] == "escrow" and position["bank"] == bank
    position = _bought_more(position, 2)
    wgb = company(position, "WGB")
    assert wgb["treasury"] == 5 * 65 and wgb["finance"]["escrow"] == 2 * 65
    assert position["bank"] == bank + 2 * 65  # the bank holds it


def _bought_more(position: JSON, shares: int) -> JSON:
    order = ["P2", "P3", "P1"]
    for i in range(shares):
        who = order[i % 3]
        position = act(position, buy(who, "WGB"))
        position = act(position, pass_(who))
    return position


def test_an_incremental_company_gets_every_share_as_it_is_sold() -> None:
    position = _bought(stock_round("4'"), 5)
    wgb = company(position, "WGB")
    assert wgb["finance"]["capitalisation"] == "incremental"
    assert wgb["treasury"] == 7 * 65 and wgb["finance"]["escrow"] == 0


def test_a_full_company_gets_ten_times_its_par_at_sixty_percent() -> None:
    position = _bought(stock_round("5'"), 3)
    assert company(position, "WGB")["treasury"] == 0  # 50%: the money is the bank's
    position = _bought_more(position, 1)
    assert company(position, "WGB")["treasury"] == 10 * 65


@pytest.mark.parametrize(("phase", "operates"), [("2", True), ("2'", False), ("3'", False)])
def test_a_company_starts_with_the_phase_percentage_sold(phase: str, operates: bool) -> None:
    """20% starts a company in phase 2, not in 2' (30%) nor 3' (40%)."""
    state = API.load(stock_round(phase))
    wgb = state.company("WGB")
    assert wgb is not None
    state = state.with_company(replace(wgb, president="P1", par=65, share_price=65,
                                       market=(5, 4), shares=(("P1", 2), ("ipo", 8)),
                                       finance=Finance("escrow")))
    after = sequence.start_operating(API.rules, state)
    assert ("WGB" in after.operating_order) is operates
    started = after.company("WGB")
    assert started is not None and started.finance is not None
    assert started.finance.started is operates


def test_a_started_company_operates_whatever_the_phase_asks() -> None:
    state = API.load(stock_round("4"))
    wgb = state.company("WGB")
    assert wgb is not None
    state = state.with_company(replace(wgb, president="P1", par=65, share_price=65,
                                       market=(5, 4), shares=(("P1", 2), ("ipo", 8)),
                                       finance=Finance("escrow", started=True)))
    assert "WGB" in sequence.start_operating(API.rules, state).operating_order


#: hotseat001's WGB track: Guelph (J11) to I6, whose last tile reaches Lake Huron (H5)
TRACK = (LaidTile("J11", "57", 0), LaidTile("J9", "4", 0), LaidTile("J7", "8", 0))
LAST = {"type": "lay_tile", "company": "WGB", "hex": "I6", "tile": "9", "rotation": 2}


def _before_the_last_lay(alternate: str) -> JSON:
    state = API.load(operating("WGB", treasury=0))
    state = replace(state, tiles=TRACK, options=tuple(
        (k, alternate if k == "alternate_destinations" else v) for k, v in state.options),
        supply=tuple((t, n - sum(1 for x in TRACK if x.tile == t)) for t, n in state.supply))
    wgb = state.company("WGB")
    assert wgb is not None and wgb.finance is not None
    state = state.with_company(replace(wgb, finance=replace(wgb.finance, escrow=130)))
    return state.canonical().to_json()


@pytest.mark.parametrize(("alternate", "released"), [("yes", True), ("no", False)])
def test_the_escrow_is_paid_when_the_track_reaches_the_destination(
        alternate: str, released: bool) -> None:
    """WGB's destination is Goderich (F9) on its charter, Lake Huron (H5) in the
    alternate table: the lay joining Guelph to H5 pays out its escrow only there."""
    position = _before_the_last_lay(alternate)
    bank = position["bank"]
    after = act(position, LAST)
    wgb = company(after, "WGB")
    assert (wgb["treasury"], wgb["finance"]["escrow"]) == ((130, 0) if released else (0, 130))
    assert wgb["finance"].get("destinated", False) is released
    assert after["bank"] == bank - (130 if released else 0)
    if released:  # its later shares are paid to it
        assert wgb["finance"]["capitalisation"] == "incremental"


def test_the_alternate_destinations_are_for_a_title_that_has_them() -> None:
    from oracle.core.errors import MalformedInput
    with pytest.raises(MalformedInput, match="alternate_destinations"):
        API.new_game(["P1", "P2", "P3"], {"title": "1830", "alternate_destinations": "yes"})


def test_a_share_is_not_bought_beyond_the_1856_certificate_limit() -> None:
    """Three players: 20 certificates (a president's certificate is one)."""
    state = API.load(stock_round("2"))
    held = tuple(replace(c, president="P1", par=65, share_price=65, market=(5, 4),
                         shares=(("P1", 3), ("ipo", 7)), finance=Finance("escrow"))
                 for c in state.companies[:10])
    position = replace(state, companies=(*held, *state.companies[10:])).canonical().to_json()
    refused(position, buy("P1", "BBG"), "shares/certificate_limit")
    fewer = replace(state, companies=(*held[:9], *state.companies[9:])).canonical()
    assert company(act(fewer.to_json(), buy("P1", "BBG")), "BBG")["shares"]["P1"] == 4


def test_a_company_reaching_its_destination_before_its_par_starts_incremental() -> None:
    """Guelph joined to Lake Huron while WGB is not parred yet (as hotseat004's CPR, at
    its action 46): it has reached its destination, and its par makes it incremental."""
    state = API.load(_before_the_last_lay("yes"))
    wgb = state.company("WGB")
    assert wgb is not None
    bank = state.bank + wgb.treasury
    state = replace(state.with_company(replace(wgb, par=None, president=None, treasury=0,
                                               market=None, share_price=0, finance=None,
                                               shares=(("ipo", 10),))),
                    bank=bank, tiles=(*state.tiles, LaidTile("I6", "9", 2)), market_order=())
    tile = API.rules.title(state).map.tile("9")
    assert tile is not None
    after = ESCROW_RELEASE.after_lay(API.rules, state, "I6", tile, False)
    assert after.company("WGB").finance == Finance("escrow", destinated=True)  # type: ignore[union-attr]
    stock = replace(after, game=GameRound("stock", 2, "P1", acting="P1"),
                    turn=Turn(None, "stock")).canonical().to_json()
    parred = act(stock, {"type": "par", "player": "P1", "company": "WGB", "price": 65})
    assert company(parred, "WGB")["finance"]["capitalisation"] == "incremental"
    assert company(parred, "WGB")["treasury"] == 2 * 65
