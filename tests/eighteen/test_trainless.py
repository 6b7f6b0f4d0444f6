"""A company without trains pays nothing and its price falls as a withhold's does
(issue 30 item 2; 1830, a 1987 clarification: a trainless company's stock continues
to fall; the recorded games agree, real-turns note D3)."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.market import price
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.titles import TITLES
from tests.eighteen.test_operating import company, with_trains

JSON = dict[str, Any]


def priced(p: JSON, row: int = 0, column: int = 5) -> JSON:
    """PRR on a cell of the 1830 market, with that cell's price."""
    market = TITLES["1830"].market
    assert isinstance(market, MarketDef)
    company(p)["market"] = [row, column]
    company(p)["share_price"] = price(market, (row, column))
    return p


def test_a_trainless_company_moves_left_and_goes_to_buy_trains() -> None:
    p = priced(with_trains())
    company(p)["trains"] = []
    before = company(p)
    assert before["market"] is not None
    after = API.apply(p, {"type": "pass", "company": "PRR"})
    assert after["turn"]["step"] == "buy_train"
    moved = company(after)
    assert moved["market"][1] == before["market"][1] - 1
    assert moved["share_price"] < before["share_price"]
    assert moved["treasury"] == before["treasury"] and after["bank"] == p["bank"]
    assert API.conservation(p, after) == []


def test_a_company_with_trains_keeps_its_price_until_it_runs() -> None:
    p = priced(with_trains())
    after = API.apply(p, {"type": "pass", "company": "PRR"})
    assert after["turn"]["step"] == "route"
    assert company(after)["market"] == company(p)["market"]
