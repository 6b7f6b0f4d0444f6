"""1870: a company whose price reaches a closing cell of the market closes at once
(``whole/closure.py``): its shares, price and president go, its tokens leave the map,
its cash goes to the bank, its trains to the open market, its privates close; it
never operates again (in its own turn the turn ends there); the certificate limits
fall to those of nine companies."""

from __future__ import annotations

import copy

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.titles.g1870 import WHOLE
from oracle.eighteen.whole.holdings import cert_limit
from tests.eighteen.whole.play import buy, cash, par, pass_, refused, run, sell
from tests.eighteen.whole.play1870 import company, stock_round_2

JSON = dict


def at_the_bottom() -> JSON:
    """Stock round 2, P1 to act: MP at $10 just above the closing cells (row 8, column
    1), with $600, a 2 train, its home token on C18 and the GRSC private."""
    position = copy.deepcopy(stock_round_2())
    company(position, "MP").update({"market": [8, 1], "share_price": 10, "trains": ["2"],
                                    "tokens_left": 2})
    position["tokens"].append({"hex": "C18", "city": 0, "company": "MP"})
    position["depot"]["2"] -= 1
    next(p for p in position["privates"] if p["id"] == "GRSC")["owner"] = "MP"
    return API.canonical(position)


def closed_in_the_stock_round() -> JSON:
    """P2 sells an MP share; P1, its president, lets the price drop: onto 0c."""
    return run(at_the_bottom(), [pass_("P1"), sell("P2", "MP", 1), pass_("P2"),
                                 pass_("P1")])


def test_a_sale_that_drops_the_price_onto_a_closing_cell_closes_the_company() -> None:
    before = at_the_bottom()
    position = closed_in_the_stock_round()
    mp = company(position, "MP")
    assert mp["closed"] is True
    assert (mp["president"], mp["treasury"], mp["trains"], mp["share_price"]) == \
        (None, 0, [], 0)
    assert "shares" not in mp and "market" not in mp
    assert mp["tokens_left"] == 3 and not any(t["company"] == "MP" for t in position["tokens"])
    assert position["pool_trains"] == ["2"]
    assert position["bank"] == before["bank"] + 600 - 10  # its cash; P2's sale
    grsc = next(p for p in position["privates"] if p["id"] == "GRSC")
    assert grsc["closed"] is True
    assert cash(position, "P2") == 510  # paid before the drop; the share is now worth 0
    slsf = 2 * company(position, "SLSF")["share_price"]  # P1's other shares; MP's: nothing
    assert API.scores(position)["values"]["P1"] == cash(position, "P1") + slsf
    assert position["game_round"]["acting"] == "P3"


def test_a_later_sale_of_a_company_closing_is_not_offered() -> None:
    """P2 sells MP twice in his turn: P1 lets the first drop onto 0c; the second sale
    is not his to decide (the company closes as the pass is over)."""
    position = run(at_the_bottom(), [pass_("P1"), sell("P2", "MP", 1), sell("P2", "MP", 1),
                                     pass_("P2")])
    assert position["game_round"]["acting"] == "P1"
    position = run(position, [pass_("P1")])
    assert company(position, "MP")["closed"] is True
    assert "protection" not in position["game_round"]
    assert position["game_round"]["acting"] == "P3"


def test_a_closed_company_is_out_of_the_game() -> None:
    position = closed_in_the_stock_round()
    refused(position, par("P3", "MP", 76), "shares/company_closed")
    refused(position, buy("P3", "MP", "pool"), "shares/company_closed")
    assert not any(a.get("company") == "MP" or a.get("of") == "MP"
                   for a in API.legal_actions(position))
    position = run(position, [pass_("P3"), pass_("P4"), pass_("P1"), pass_("P2")])
    assert position["game_round"]["kind"] == "operating"
    assert "MP" not in position["operating_order"]


def test_the_certificate_limit_falls_to_that_of_nine_companies() -> None:
    """Four players: 16 certificates with ten companies, 14 once one has closed (the
    fwtwr.com 1870 tables; 18xx.games alike)."""
    assert (WHOLE.cert_limit[4], WHOLE.closed_cert_limit[4]) == (16, 14)
    before = at_the_bottom()
    after = closed_in_the_stock_round()
    assert cert_limit(WHOLE, API.load(before)) == 16
    assert cert_limit(WHOLE, API.load(after)) == 14
    for position in (before, after):  # P3: 14 certificates; SP at 76 in the IPO
        for cid in ("GMO", "IC"):
            company(position, cid).update({"president": "P3", "par": 76, "market": [3, 6],
                                           "share_price": 76, "shares": {"P3": 6, "ipo": 4}})
        company(position, "SP").update({"president": "P4", "par": 76, "market": [3, 6],
                                        "share_price": 76, "shares": {"P4": 2, "ipo": 8}})
        company(position, "MKT").update({"president": "P3", "par": 76, "market": [3, 6],
                                         "share_price": 76, "shares": {"P3": 2, "ipo": 8}})
        for private in position["privates"]:
            if private["id"] in ("MKT", "GSC"):
                private["owner"] = "P3"
        position["game_round"]["acting"] = "P3"
    assert run(API.canonical(before), [buy("P3", "SP")])
    refused(API.canonical(after), buy("P3", "SP"), "shares/certificate_limit")


def operating(trains: list[str]) -> JSON:
    """MP's token step in an operating round, at $10 in row 8 column 1; GMO operates
    after it."""
    position = copy.deepcopy(at_the_bottom())
    position["game_round"] = {"kind": "operating", "stock_round": 2, "priority": "P1",
                              "acting": None, "passes": 0}
    position["turn"] = {"company": "MP", "step": "token", "tile_lays": 0,
                        "tokened": False, "special_tiles": []}
    position["round"] = {"operating": 1, "of": 2}
    position["operating_order"] = ["MP", "GMO"]
    company(position, "MP")["trains"] = trains
    position["depot"]["2"] += 1 - len(trains)
    company(position, "GMO").update({"president": "P2", "par": 76, "market": [3, 6],
                                     "share_price": 76, "shares": {"P2": 6, "ipo": 4}})
    return API.canonical(position)


def test_a_company_that_closes_in_its_turn_ends_it_there() -> None:
    """No train, so no run: the price moves left, onto 0c, and MP closes: it buys no
    train, and GMO operates next."""
    position = run(operating([]), [{"type": "pass", "company": "MP"}])
    assert company(position, "MP")["closed"] is True
    assert position["turn"]["company"] == "GMO"
    assert position["operating_order"] == ["GMO"]


def test_a_closed_company_has_nothing() -> None:
    position = closed_in_the_stock_round()
    company(position, "MP")["treasury"] = 5
    position["bank"] -= 5
    with pytest.raises(MalformedInput, match=r"companies\.MP\.closed"):
        API.load(position)
