"""The train steps of the operating turn: run, dividend, buy train; the market."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API, EighteenAPI
from oracle.eighteen.model.market import move
from oracle.eighteen.model.records import MarketCell, MarketDef
from oracle.eighteen.model.state import State
from oracle.eighteen.operating import close_company, operating_order
from oracle.eighteen.rules import Rules
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import balanced
from tests.eighteen.test_route_queries import scranton_line

JSON = dict[str, Any]
DEPOT = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": None}


def with_trains(step: str = "token", depot: dict[str, int | None] | None = None) -> JSON:
    p = scranton_line()
    p["turn"]["step"] = step
    p["depot"] = dict(DEPOT if depot is None else depot)
    for c in p["companies"]:
        if c["id"] == "PRR":
            c["shares"] = {"P1": 6, "P2": 2, "ipo": 2}
    return p


def act(p: JSON, **action: Any) -> JSON:
    after = API.apply(p, {"company": "PRR", **action})
    assert API.conservation(p, after) == []
    return after


def refused(p: JSON, **action: Any) -> str:
    before = copy.deepcopy(p)
    with pytest.raises(IllegalAction) as err:
        API.apply(p, {"company": "PRR", **action})
    assert p == before
    return err.value.code


def company(p: JSON, cid: str = "PRR") -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def test_the_train_steps_follow_the_token_step_only_with_a_depot() -> None:
    assert act(with_trains(), type="pass")["turn"]["step"] == "route"
    old = scranton_line()
    old["turn"]["step"] = "token"
    assert API.apply(old, {"type": "pass", "company": "PRR"})["turn"]["company"] == "NYC"


def test_a_run_carries_its_revenue_to_the_dividend() -> None:
    p = act(with_trains(), type="pass")
    best = API.query(p, "routes", {"company": "PRR"})["routes"]
    after = act(p, type="run_routes", routes=best)
    assert after["turn"]["step"] == "dividend" and after["turn"]["revenue"] == 60
    assert refused(p, type="run_routes", routes=[{**best[0], "train": "2"}]) == "route/too_long"
    assert API.legal_actions(p)[-1] == {"type": "run_routes", "company": "PRR", "routes": best}


def dividend_step(revenue: int = 60) -> JSON:
    p = with_trains("dividend")
    p["turn"]["revenue"] = revenue
    return p


def test_payout_pays_holders_and_the_bank_keeps_ipo_shares() -> None:
    p = dividend_step()
    after = act(p, type="dividend", kind="payout")
    cash = {x["id"]: x["cash"] for x in after["players"]}
    assert cash["P1"] - 800 == 36 and cash["P2"] - 800 == 12
    assert company(after)["treasury"] == company(p)["treasury"]
    assert after["bank"] == p["bank"] - 48
    assert after["turn"]["step"] == "buy_train"


def test_withhold_and_half() -> None:
    after = act(dividend_step(), type="dividend", kind="withhold")
    assert company(after)["treasury"] == 560
    assert refused(dividend_step(), type="dividend", kind="half") == "dividend/not_allowed"


def test_buying_the_next_train() -> None:
    p = with_trains("buy_train", {**DEPOT, "2": 0})
    assert refused(p, type="buy_train", train="4") == "train/not_available"
    after = act(p, type="buy_train", train="3")
    assert company(after)["trains"] == ["2", "3", "3"] and company(after)["treasury"] == 320
    assert after["depot"]["3"] == 4
    full = copy.deepcopy(after)
    company(full)["trains"] = ["3", "3", "3", "3"]
    assert refused(full, type="buy_train", train="3") == "train/limit"


def test_the_first_four_starts_phase_four_and_rusts_the_twos() -> None:
    p = with_trains("buy_train", {**DEPOT, "2": 0, "3": 0})
    after = act(p, type="buy_train", train="4")
    assert after["phase"] == "4"
    assert company(after)["trains"] == ["3", "4"]
    assert company(after, "NYC")["trains"] == ["3"]


def test_the_forced_purchase() -> None:
    p = with_trains("buy_train", {**DEPOT, "2": 0})
    company(p)["trains"] = []
    company(p)["treasury"] = 100
    balanced(p)
    assert refused(p, type="pass") == "train/must_buy"
    after = act(p, type="buy_train", train="3")
    assert next(x for x in after["players"] if x["id"] == "P1")["cash"] == 800 - 80
    assert company(after)["treasury"] == 0
    company(p)["trains"] = ["2"]
    assert refused(p, type="buy_train", train="3") == "money/insufficient"


MARKET = MarketDef(((MarketCell(100), MarketCell(110), MarketCell(120)),
                    (MarketCell(90), MarketCell(100), None),
                    (MarketCell(80), None, None)))


def test_market_moves() -> None:
    assert move(MARKET, (1, 0), "right") == (1, 1)
    assert move(MARKET, (1, 1), "right") == (0, 1)  # no space right: up
    assert move(MARKET, (0, 2), "right") == (0, 2)  # neither: stays
    assert move(MARKET, (1, 0), "left") == (2, 0)  # no space left: down
    assert move(MARKET, (2, 0), "left") == (2, 0)


def test_a_dividend_moves_the_price_on_the_titles_market() -> None:
    t = TITLES["1830"]
    title = replace(t, market=MARKET)
    api = EighteenAPI(Rules({**TITLES, "1830": title}))
    p = dividend_step()
    company(p)["market"] = [1, 0]
    after = api.apply(p, {"type": "dividend", "company": "PRR", "kind": "payout"})
    assert company(after)["market"] == [1, 1] and company(after)["share_price"] == 100
    after = api.apply(p, {"type": "dividend", "company": "PRR", "kind": "withhold"})
    assert company(after)["market"] == [2, 0] and company(after)["share_price"] == 80


def test_operating_order_by_price_and_closing() -> None:
    p = with_trains()
    company(p, "NYC")["share_price"] = 90
    company(p)["share_price"] = 67
    state = State.from_json(p)
    assert operating_order(state) == ("NYC", "PRR")
    closed = close_company(state, "NYC")
    assert all(t.company != "NYC" for t in closed.tokens)
    assert closed.operating_order == ("PRR",)


@pytest.mark.parametrize("step", ["route", "dividend", "buy_train"])
def test_train_step_positions_round_trip(step: str) -> None:
    p = with_trains(step)
    company(p)["market"] = [0, 3]
    if step == "dividend":
        p["turn"]["revenue"] = 60
    API.validate(p)
    state = State.from_json(p)
    assert State.from_json(state.to_json()) == state
    assert API.canonical(p) == state.to_json()
    assert API.canonical(API.canonical(p)) == API.canonical(p)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["route", "dividend", "buy_train"]), st.integers(0, 500),
       st.lists(st.tuples(st.sampled_from(["P1", "P2", "P3", "ipo", "pool"]),
                          st.integers(0, 6)), max_size=5),
       st.one_of(st.none(), st.tuples(st.integers(0, 9), st.integers(0, 19))),
       st.dictionaries(st.sampled_from(list(DEPOT)), st.one_of(st.none(), st.integers(0, 6))))
def test_any_train_step_position_round_trips(step: str, revenue: int,
                                             shares: list[tuple[str, int]],
                                             market: tuple[int, int] | None,
                                             depot: dict[str, int | None]) -> None:
    p = with_trains(step, depot)
    company(p)["shares"] = dict(shares)
    if market is not None:
        company(p)["market"] = list(market)
    if step == "dividend":
        p["turn"]["revenue"] = revenue
    canonical = API.canonical(p)
    assert API.canonical(canonical) == canonical
    state = State.from_json(canonical)
    assert State.from_json(state.to_json()) == state
