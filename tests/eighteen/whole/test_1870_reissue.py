"""1870: a company reissues the shares it bought back (``whole/reissue.py``): on its
president's stock turn, all of them back in its IPO at a new par price (the top-row
price nearest three quarters of the share price, or the old par if higher), while
its IPO is empty; their money then goes to the company; the turn ends."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.titles.g1870 import TITLE
from oracle.eighteen.whole.reissue import issue_price
from tests.eighteen.whole.play import buy, cash, new, pass_, refused, run, sell
from tests.eighteen.whole.play1870 import company, stock_round_2

JSON = dict


def reissue(player: str, company_id: str = "MP") -> JSON:
    return {"type": "reissue", "player": player, "company": company_id}


def bought_back(price: int = 140, cell: tuple[int, int] = (0, 9), **options: str) -> JSON:
    """Stock round 2, P1 to act: MP (par 76) at ``price`` holds two of its own shares
    and none is on sale in its IPO; the pool has one."""
    position = stock_round_2(**options)
    company(position, "MP").update({"market": list(cell), "share_price": price,
                                    "shares": {"P1": 5, "P2": 2, "pool": 1, "treasury": 2}})
    return API.canonical(position)


@pytest.mark.parametrize(("price", "cap", "par"), [
    (140, None, 110),   # 105: 100 and 110 as near, the higher
    (120, None, 90),    # 90 exactly
    (300, None, 225),   # tobymao/18xx issue #5060's example
    (300, 200, 200),    # W. R. Dixon's original rules: at most $200
    (76, None, 76),     # 57: below the old par, which stays
    (400, None, 300),
])
def test_the_new_par_price(price: int, cap: int | None, par: int) -> None:
    assert TITLE.market is not None
    assert issue_price(TITLE.market, price, 76, 75, cap) == par


def test_the_company_puts_its_own_shares_on_sale_again() -> None:
    before = bought_back()
    position = run(before, [reissue("P1")])
    mp = company(position, "MP")
    assert mp["shares"] == {"P1": 5, "P2": 2, "pool": 1, "ipo": 2}
    assert mp["par"] == 110 and mp["share_price"] == 140 and mp["market"] == [0, 9]
    assert mp["finance"]["capitalisation"] == "incremental"
    assert mp["treasury"] == 600 and position["bank"] == before["bank"]  # nothing paid
    game = position["game_round"]  # his turn is over, as an act
    assert game["acting"] == "P2" and game["last_actor"] == "P1" and game["passes"] == 0
    # the reissued shares sell at the new par, and the money goes to the company
    position = run(position, [buy("P2", "MP", "ipo")])
    assert company(position, "MP")["treasury"] == 710 and cash(position, "P2") == 390


def test_under_the_original_rules_the_par_is_at_most_200() -> None:
    position = run(bought_back(300, (0, 16), reissue_par_cap="200"), [reissue("P1")])
    assert company(position, "MP")["par"] == 200
    position = run(bought_back(300, (0, 16)), [reissue("P1")])
    assert company(position, "MP")["par"] == 225


@pytest.mark.parametrize(("shares", "action", "code"), [
    ({"P1": 5, "P2": 2, "pool": 1, "treasury": 2}, reissue("P2"), "turn/not_acting_player"),
    ({"P1": 5, "P2": 2, "pool": 3}, reissue("P1"), "shares/none_to_reissue"),
    ({"P1": 5, "P2": 2, "ipo": 1, "treasury": 2}, reissue("P1"), "shares/reissue_ipo"),
    ({"P1": 2, "P2": 5, "pool": 1, "treasury": 2}, reissue("P1"), "shares/not_president"),
])
def test_refusals(shares: dict[str, int], action: JSON, code: str) -> None:
    position = bought_back()
    mp = company(position, "MP")
    mp["shares"] = shares
    if shares["P2"] == 5:
        mp["president"] = "P2"
    refused(position, action, code)


def test_1830_has_no_reissue() -> None:
    position = new()
    position["game_round"].update(kind="stock", stock_round=1, acting="P1")
    position["turn"]["step"] = "stock"
    refused(position, reissue("P1", "PRR"), "shares/no_reissue")
    with pytest.raises(MalformedInput, match="reissue_par_cap"):
        new(reissue_par_cap="200")


def test_listed_exactly_when_it_may_be_done() -> None:
    def offered(position: JSON) -> list[JSON]:
        return [a for a in API.legal_actions(position) if a["type"] == "reissue"]
    assert offered(bought_back()) == [reissue("P1")]
    assert offered(stock_round_2()) == []  # nothing bought back, and the IPO has a share
    assert offered(run(bought_back(), [pass_("P1")])) == []  # P2 is no president


def test_after_his_sale_the_reissue_ends_the_turn_and_protection_comes_first() -> None:
    """As 18xx.games plays it, the reissue may follow the president's own sales in
    his turn (it ends the turn); the sales then wait on their presidents."""
    position = stock_round_2()
    gmo = company(position, "GMO")
    gmo.update({"president": "P2", "par": 76, "market": [3, 6], "share_price": 76,
                "shares": {"P2": 3, "P1": 2, "ipo": 5}})
    company(position, "MP")["shares"] = {"P1": 5, "P2": 2, "pool": 1, "treasury": 2}
    position = run(API.canonical(position), [sell("P1", "GMO", 1), reissue("P1")])
    game = position["game_round"]
    assert game["acting"] == "P2" and game["protection"][0]["company"] == "GMO"
    assert company(position, "MP")["shares"]["ipo"] == 2
