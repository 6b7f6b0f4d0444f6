"""1870 destinations and connection runs (DS-*): the engine below the scenarios."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from steps.eighteen_destinations import route_path
from tests.eighteen.positions import position

JSON = dict[str, Any]
#: Memphis (H17) -> Little Rock (H13) -> Fort Worth (J3): SSW's connection, 3 stops
LINE = [("H17", "57", 1), ("H15", "9", 1), ("H13", "57", 1), ("H11", "9", 1), ("H9", "8", 4),
        ("I8", "8", 1), ("I6", "9", 1), ("I4", "8", 4), ("J3", "57", 0)]
RUN = "H17 H15 H13* H11 H9 I8 I6 I4 J3"


def line(trains: tuple[str, ...] = ("3",), turn: tuple[str, str] = ("FW", "token"),
         **extra: Any) -> JSON:
    p = position("1870", "3", presidents={"SSW": ("P1", 500), "FW": ("P2", 500)}, tiles=LINE,
                 tokens=[("H17", 0, "SSW"), ("J3", 0, "FW")], turn=turn, order=["FW", "SSW"])
    for c in p["companies"]:
        if c["id"] == "SSW":
            c["trains"] = list(trains)
            c.update(extra)
    return p


def act(p: JSON, **action: Any) -> JSON:
    return API.apply(p, action)


def eligible(p: JSON, company: str = "SSW") -> bool:
    answer = API.query(p, "connection", {"company": company})
    return bool(answer["eligible"])


def test_eligibility_needs_a_long_enough_owned_train() -> None:
    assert eligible(line(("3",)))
    assert not eligible(line(("2",)))  # DS-06: three stops
    assert not eligible(line(()))  # DS-01: a train it owns
    assert not eligible(line(("3",), destination="charter", tokens_left=2))  # DS-09


def test_the_whole_run_round_trips_and_conserves() -> None:
    p = line()
    steps = [
        {"type": "pass", "company": "FW"},
        {"type": "place_token", "company": "SSW", "hex": "J3", "city": 0},
        {"type": "run_routes", "company": "SSW",
         "routes": [{"train": "3", "path": route_path(RUN)}]},
        {"type": "dividend", "company": "SSW", "kind": "withhold"},
    ]
    seen = []
    for action in steps:
        q = API.apply(p, action)
        assert API.conservation(p, q) == []
        assert API.canonical(copy.deepcopy(q)) == q
        legal = API.legal_actions(p)
        assert action in legal or action["type"] == "run_routes"
        seen.append(q["turn"]["step"])
        p = q
    assert seen == ["connection_token", "connection_route", "connection_dividend", "track"]
    ssw = next(c for c in p["companies"] if c["id"] == "SSW")
    assert ssw["destination"] == "placed" and ssw["treasury"] == 580  # 20 + 20 + 2 x 20
    assert p["turn"]["company"] == "SSW"


def test_destination_token_beyond_slots_validates_and_others_do_not() -> None:
    p = line(destination="placed")
    p["tokens"].append({"hex": "J3", "city": 0, "company": "SSW"})
    API.validate(p)
    q = line()
    q["tokens"].append({"hex": "J3", "city": 0, "company": "SSW"})
    q["companies"] = [dict(c, tokens_left=0) if c["id"] == "SSW" else c
                      for c in q["companies"]]
    with pytest.raises(MalformedInput):
        API.validate(q)


def test_refusals_leave_the_position_alone() -> None:
    p = act(line(), type="pass", company="FW")
    before = copy.deepcopy(p)
    for action, code in [
        ({"type": "run_routes", "company": "SSW", "routes": []}, "connection/token_first"),
        ({"type": "place_token", "company": "SSW", "hex": "H13", "city": 0},
         "connection/not_destination"),
        ({"type": "pass", "company": "FW"}, "connection/runs_first"),
    ]:
        with pytest.raises(IllegalAction) as err:
            API.apply(p, action)
        assert err.value.code == code
        assert p == before


def test_titles_without_connection_runs_are_untouched() -> None:
    p = position("1830", "3", presidents={"PRR": ("P1", 500)}, tokens=[("H12", 0, "PRR")],
                 turn=("PRR", "token"))
    assert act(p, type="pass", company="PRR")["turn"]["step"] == "done"
    assert API.query(p, "connection", {"company": "PRR"})["eligible"] is False


def test_a_normal_1870_run_may_pay_half_a_connection_run_may_not() -> None:
    normal = line(turn=("SSW", "dividend"), shares={"P1": 10})
    normal["turn"]["revenue"] = 80
    after = act(normal, type="dividend", company="SSW", kind="half")
    assert next(p for p in after["players"] if p["id"] == "P1")["cash"] == 740
    connection = line(turn=("SSW", "dividend"), shares={"P1": 10}, destination="charter",
                      tokens_left=2)
    connection["turn"].update(step="connection_dividend", revenue=80, after="FW")
    with pytest.raises(IllegalAction) as err:
        API.apply(connection, {"type": "dividend", "company": "SSW", "kind": "half"})
    assert (err.value.code, err.value.ruling) == ("dividend/not_allowed", "DS-16")


@pytest.mark.parametrize(("reading", "moved"), [("stays", False), ("right", True)])
def test_a_withheld_connection_run_moves_the_price_by_the_option(reading: str,
                                                                 moved: bool) -> None:
    """``connection_withhold``: the price stays (default) or moves right, as a payout's
    does (18xx.games); a payout moves it right in both readings."""
    for kind, expected in (("withhold", moved), ("payout", True)):
        p = line(market=[3, 6], share_price=76, shares={"P1": 6, "ipo": 4})
        p["options"]["connection_withhold"] = reading
        before = [3, 6]
        for action in ({"type": "pass", "company": "FW"},
                       {"type": "place_token", "company": "SSW", "hex": "J3", "city": 0},
                       {"type": "run_routes", "company": "SSW",
                        "routes": [{"train": "3", "path": route_path(RUN)}]},
                       {"type": "dividend", "company": "SSW", "kind": kind}):
            p = API.apply(p, action)
        after = next(c for c in p["companies"] if c["id"] == "SSW")["market"]
        assert (after != before) is expected, (kind, before, after)


def test_connection_withhold_is_for_titles_with_connection_runs() -> None:
    with pytest.raises(MalformedInput, match="connection_withhold"):
        API.new_game(["P1", "P2"], {"title": "1830", "connection_withhold": "right"})
