"""1870: a company buys back its own shares (``whole/buy_back.py``): on its
president's turn, as his only act, one share at the share price from the pool (while
it has one) or from a player; once a round, once it has operated, while its IPO and
its own holding are under four shares. Its own shares pay it dividends and count
as sold for the sold-out rise."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.whole import sequence
from tests.eighteen.whole.play import buy, cash, new, pass_, refused, run, sell
from tests.eighteen.whole.play1870 import buy_back, company, stock_round_2


def test_a_company_buys_back_a_share_from_the_pool() -> None:
    position = run(stock_round_2(), [buy_back("P1", "MP")])
    mp = company(position, "MP")
    assert mp["shares"] == {"P1": 5, "P2": 2, "P3": 1, "ipo": 1, "treasury": 1}
    assert mp["treasury"] == 600 - 76 and mp["share_price"] == 76
    game = position["game_round"]
    assert game["acting"] == "P2" and game["bought_back"] == ["MP"]
    assert game["last_actor"] == "P1" and game["passes"] == 0


def test_from_a_player_when_the_pool_has_none() -> None:
    position = stock_round_2()
    mp = company(position, "MP")
    mp["shares"] = {"P1": 5, "P2": 3, "P3": 1, "ipo": 1}
    refused(position, buy_back("P1", "MP"), "shares/none_available")
    position = run(position, [buy_back("P1", "MP", "P2")])
    assert company(position, "MP")["shares"]["P2"] == 2
    assert cash(position, "P2") == 576


@pytest.mark.parametrize(("change", "action", "code"), [
    (lambda p: None, buy_back("P1", "MP", "P2"), "shares/buy_back_source"),
    (lambda p: None, buy_back("P2", "MP"), "turn/not_acting_player"),
    (lambda p: p["game_round"].update(acting="P2"), buy_back("P2", "MP"),
     "shares/not_president"),
    (lambda p: company(p, "MP").update(first_round=True), buy_back("P1", "MP"),
     "shares/not_operated"),
    (lambda p: p["game_round"].update(bought_back=["MP"]), buy_back("P1", "MP"),
     "shares/bought_back"),
    (lambda p: company(p, "MP")["shares"].update(ipo=4, P1=2), buy_back("P1", "MP"),
     "shares/buy_back_limit"),
    (lambda p: company(p, "MP").update(treasury=70), buy_back("P1", "MP"),
     "money/insufficient"),
])
def test_refusals(change, action, code) -> None:  # type: ignore[no-untyped-def]
    position = stock_round_2()
    change(position)
    if company(position, "MP")["treasury"] == 70:
        position["bank"] += 530
    refused(position, action, code)


def test_it_is_the_presidents_only_act_of_the_turn() -> None:
    position = run(stock_round_2(), [buy("P1", "MP", "ipo")])
    refused(position, buy_back("P1", "MP"), "shares/buy_back_turn")
    position = run(stock_round_2(), [buy_back("P1", "MP")])
    refused(position, sell("P1", "MP", 1), "turn/not_acting_player")


def test_1830_has_no_buy_back() -> None:
    position = new()
    position["game_round"].update(kind="stock", stock_round=1, acting="P1")
    position["turn"]["step"] = "stock"
    refused(position, buy_back("P1", "PRR"), "shares/no_buy_back")


def test_its_own_shares_count_as_sold_for_the_rise() -> None:
    """The stock round's end moves up each company whose shares players or the
    company itself hold all of (1870: "all shares owned by players or the company",
    the fwtwr.com 1870 tables; 18xx.games counts them so too: the bankruptcy record's
    SLSF and GMO rise at action 391): a share in the IPO or the pool keeps it down."""
    state = API.load(run(stock_round_2(), [buy_back("P1", "MP")]))
    mp = state.company("MP")
    assert mp is not None
    for shares, moved in (((("P1", 6), ("P2", 3), ("treasury", 1)), True),
                          ((("P1", 6), ("P2", 2), ("treasury", 2)), True),
                          ((("P1", 6), ("P2", 3), ("ipo", 1)), False),
                          ((("P1", 6), ("P2", 3), ("pool", 1)), False),
                          ((("P1", 7), ("P2", 3)), True)):
        ended = sequence.end_stock_round(API.rules, state.with_company(
            replace(mp, shares=shares)))
        after = ended.company("MP")
        assert after is not None and (after.market != mp.market) is moved, shares


def test_its_own_shares_pay_it_dividends() -> None:
    from oracle.eighteen.model.market import RULE_1870
    from oracle.eighteen.operating import BANK_HOLDERS
    assert "treasury" in BANK_HOLDERS and "treasury" in RULE_1870.to_treasury


def test_pass_after_is_not_needed() -> None:
    position = run(stock_round_2(), [buy_back("P1", "MP"), pass_("P2")])
    assert position["game_round"]["acting"] == "P3"
