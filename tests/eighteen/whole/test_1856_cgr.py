"""1856's CGR formation (whole/formation.py, whole/national.py, whole/national_turn.py),
from a position just before the first 6 train (``play1856.before_first_6``): CPR (P1)
buys it; GT (P2) and LPS (P3) are left in debt. Their presidents decide in seating
order from P1; the CGR forms from those merged: its shares, president, price, cash,
trains, tokens and rights; its president then removes a second token on a hex and may
discard the trains that will rust. Every step keeps conservation (``play.act``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.model.game_round import GameRound
from oracle.eighteen.model.state import Company, Turn
from oracle.eighteen.titles.g1856 import CGR, TITLE
from oracle.eighteen.whole.holdings import cert_limit, certificates
from oracle.eighteen.whole.national import exchange, start_cell
from tests.eighteen.whole.play import act, cash, company, refused
from tests.eighteen.whole.play1856 import before_first_6, new1856
from tests.eighteen.whole.test_whole_game import _takes

JSON = dict[str, Any]
BUY_6 = {"type": "buy_train", "company": "CPR", "train": "6"}


def merge(cid: str) -> JSON:
    return {"type": "merge", "company": cid}


def pay_off(cid: str) -> JSON:
    return {"type": "pay_off_loans", "company": cid}


@pytest.fixture(scope="module")
def deciding() -> JSON:
    return act(before_first_6(), BUY_6)


@pytest.fixture(scope="module")
def formed(deciding: JSON) -> JSON:
    return act(act(deciding, merge("GT")), merge("LPS"))


def test_the_treasuries_repay_then_the_presidents_decide_in_seating_order(
        deciding: JSON) -> None:
    """GT's $150 repays one of its three loans; LPS's $20 none. P1 (CPR's president)
    has none in debt: P2's GT first, then P3's LPS."""
    assert company(deciding, "GT")["finance"]["loans"] == 2
    assert company(deciding, "GT")["treasury"] == 50
    assert deciding["game_round"]["formation"] == {
        "national": "CGR", "trigger": "P1", "deciding": ["GT", "LPS"], "merging": []}
    # P2 has $10 of GT's $150 debt beyond its treasury: merging is all he may do
    assert API.legal_actions(deciding) == [merge("GT")]


def test_nothing_else_is_played_while_a_president_decides(deciding: JSON) -> None:
    refused(deciding, merge("LPS"), "cgr/not_deciding")
    refused(deciding, pay_off("GT"), "cgr/cannot_pay")
    refused(deciding, {"type": "pass", "company": "CPR"}, "cgr/forming")
    refused(before_first_6(), merge("GT"), "cgr/not_forming")


def test_the_cgr_takes_the_shares_two_for_one(formed: JSON) -> None:
    """P1: LPS 20% -> 1 share; P2: GT 50% -> 2, the odd 10% to the pool; P3: GT 20% +
    LPS 60% -> 4, its president (the first given the most); the pools' 50% and the odd
    10% -> 3; ten shares in all (the IPO's shares of GT and LPS go)."""
    cgr = company(formed, "CGR")
    assert cgr["shares"] == {"P1": 1, "P2": 2, "P3": 4, "pool": 3}
    assert cgr["president"] == "P3"
    # GT 90 and LPS 80: 85, below the lowest start, $100 on the top row
    assert (cgr["share_price"], cgr["par"], cgr["market"]) == (100, 100, [0, 4])
    assert formed["market_order"][-1] == "CGR"


def test_the_cgr_takes_the_cash_trains_rights_and_tokens(formed: JSON) -> None:
    cgr = company(formed, "CGR")
    assert cgr["treasury"] == 50 + 20 and cgr["trains"] == ["4", "5'"]
    assert cgr["finance"] == {"capitalisation": "full", "escrow": 0, "loans": 0,
                              "started": True, "permanent": True}
    assert {c["id"] for c in formed["companies"]} >= {"CPR", "CGR"}
    assert not {"GT", "LPS"} & {c["id"] for c in formed["companies"]}
    # one bridge right: LPS's second goes back to the bank
    assert {(b["hex"], b["company"]) for b in formed["bonus_tokens"]} == {
        ("P17", "CGR"), ("P19", "CGR")}
    assert next(p for p in formed["privates"] if p["id"] == "WSR")["owner"] is None
    # homes first (P9, C14), then Kitchener's two cities: one to remove; ten in all
    mine = {(t["hex"], t["city"]) for t in formed["tokens"] if t["company"] == "CGR"}
    assert mine == {("P9", 0), ("C14", 0), ("I12", 1), ("I12", 0)}
    assert cgr["tokens_left"] == 10 - 4 + 1
    # none of the merged has operated: the CGR operates right after CPR
    assert formed["operating_order"] == ["CPR", "CGR"]
    assert formed["turn"]["company"] == "CPR"


def test_the_cgr_president_removes_a_token_then_may_discard(formed: JSON) -> None:
    assert formed["game_round"]["formation"]["removing"] == ["I12"]
    refused(formed, {"type": "pass", "company": "CGR"}, "cgr/tokens_first")
    refused(formed, {"type": "remove_token", "company": "CGR", "hex": "P9", "city": 0},
            "cgr/not_this_token")
    removed = act(formed, {"type": "remove_token", "company": "CGR", "hex": "I12",
                           "city": 0})
    assert company(removed, "CGR")["tokens_left"] == 7  # it keeps ten: 3 placed
    assert API.legal_actions(removed) == [
        {"type": "pass", "company": "CGR"},
        {"type": "discard_train", "company": "CGR", "train": "4"}]
    refused(removed, {"type": "discard_train", "company": "CGR", "train": "5'"},
            "cgr/keeps_train")
    done = act(removed, {"type": "discard_train", "company": "CGR", "train": "4"})
    assert "formation" not in done["game_round"] and done["pool_trains"] == ["4"]
    assert done["turn"] == {"company": "CPR", "step": "buy_train", "tile_lays": 0,
                            "tokened": False, "special_tiles": []}


def test_a_president_pays_off_and_the_cgr_forms_from_the_others() -> None:
    """P2 pays GT's $150 beyond its $50; LPS alone merges: P3 3 shares, P1 1, the pool
    1, five in the IPO."""
    position = act(before_first_6(p2_cash=600), BUY_6)
    paid = act(position, pay_off("GT"))
    assert cash(paid, "P2") == 600 - 150
    assert company(paid, "GT")["treasury"] == 0
    assert company(paid, "GT")["finance"]["loans"] == 0
    formed = act(paid, merge("LPS"))
    assert company(formed, "CGR")["shares"] == {"P1": 1, "P3": 3, "ipo": 5, "pool": 1}
    assert formed["operating_order"] == ["CPR", "CGR", "GT"]


def test_none_merged_the_cgr_never_forms() -> None:
    position = act(before_first_6(p2_cash=600), BUY_6)
    after = act(act(position, pay_off("GT")), pay_off("LPS"))
    assert "formation" not in after["game_round"] and "ended" not in after
    assert all(c["id"] != "CGR" for c in after["companies"])


@pytest.fixture(scope="module")
def half() -> JSON:
    """GT merges alone, P2 holding 30% of it and P3 20%: one share each, P2 (first in
    seating order from P1) president with the certificate at half; LPS paid off."""
    state = API.load(before_first_6())
    gt = state.company("GT")
    assert gt is not None
    state = state.with_company(replace(gt, shares=(("P2", 3), ("P3", 2), ("ipo", 2),
                                                   ("pool", 3))))
    position = act(act(state.canonical().to_json(), BUY_6), merge("GT"))
    return act(position, pay_off("LPS"))


def _stock_turn(position: JSON, acting: str, p2_cash: int = 300) -> JSON:
    state = API.load(position)
    players = tuple(replace(p, cash=p2_cash) if p.id == "P2" else p for p in state.players)
    bank = state.bank + sum(p.cash for p in state.players) - sum(p.cash for p in players)
    return replace(state, players=players, bank=bank, turn=Turn(None, "stock"),
                   game=GameRound("stock", 6, "P1", acting=acting)).canonical().to_json()


def test_a_single_share_president_holds_the_certificate_at_half(half: JSON) -> None:
    """Nine shares in all until he buys the other half: the IPO one short."""
    cgr = company(half, "CGR")
    assert cgr["president"] == "P2" and cgr["finance"]["owes_share"]
    assert cgr["shares"] == {"P2": 1, "P3": 1, "pool": 2, "ipo": 5}
    assert certificates(TITLE, TITLE.whole, API.load(half), "P2") == 1  # type: ignore[arg-type]


def test_he_buys_his_second_share_first_in_the_next_stock_round(half: JSON) -> None:
    position = _stock_turn(half, "P2")
    refused(position, {"type": "pass", "player": "P2"}, "cgr/buys_his_share")
    refused(position, {"type": "buy_shares", "player": "P2", "company": "CPR",
                       "from": "ipo"}, "cgr/buys_his_share")
    after = act(position, {"type": "buy_shares", "player": "P2", "company": "CGR",
                           "from": "ipo"})
    cgr = company(after, "CGR")
    assert cgr["shares"] == {"P2": 2, "P3": 1, "pool": 2, "ipo": 5}  # the share stays
    assert "owes_share" not in cgr["finance"] and cash(after, "P2") == 300 - 100


def test_a_holder_buying_first_takes_the_presidency(half: JSON) -> None:
    after = act(_stock_turn(half, "P3"), {"type": "buy_shares", "player": "P3",
                                          "company": "CGR", "from": "pool"})
    cgr = company(after, "CGR")
    assert cgr["president"] == "P3" and cgr["shares"]["P3"] == 2 and cgr["shares"]["P2"] == 1
    assert "owes_share" not in cgr["finance"]


def test_a_president_who_cannot_raise_the_price_ends_the_game(half: JSON) -> None:
    ended = act(_stock_turn(half, "P1", p2_cash=0), {"type": "pass", "player": "P1"})
    assert ended["ended"] == "bankruptcy" and API.game_over(ended)


def test_twenty_shares_and_the_price_of_more_than_two() -> None:
    """51745's four companies (the platform's result): P3 110%, P4 80%, P2 90% and the
    pools' 90%: 5, 4 and 4 shares, 5 to the pool, 2 in the IPO of twenty; the prices
    90, 90, 90 and 175 less the lowest average 118, $115 rounded down, $110."""
    def co(cid: str, held: dict[str, int]) -> Company:
        return Company(cid, None, 0, 0, (), 90, shares=tuple(sorted(held.items())))
    state = API.load(new1856(["P1", "P2", "P3", "P4"]))
    merged = [co("GT", {"P3": 6, "P4": 1, "pool": 3}), co("TGB", {"P2": 2, "P3": 5, "P4": 1}),
              co("LPS", {"P2": 1, "P4": 6, "pool": 3}), co("WR", {"P2": 6, "pool": 3})]
    shares, president = exchange(state, CGR, "P3", merged)
    assert dict(shares) == {"P2": 4, "P3": 5, "P4": 4, "pool": 5, "ipo": 2}
    assert president == "P3"
    assert TITLE.market is not None
    assert start_cell(TITLE.market, CGR, [90, 90, 90, 175]) == (0, 5)  # $110
    assert start_cell(TITLE.market, CGR, [150, 175]) == (0, 7)  # 160 -> $150
    assert start_cell(TITLE.market, CGR, [100, 110]) == (0, 5)  # 105: a tie goes up


def test_the_formation_decisions_are_listed_exactly(deciding: JSON, formed: JSON) -> None:
    probes = [merge(c) for c in ("GT", "LPS", "CPR")] + \
        [pay_off(c) for c in ("GT", "LPS", "CPR")] + \
        [{"type": "remove_token", "company": "CGR", "hex": h, "city": n}
         for h in ("I12", "P9", "C14") for n in (0, 1)] + \
        [{"type": "pass", "company": c} for c in ("CGR", "CPR")]
    for position in (deciding, act(deciding, merge("GT")), formed):
        taken = [a for a in probes if _takes(position, a)]
        assert sorted(map(str, taken)) == sorted(map(str, API.legal_actions(position)))


@pytest.fixture(scope="module")
def settled(formed: JSON) -> JSON:
    """The formation over: I12's city 0 token removed, the 4 discarded."""
    removed = act(formed, {"type": "remove_token", "company": "CGR", "hex": "I12", "city": 0})
    return act(removed, {"type": "discard_train", "company": "CGR", "train": "4"})


def _cgr_turn(position: JSON, step: str, **changes: Any) -> JSON:
    """The CGR's own turn in ``step``, its record changed as given."""
    state = API.load(position)
    cgr = state.company("CGR")
    assert cgr is not None
    changed = replace(cgr, **changes)
    state = replace(state.with_company(changed), bank=state.bank - changed.treasury + cgr.treasury)
    turn = replace(state.turn, company="CGR", step=step, revenue=100 if step == "dividend" else 0)
    return replace(state, turn=turn).canonical().to_json()


def test_the_cgr_withholds_until_it_has_owned_a_permanent_train(settled: JSON) -> None:
    state = API.load(settled)
    cgr = state.company("CGR")
    assert cgr is not None and cgr.finance is not None
    position = _cgr_turn(settled, "dividend", finance=replace(cgr.finance, permanent=False))
    refused(position, {"type": "dividend", "company": "CGR", "kind": "payout"},
            "cgr/withholds")
    after = act(position, {"type": "dividend", "company": "CGR", "kind": "withhold"})
    assert company(after, "CGR")["share_price"] == 100  # its price stays
    assert company(act(_cgr_turn(settled, "dividend"), {
        "type": "dividend", "company": "CGR", "kind": "withhold"}), "CGR")["share_price"] < 100


def test_the_cgr_buys_permanent_trains_and_holds_three(settled: JSON) -> None:
    position = _cgr_turn(settled, "buy_train", treasury=1500, trains=("5'", "6"))
    refused(position, {"type": "buy_train", "company": "CGR", "train": "4", "from": "pool"},
            "cgr/permanent_only")
    third = act(position, {"type": "buy_train", "company": "CGR", "train": "6"})
    assert company(third, "CGR")["trains"] == ["5'", "6", "6"]
    refused(third, {"type": "buy_train", "company": "CGR", "train": "D"}, "train/limit")


def test_the_cgrs_twenty_shares_in_a_stock_round(settled: JSON) -> None:
    """Twenty shares of 5%: each half a certificate (the president's one), twelve at
    most a player, the price a row down for each 10% sold at once; the certificate
    limit is the table's for the ten companies left (three players: 25)."""
    state = API.load(settled)
    cgr = state.company("CGR")
    assert cgr is not None
    state = state.with_company(replace(cgr, shares=(("P1", 12), ("P3", 4), ("pool", 2),
                                                    ("ipo", 2)), president="P1"))
    state = replace(state, game=GameRound("stock", 6, "P1", acting="P1"),
                    turn=Turn(None, "stock"))
    assert TITLE.whole is not None
    # CPR's president's certificate and four shares; the CGR's and ten halves
    assert certificates(TITLE, TITLE.whole, state, "P1") == 5 + 1 + 10 * 0.5
    assert cert_limit(TITLE.whole, state) == 25 and len(state.companies) == 10
    position = state.canonical().to_json()
    refused(position, {"type": "buy_shares", "player": "P1", "company": "CGR",
                       "from": "ipo"}, "shares/holding_limit")
    one = act(position, {"type": "sell_shares", "player": "P1", "of": "CGR", "count": 1})
    assert company(one, "CGR")["market"] == [0, 4]
    two = act(position, {"type": "sell_shares", "player": "P1", "of": "CGR", "count": 2})
    assert company(two, "CGR")["market"] == [1, 4]
