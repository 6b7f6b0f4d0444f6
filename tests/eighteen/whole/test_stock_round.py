"""1830's stock rounds (oracle/eighteen/whole/stock.py): par, buying from the IPO and
the pool, the float, selling and the price, the limits, the turn and the round's
end. The round starts after ``FACE_VALUE_AUCTION``: P1 600-20-160 = 420, P2 340, P3 530,
P4 490; P2 holds the B&O president's certificate at par 100; P1 a PRR share."""

from __future__ import annotations

import pytest

from oracle.eighteen.api import API
from tests.eighteen.whole.play import (
    act,
    buy,
    cash,
    company,
    par,
    pass_,
    refused,
    run,
    sell,
    stock_round_one,
)


def test_par_buys_the_presidents_certificate_at_twice_the_price() -> None:
    p = act(stock_round_one(), par("P3", "NYC", 67))
    nyc = company(p, "NYC")
    assert (nyc["president"], nyc["par"], nyc["share_price"], nyc["market"]) == (
        "P3", 67, 67, [5, 6])
    assert nyc["shares"] == {"P3": 2, "ipo": 8} and cash(p, "P3") == 530 - 134
    assert p["market_order"] == ["BO", "NYC"]
    refused(p, buy("P3", "NYC"), "shares/already_bought")
    assert API.legal_actions(p) == [pass_("P3")]  # no sale in the first stock round


def test_sixty_percent_sold_floats_the_company_with_ten_times_par() -> None:
    p = stock_round_one()
    p = run(p, [par("P3", "NYC", 67), pass_("P3")])
    for _ in range(4):
        for who in ("P4", "P1", "P2", "P3"):
            if company(p, "NYC")["shares"].get("ipo", 0) == 4:
                break
            p = run(p, [buy(who, "NYC"), pass_(who)])
    nyc = company(p, "NYC")
    assert nyc["shares"]["ipo"] == 4 and nyc["treasury"] == 670


def test_the_round_ends_when_all_pass_and_the_companies_operate_by_price() -> None:
    p = stock_round_one()
    p = run(p, [par("P3", "NYC", 67), pass_("P3"), par("P4", "PRR", 67), pass_("P4")])
    for who, what in [("P1", "NYC"), ("P2", "NYC"), ("P3", "NYC"), ("P4", "NYC"),
                      ("P1", "PRR"), ("P2", "PRR"), ("P3", "PRR")]:
        p = run(p, [buy(who, what), pass_(who)])
    assert company(p, "NYC")["treasury"] == 670 and company(p, "PRR")["treasury"] == 670
    p = run(p, [pass_("P4"), pass_("P1"), pass_("P2")])
    assert p["game_round"]["kind"] == "stock" and p["game_round"]["passes"] == 3
    p = act(p, pass_("P3"))
    assert p["game_round"] == {"kind": "operating", "stock_round": 1, "priority": "P4",
                               "acting": None, "passes": 0}
    # both at 67 in one cell: NYC came first (market_order) and operates first; the
    # B&O has not floated
    assert p["operating_order"] == ["NYC", "PRR"] and p["turn"]["company"] == "NYC"
    assert p["round"] == {"operating": 1, "of": 1}
    assert cash(p, "P1") == 420 - 67 - 67 + 5 + 25  # the SV and C&A paid as it began


def test_no_share_is_sold_in_the_first_stock_round() -> None:
    p = run(stock_round_one(), [pass_("P3"), pass_("P4"), pass_("P1")])
    refused(p, sell("P2", "BO", 1), "shares/first_round")


def test_shares_of_an_unstarted_company_are_not_for_sale() -> None:
    refused(stock_round_one(), buy("P3", "NYC"), "shares/not_started")
    refused(stock_round_one(), par("P3", "BO", 67), "shares/already_started")
    refused(stock_round_one(), par("P3", "NYC", 70), "shares/not_a_par_price")
    refused(stock_round_one(), buy("P3", "BO", "pool"), "shares/none_available")
    refused(stock_round_one(), par("P3", "NYC", 100) | {"player": "P4"},
            "turn/not_acting_player")


