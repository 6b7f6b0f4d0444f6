"""What the depot sells (diesels from their phase) and trade-ins (issue 24 item 5,
issue 30 item 7): train_offer.py."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import balanced
from tests.eighteen.test_operating import DEPOT, act, company, refused, with_trains
from tests.eighteen.test_train_events import late_position

JSON = dict[str, Any]
LATE = {**DEPOT, "2": 0, "3": 0, "4": 0, "5": 0}


def late(phase: str, sixes: int, trains: list[str], treasury: int = 1200) -> JSON:
    p = with_trains("buy_train", {**LATE, "6": sixes})
    p["phase"] = phase
    company(p)["trains"] = trains
    company(p, "NYC")["trains"] = []
    company(p)["treasury"] = treasury
    return balanced(p)


def buys(p: JSON) -> list[JSON]:
    return [a for a in API.legal_actions(p) if a["type"] == "buy_train"]


def test_a_diesel_is_sold_in_phase_six_while_sixes_remain() -> None:
    """1830: diesels from phase 6 (tobymao g_1830 ``available_on: '6'``)."""
    p = late("6", 1, ["5"])
    assert {"type": "buy_train", "company": "PRR", "train": "D"} in buys(p)
    after = act(p, type="buy_train", train="D")
    assert after["phase"] == "D"
    assert company(after)["trains"] == ["5", "D"]
    assert company(after)["treasury"] == 1200 - 1100
    assert after["depot"]["6"] == 1


def test_a_diesel_before_phase_six_is_refused_naming_the_rule() -> None:
    p = late("5", 2, ["5"])
    assert refused(p, type="buy_train", train="D") == "train/not_yet_available"
    assert all(a["train"] != "D" for a in buys(p))
    assert refused(p, type="buy_train", train="4") == "train/not_available"


def test_a_trade_in_is_offered_and_costs_the_credit_less() -> None:
    """1830: a 4, 5 or 6 given in for a diesel, 300 off (tobymao ``discount``)."""
    p = late("6", 1, ["5", "6"], treasury=800)
    offered = buys(p)
    assert {"type": "buy_train", "company": "PRR", "train": "D", "trade_in": "5"} in offered
    assert {"type": "buy_train", "company": "PRR", "train": "D", "trade_in": "6"} in offered
    after = act(p, type="buy_train", train="D", trade_in="6")
    assert company(after)["trains"] == ["5", "D"]  # at the limit of 2 and still 2
    assert company(after)["treasury"] == 0
    assert after["bank"] == p["bank"] + 800
    assert refused(p, type="buy_train", train="D") == "train/limit"
    assert refused(p, type="buy_train", train="D", trade_in="4") == "train/not_held"


def test_a_trade_in_only_where_the_title_lists_it() -> None:
    p = late("6", 1, ["5"])
    assert refused(p, type="buy_train", train="6", trade_in="5") == "train/no_trade_in"
    p["pool_trains"] = ["D"]
    assert refused(p, type="buy_train", train="D", trade_in="5",
                   **{"from": "pool"}) == "train/no_trade_in"
    assert refused(p, type="buy_train", train="3", trade_in="5",
                   **{"from": "NYC", "price": 1}) == "train/no_trade_in"


def test_a_traded_train_round_trips_through_the_action_json() -> None:
    p = late("6", 1, ["4"])
    action = {"type": "buy_train", "company": "PRR", "train": "D", "trade_in": "4"}
    assert action in buys(p)
    after = API.apply(p, action)
    # the 4 was given in, and the diesel rusts every other 4 besides
    assert company(after)["trains"] == ["D"]
    assert API.conservation(p, after) == []


def test_a_player_count_without_starting_cash_is_refused() -> None:
    """1870 is for 2 to 6 players (the published rules' starting capital table and
    tobymao g_1870 STARTING_CASH): a seventh player gets no made-up cash."""
    seven = [f"P{i}" for i in range(1, 8)]
    with pytest.raises(MalformedInput) as err:
        API.new_game(seven, {"title": "1870"})
    assert err.value.field == "players"
    six = API.new_game(seven[:6], {"title": "1870"})
    assert {p["cash"] for p in six["players"]} == {350}


LATER = [(t.id, train.name, train.available_from) for t in TITLES.values()
         for train in t.trains if train.available_from and train.count != 0]
TRADES = [(t.id, train.name, given, off) for t in TITLES.values() for train in t.trains
          for given, off in train.trade_in]


def test_the_titles_with_later_trains_and_trade_ins() -> None:
    assert {t for t, _, _ in LATER} == {"1830", "1856", "18Kaas"}
    assert {t for t, _, _, _ in TRADES} == {"1830", "1856"}


def before_it(title_id: str, name: str) -> JSON:
    names = [t.name for t in TITLES[title_id].trains]
    return late_position(title_id, names[names.index(name) - 1])


@pytest.mark.parametrize(("title_id", "name", "phase"), LATER)
def test_each_later_train_is_sold_from_its_phase(title_id: str, name: str, phase: str
                                                 ) -> None:
    p = before_it(title_id, name)
    cid = p["turn"]["company"]
    action = {"type": "buy_train", "company": cid, "train": name}
    phases = [x.name for x in TITLES[title_id].phases]
    p["phase"] = phases[phases.index(phase) - 1]
    assert action not in API.legal_actions(p)
    with pytest.raises(IllegalAction) as err:
        API.apply(p, action)
    assert err.value.code == "train/not_yet_available"
    p["phase"] = phase
    assert action in API.legal_actions(p)
    assert name in company(API.apply(p, action), cid)["trains"]


@pytest.mark.parametrize(("title_id", "name", "given", "off"), TRADES)
def test_each_trade_in_takes_its_credit_off(title_id: str, name: str, given: str,
                                            off: int) -> None:
    p = before_it(title_id, name)
    cid = p["turn"]["company"]
    p["phase"] = next(t.available_from for t in TITLES[title_id].trains if t.name == name)
    company(p, cid)["trains"] = [given]
    action = {"type": "buy_train", "company": cid, "train": name, "trade_in": given}
    assert action in API.legal_actions(p)
    after = API.apply(p, action)
    price = next(t.price for t in TITLES[title_id].trains if t.name == name)
    assert company(after, cid)["treasury"] == 2000 - (price - off)
    assert company(after, cid)["trains"] == [name]
    assert API.conservation(p, after) == []
