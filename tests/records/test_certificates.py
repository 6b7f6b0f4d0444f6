"""Where each share certificate of a record lies: the IPO, the pool or a player; a buy
from the IPO or the pool decided by it; the presidency changing hands; the tally held
against a position's ``shares`` counts."""

from __future__ import annotations

from oracle.records.certificates import IPO, POOL, Certificates


def test_par_and_buys_from_the_ipo() -> None:
    c = Certificates()
    c.par("P1", "PRR", "PRR_0")
    assert c.buy("P2", "PRR", "PRR_2") == IPO
    assert c.at("PRR_0") == "P1" and c.at("PRR_2") == "P2" and c.at("PRR_3") == IPO
    assert c.holding("PRR", "P1") == 2


def test_a_sold_share_is_bought_back_from_the_pool() -> None:
    c = Certificates()
    c.par("P1", "PRR", "PRR_0")
    c.buy("P2", "PRR", "PRR_2")
    c.sell("P2", "PRR", ["PRR_2"], 10)
    assert c.at("PRR_2") == POOL
    assert c.buy("P3", "PRR", "PRR_2") == POOL
    assert c.buy("P3", "PRR", "PRR_3") == IPO


def test_a_buyer_holding_more_than_the_president_takes_the_presidency() -> None:
    c = Certificates()
    c.par("P1", "BO", "B&O_0")
    for cert in ("B&O_1", "B&O_2", "B&O_3"):
        c.buy("P2", "BO", cert)
    assert c.at("B&O_0") == "P2"  # 30% against 20%: the president's certificate moves
    assert c.holding("BO", "P1") == 2 and c.holding("BO", "P2") == 3


def test_a_president_selling_the_presidency_hands_it_over() -> None:
    """Record 29133, action 257: three certificates listed (40%), 30% sold: the
    president's certificate goes to the other holder, two shares come back, one of
    them is sold."""
    c = Certificates()
    c.par("P2", "PRR", "PRR_0")
    for cert in ("PRR_3", "PRR_5"):
        c.buy("P2", "PRR", cert)
    for cert in ("PRR_1", "PRR_2", "PRR_4"):
        c.buy("P1", "PRR", cert)
    c.sell("P2", "PRR", ["PRR_3", "PRR_5", "PRR_0"], 30)
    assert c.at("PRR_0") == "P1"
    assert c.holding("PRR", "P2") == 1 and c.holding("PRR", "P1") == 3
    assert sum(1 for w in c.where.values() if w == POOL) == 3


def test_the_tally_is_held_against_the_positions_share_counts() -> None:
    c = Certificates()
    c.par("P1", "PRR", "PRR_0")
    c.buy("P2", "PRR", "PRR_2")
    c.sell("P2", "PRR", ["PRR_2"], 10)
    agree = {"companies": [{"id": "PRR", "shares": {"P1": 2, "ipo": 7, "pool": 1}}]}
    assert c.differences(agree) == []
    wrong = {"companies": [{"id": "PRR", "shares": {"P1": 2, "P2": 1, "ipo": 7}}]}
    assert c.differences(wrong) == ["PRR shares: record {'P1': 2, 'pool': 1} vs engine "
                                    "{'P1': 2, 'P2': 1}"]