def test_player_actions_wait_for_the_stock_round() -> None:
    p = stock_round_one()
    refused(p, {"type": "bid", "player": "P3", "private": "SV", "price": 20},
            "round/not_auction")


def _second_round() -> dict:  # type: ignore[type-arg]
    """The position after the first stock round of the test above, moved on to the
    second stock round with P1 to act (a unit-test position: the operating round
    between them is another test's)."""
    p = stock_round_one()
    p = run(p, [par("P3", "NYC", 67), pass_("P3"), par("P4", "PRR", 67), pass_("P4")])
    for who, what in [("P1", "NYC"), ("P2", "NYC"), ("P3", "NYC"), ("P4", "NYC"),
                      ("P1", "PRR"), ("P2", "PRR"), ("P3", "PRR")]:
        p = run(p, [buy(who, what), pass_(who)])
    p = dict(p, game_round={"kind": "stock", "stock_round": 2, "priority": "P1",
                            "acting": "P1", "passes": 0},
             turn={"company": None, "step": "stock", "tile_lays": 0, "tokened": False,
                   "special_tiles": []})
    API.validate(p)
    return p


def test_each_share_sold_moves_the_price_down_a_row_and_bars_buying_it_back() -> None:
    p = act(_second_round(), sell("P1", "PRR", 2))  # the C&A share and one bought
    prr = company(p, "PRR")
    assert prr["market"] == [7, 6] and prr["share_price"] == prr["share_price"]
    assert prr["shares"]["pool"] == 2 and cash(p, "P1") == 286 + 2 * 67
    refused(p, buy("P1", "PRR", "pool"), "shares/sold_this_round")
    p = act(p, buy("P1", "NYC", "ipo"))
    refused(p, buy("P1", "NYC", "ipo"), "shares/already_bought")
    p = act(p, pass_("P1"))
    assert p["game_round"]["passes"] == 0 and p["game_round"]["acting"] == "P2"


def test_the_presidents_certificate_stays_out_of_the_pool() -> None:
    p = _second_round()
    p = run(p, [pass_("P1"), pass_("P2")])
    # P3 holds NYC's certificate and a share (3); every other holder one share
    refused(p, sell("P3", "NYC", 2), "shares/president_certificate")
    p = act(p, sell("P3", "NYC", 1))
    assert company(p, "NYC")["president"] == "P3"
    # P4 holds PRR's certificate; P1 two PRR shares, who takes it when P4 sells one
    p = run(p, [pass_("P3"), sell("P4", "PRR", 1)])
    assert company(p, "PRR")["president"] == "P1"
    assert company(p, "PRR")["shares"] == {"P1": 2, "P2": 1, "P3": 1, "P4": 1, "ipo": 4,
                                           "pool": 1}


def test_a_player_holding_more_than_the_president_takes_the_presidency() -> None:
    p = _second_round()
    p = run(p, [buy("P1", "PRR"), pass_("P1")])  # P1: the C&A share and two bought = 3
    assert company(p, "PRR")["president"] == "P1"


def test_the_pool_holds_at_most_half_a_company() -> None:
    p = _second_round()
    nyc = company(p, "NYC")
    assert nyc["shares"].get("pool", 0) == 0
    refused(p, sell("P1", "NYC", 2), "shares/not_held")


@pytest.mark.parametrize("first", ["NYC", "PRR"])
def test_sold_out_companies_move_up_keeping_their_order_in_the_cell(first: str) -> None:
    """Every share in players' hands: up a row at the round's end; two that shared a
    cell arrive in the new one in the order they had, and operate so."""
    p = _second_round()
    second = "PRR" if first == "NYC" else "NYC"
    for cid, holders in (("NYC", {"P3": 3, "P1": 3, "P2": 2, "P4": 2}),
                         ("PRR", {"P4": 3, "P1": 3, "P2": 2, "P3": 2})):
        company(p, cid)["shares"] = holders
    p["market_order"] = ["BO", first, second]
    p = run(p, [pass_("P1"), pass_("P2"), pass_("P3"), pass_("P4")])
    assert company(p, "NYC")["market"] == company(p, "PRR")["market"] == [4, 6]
    assert p["market_order"] == ["BO", first, second]
    assert p["operating_order"] == [first, second]
