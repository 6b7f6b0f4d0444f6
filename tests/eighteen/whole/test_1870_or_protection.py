"""1870's price protection of a sale in an operating round (``whole/or_protection.py``):
a president who sells shares to buy his company's train is paid the current price,
the drop waits until the company's turn is over, then the sold company's president
buys the shares sold at that price (the price stays) or passes (it drops)."""

from __future__ import annotations

import copy

from oracle.eighteen.api import API
from tests.eighteen.whole.play import cash, pass_, refused, run
from tests.eighteen.whole.play1870 import company, stock_round_2

JSON = dict

SELL = {"type": "sell_shares", "company": "MP", "of": "GMO", "count": 2}
TRAIN = {"type": "buy_train", "company": "MP", "train": "2"}
END = {"type": "pass", "company": "MP"}
PROTECT = {"type": "buy_shares", "player": "P2", "company": "GMO", "from": "pool"}


def operating(p2_cash: int = 500) -> JSON:
    """MP's train step in an operating round: no train, no money, and its president P1
    has no cash; he holds two GMO shares (GMO at 76, its president P2)."""
    p = copy.deepcopy(stock_round_2())
    p["game_round"] = {"kind": "operating", "stock_round": 2, "priority": "P1",
                       "acting": None, "passes": 0}
    p["turn"] = {"company": "MP", "step": "buy_train", "tile_lays": 0, "tokened": False,
                 "special_tiles": []}
    p["round"] = {"operating": 1, "of": 1}
    p["operating_order"] = ["MP"]
    mp, gmo = company(p, "MP"), company(p, "GMO")
    p["bank"] += mp["treasury"] + cash(p, "P1") + cash(p, "P2") - p2_cash
    mp["treasury"] = 0
    gmo.update({"president": "P2", "par": 76, "market": [3, 6], "share_price": 76,
                "shares": {"P2": 3, "P1": 2, "ipo": 5}})
    for player in p["players"]:
        if player["id"] in ("P1", "P2"):
            player["cash"] = 0 if player["id"] == "P1" else p2_cash
    return API.canonical(p)


def test_the_emergency_sale_pays_now_and_the_drop_waits() -> None:
    p = API.apply(operating(), SELL)
    gmo = company(p, "GMO")
    assert gmo["share_price"] == 76 and gmo["shares"]["pool"] == 2
    assert cash(p, "P1") == 152
    assert p["game_round"]["protection"] == [
        {"company": "GMO", "count": 2, "price": 76, "seller": "P1", "president": "P2"}]
    assert p["game_round"]["acting"] is None  # the company's turn goes on


def test_at_the_turn_end_the_president_protects_and_the_price_stays() -> None:
    p = API.apply(API.apply(API.apply(operating(), SELL), TRAIN), END)
    assert p["game_round"]["acting"] == "P2"
    assert {a["type"] for a in API.legal_actions(p)} == {"pass", "buy_shares"}
    refused(p, {"type": "pass", "company": "MP"}, "shares/price_protection")
    p = API.apply(p, PROTECT)
    gmo = company(p, "GMO")
    assert gmo["share_price"] == 76 and gmo["market"] == [3, 6]
    assert gmo["shares"]["P2"] == 5 and "pool" not in gmo["shares"]
    assert cash(p, "P2") == 500 - 152
    # then play goes on: MP was the set's only company, so the next stock round
    assert "protection" not in p["game_round"] and p["game_round"]["kind"] == "stock"


def test_a_pass_lets_the_price_drop_two_rows() -> None:
    p = API.apply(API.apply(API.apply(operating(), SELL), TRAIN), END)
    assert company(p, "GMO")["market"] == [3, 6] and p["game_round"]["acting"] == "P2"
    p = run(p, [pass_("P2")])
    assert company(p, "GMO")["market"] == [5, 6]
    assert "protection" not in p["game_round"]


def test_a_president_without_the_cash_cannot_protect_the_price_drops_at_once() -> None:
    p = API.apply(API.apply(API.apply(operating(p2_cash=100), SELL), TRAIN), END)
    assert company(p, "GMO")["market"] == [5, 6]
    assert p["game_round"]["kind"] == "stock" and "protection" not in p["game_round"]


def test_his_own_sale_he_does_not_protect() -> None:
    p = operating()
    gmo = company(p, "GMO")
    gmo.update({"president": "P1", "shares": {"P1": 4, "P2": 1, "ipo": 5}})
    p = API.apply(API.canonical(p), SELL)
    p = API.apply(API.apply(p, TRAIN), END)
    assert company(p, "GMO")["market"] == [5, 6]


def test_a_sale_passing_the_presidency_the_new_president_does_not_protect() -> None:
    """P1, GMO's president with four units, sells two: P2 (three) takes the presidency,
    but not the decision on that sale (it was P1's, his own): the price drops."""
    p = operating()
    company(p, "GMO").update({"president": "P1", "shares": {"P1": 4, "P2": 3, "ipo": 3}})
    p = API.apply(API.canonical(p), SELL)
    assert company(p, "GMO")["president"] == "P2"
    assert p["game_round"]["protection"][0]["president"] == "P1"
    p = API.apply(API.apply(p, TRAIN), END)
    assert company(p, "GMO")["market"] == [5, 6] and company(p, "GMO")["president"] == "P2"
    assert "protection" not in p["game_round"]


def test_a_bankrupts_sell_off_leaves_the_prices() -> None:
    """The game ends at once: no president decides, so no sale's drop is made (the
    1870 bankruptcy record's final values); the share still goes to the pool."""
    p = operating()
    company(p, "GMO")["shares"] = {"P2": 3, "P1": 1, "ipo": 6}
    company(p, "MP")["shares"] = {"P1": 2, "P2": 2, "P3": 2, "pool": 2, "ipo": 2}
    p = API.apply(API.canonical(p), {"type": "bankrupt", "company": "MP"})
    gmo = company(p, "GMO")
    assert p["ended"] == "bankruptcy"
    assert gmo["market"] == [3, 6] and gmo["shares"]["pool"] == 1
