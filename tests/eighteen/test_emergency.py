"""The emergency train purchase (issue 30 item 7: a president selling shares to buy a
train; the game ending inside a turn): emergency.py, 1830's rules."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import balanced
from tests.eighteen.test_operating import DEPOT, act, company, refused, with_trains

JSON = dict[str, Any]
SIXES = {**DEPOT, "2": 0, "3": 0, "4": 0, "5": 0, "6": 2}


def cell(p: JSON, cid: str, row: int, col: int) -> None:
    market = TITLES["1830"].market
    c = company(p, cid)
    c["market"] = [row, col]
    c["share_price"] = market.rows[row][col].price  # type: ignore[union-attr]


def short(cash: int = 200, treasury: int = 100) -> JSON:
    """PRR (P1) has no train and 100; the cheapest train is a 6 at 630; P1 has
    ``cash``, 6 PRR shares at 100 and 3 NYC shares at 90 (P2 presides NYC)."""
    p = with_trains("buy_train", SIXES)
    p["phase"] = "5"
    company(p)["trains"] = []
    company(p, "NYC")["trains"] = ["5"]
    company(p)["treasury"] = treasury
    company(p)["shares"] = {"P1": 6, "P2": 2, "ipo": 2}
    company(p, "NYC")["shares"] = {"P1": 3, "P2": 5, "ipo": 2}
    cell(p, "PRR", 0, 6)
    cell(p, "NYC", 1, 6)
    for x in p["players"]:
        if x["id"] == "P1":
            x["cash"] = cash
    return balanced(p)


def cash(p: JSON, pid: str = "P1") -> int:
    return int(next(x["cash"] for x in p["players"] if x["id"] == pid))


def test_the_president_sells_shares_then_buys_the_cheapest_train() -> None:
    p = short()
    assert refused(p, type="pass") == "train/must_buy"
    assert refused(p, type="buy_train", train="6") == "money/insufficient"
    legal = API.legal_actions(p)
    assert {"type": "sell_shares", "company": "PRR", "of": "NYC", "count": 3} in legal
    assert {"type": "bankrupt", "company": "PRR"} not in legal
    assert refused(p, type="bankrupt") == "shares/can_raise"
    p = act(p, type="sell_shares", of="NYC", count=3)
    assert cash(p) == 200 + 3 * 90
    nyc = company(p, "NYC")
    assert nyc["shares"] == {"P2": 5, "ipo": 2, "pool": 3}
    assert nyc["market"] == [4, 6] and nyc["share_price"] == 71  # down a row a share
    assert refused(p, type="sell_shares", of="PRR", count=2) == "shares/more_than_needed"
    p = act(p, type="sell_shares", of="PRR", count=1)
    assert company(p)["market"] == [1, 6] and company(p)["president"] == "P1"
    assert refused(p, type="sell_shares", of="PRR", count=1) == "shares/not_in_emergency"
    p = act(p, type="buy_train", train="6")
    assert company(p)["trains"] == ["6"] and company(p)["treasury"] == 0
    assert cash(p) == 200 + 270 + 100 - 530


def test_no_sale_without_an_emergency() -> None:
    p = short(cash=1000)
    assert refused(p, type="sell_shares", of="NYC", count=1) == "shares/not_in_emergency"
    q = short()
    company(q)["trains"] = ["5"]
    assert refused(q, type="sell_shares", of="NYC", count=1) == "shares/not_in_emergency"


def test_the_buying_companys_presidency_does_not_change() -> None:
    p = short(cash=0, treasury=0)
    company(p)["shares"] = {"P1": 3, "P2": 2, "ipo": 5}
    assert refused(p, type="sell_shares", of="PRR", count=2) == "shares/president_change"
    act(p, type="sell_shares", of="PRR", count=1)  # 2 left, still the most


def test_another_companys_presidency_may_pass_but_the_certificate_stays_out_of_the_pool(
        ) -> None:
    p = short(cash=0, treasury=0)
    company(p, "NYC")["president"] = "P1"
    company(p, "NYC")["shares"] = {"P1": 4, "P2": 3, "ipo": 3}
    after = act(p, type="sell_shares", of="NYC", count=2)
    assert company(after, "NYC")["president"] == "P2"
    company(p, "NYC")["shares"] = {"P1": 3, "P2": 1, "ipo": 6}
    assert refused(p, type="sell_shares", of="NYC", count=2) == \
        "shares/president_certificate"


def test_the_pool_holds_at_most_half() -> None:
    p = short(cash=0, treasury=0)
    company(p, "NYC")["shares"] = {"P1": 3, "P2": 3, "pool": 4}
    assert refused(p, type="sell_shares", of="NYC", count=2) == "shares/pool_limit"
    assert refused(p, type="sell_shares", of="BO", count=1) == "shares/not_held"


def test_bankruptcy_ends_the_game_inside_the_turn() -> None:
    p = short(cash=0, treasury=0)
    company(p)["shares"] = {"P1": 2, "ipo": 8}
    company(p, "NYC")["shares"] = {"P2": 5, "ipo": 5}
    assert API.legal_actions(p) == [{"type": "bankrupt", "company": "PRR"}]
    after = act(p, type="bankrupt")
    assert after["ended"] == "bankruptcy"
    assert after["turn"]["step"] == "done" and after["turn"]["company"] is None
    assert API.game_over(after) and API.legal_actions(after) == []
    assert refused(after, type="pass") == "turn/not_operating"


def test_the_president_helps_only_towards_the_cheapest_train() -> None:
    """1830 (Avalon Hill clarification): the cheapest train in the bank."""
    p = short(cash=2000)
    p["phase"] = "6"
    assert refused(p, type="buy_train", train="D") == "train/not_cheapest"
    company(p)["treasury"] = 1100
    act(balanced(p), type="buy_train", train="D")


def test_a_bankrupt_president_sells_what_he_may_and_his_cash_goes_to_the_company() -> None:
    """P1 has 50 and cannot raise the 630: his 3 NYC shares go to the pool at 90 (the
    price falls a row a share), his PRR certificate stays (no one can take it); the 320
    he then holds goes to PRR's treasury. The final values read so (a recorded 1830
    game that ends in a bankruptcy: real-games 29133)."""
    p = short(cash=50, treasury=0)
    company(p)["shares"] = {"P1": 2, "ipo": 8}
    company(p, "NYC")["shares"] = {"P1": 3, "P2": 5, "ipo": 2}
    after = act(p, type="bankrupt")
    nyc = company(after, "NYC")
    assert nyc["shares"] == {"P2": 5, "ipo": 2, "pool": 3}
    assert nyc["market"] == [4, 6]  # three rows down from [1, 6]
    assert company(after)["shares"] == {"P1": 2, "ipo": 8}
    assert next(x["cash"] for x in after["players"] if x["id"] == "P1") == 0
    assert company(after)["treasury"] == 50 + 3 * 90
    assert API.conservation(p, after) == []
