"""1870's price protection (``whole/protection.py``): a sale's price drop waits until
the seller's turn is over; then the company's president may buy the shares sold at
their sale price (the price stays, and the turn goes on after him) or pass (the price
drops); the ledge holds one share's drop."""

from __future__ import annotations

from oracle.eighteen.titles.g1870 import TITLE
from oracle.eighteen.whole.protection import drop
from tests.eighteen.whole.play import buy, cash, pass_, refused, run, sell
from tests.eighteen.whole.play1870 import company, stock_round_2


def _sold() -> dict:  # type: ignore[type-arg]
    """P1 passes; P2 sells one MP share and ends his turn: P1 decides."""
    return run(stock_round_2(), [pass_("P1"), sell("P2", "MP", 1), pass_("P2")])


def test_the_drop_waits_for_the_president() -> None:
    position = run(stock_round_2(), [pass_("P1"), sell("P2", "MP", 1)])
    assert company(position, "MP")["share_price"] == 76  # not yet
    assert cash(position, "P2") == 576
    position = run(position, [pass_("P2")])
    game = position["game_round"]
    assert game["acting"] == "P1"
    assert game["protection"] == [{"company": "MP", "count": 1, "price": 76, "seller": "P2",
                                   "president": "P1"}]


def test_the_president_protects_the_price() -> None:
    position = run(_sold(), [buy("P1", "MP", "pool")])
    mp = company(position, "MP")
    assert mp["share_price"] == 76 and mp["market"] == [3, 6]
    assert mp["shares"]["P1"] == 6 and mp["shares"]["pool"] == 1
    assert cash(position, "P1") == 500 - 76
    # the protection is P1's act: the turn goes on after him, and the passes start again
    game = position["game_round"]
    assert game["acting"] == "P2" and game["passes"] == 0 and "protection" not in game


def test_the_president_declines_and_the_price_drops() -> None:
    position = run(_sold(), [pass_("P1")])
    mp = company(position, "MP")
    assert (mp["share_price"], mp["market"]) == (72, [4, 6])
    assert position["game_round"]["acting"] == "P3"  # after the seller


def test_while_he_decides_nothing_else_is_taken() -> None:
    position = _sold()
    refused(position, buy("P1", "MP", "ipo"), "shares/price_protection")
    refused(position, sell("P1", "MP", 1), "shares/price_protection")
    refused(position, pass_("P3"), "turn/not_acting_player")


def test_a_president_does_not_protect_his_own_sale() -> None:
    position = run(stock_round_2(), [sell("P1", "MP", 1), pass_("P1")])
    mp = company(position, "MP")
    assert mp["share_price"] == 72 and position["game_round"]["acting"] == "P2"


def test_a_president_without_the_cash_cannot_protect() -> None:
    position = stock_round_2()
    position["players"][0]["cash"] = 70
    position["bank"] += 430
    position = run(position, [pass_("P1"), sell("P2", "MP", 1), pass_("P2")])
    assert company(position, "MP")["share_price"] == 72
    assert position["game_round"]["acting"] == "P3"


def test_the_ledge_holds_one_shares_drop() -> None:
    """From a cell above the ledge (1870's ``ignore_one_sale`` cells) one share sold
    leaves the price; two move it two rows down; elsewhere each share a row."""
    market = TITLE.market
    assert market is not None
    above = (1, 16)  # 275; below it 250 on the ledge
    assert market.cell(2, 16).zone == "ignore_one_sale"  # type: ignore[union-attr]
    assert drop(market, above, 1) == above
    assert drop(market, above, 2) == (3, 16)
    assert drop(market, (3, 6), 2) == (5, 6)


def test_a_sale_that_passes_the_presidency_is_not_the_new_presidents_to_protect() -> None:
    """P1 sells four of his five MP units: P2 (two) becomes president. The new
    president takes control only once the sale is over, so he may not protect it (the
    rules, as tobymao/18xx issue #4598 quotes them; 18xx.games asks the old
    president, the seller, who cannot): the price drops at once, and the presidency
    stays with P2."""
    position = run(stock_round_2(), [sell("P1", "MP", 4)])
    assert position["game_round"]["protection"][0]["president"] == "P1"
    assert company(position, "MP")["president"] == "P2"
    position = run(position, [pass_("P1")])
    mp = company(position, "MP")
    assert (mp["share_price"], mp["market"], mp["president"]) == (60, [7, 6], "P2")
    game = position["game_round"]
    assert game["acting"] == "P2" and "protection" not in game  # his own turn, no decision
