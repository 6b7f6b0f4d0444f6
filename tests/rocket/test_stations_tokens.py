"""Stations (SR-STA-*) and city tokens."""

from __future__ import annotations

import random

import pytest

from oracle.core.errors import IllegalAction
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from tests.rocket.helpers import act, drawn

BOARD = """
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO .  .  .  .  .
C  .  .  .  .  .  .  .
D   LO .  .  .  .  DO .
"""


@pytest.mark.parametrize(("space", "code"), [
    ("B2", "station/onto_place"), ("A2", "station/next_to_locomotive"),
    ("Z9", None), ("A9", "station/off_board")])
def test_where_stations_may_not_go(space: str, code: str | None) -> None:
    if code is None:
        with pytest.raises(ValueError):
            act(drawn(BOARD), type="place_station", player="p1", to=space)
        return
    with pytest.raises(IllegalAction) as err:
        act(drawn(BOARD), type="place_station", player="p1", to=space)
    assert err.value.code == code


def test_stations_keep_apart() -> None:
    s = act(drawn(BOARD), type="place_station", player="p1", to="B4")
    with pytest.raises(IllegalAction) as err:
        act(s, type="place_station", player="p1", to="B5")
    assert err.value.code == "station/next_to_station"
    s = act(s, type="place_station", player="p1", to="B6")  # two apart is fine
    assert s.holdings[0].stations == {"B4", "B6"}


def test_seven_stations_and_never_more() -> None:
    big = "\n".join(f"{chr(65 + r)}  " + ("   " if r % 2 else "") + "  ".join(["."] * 13)
                    for r in range(9)) + "\nJ  YO .  .  .  LO .  .  .  DO"
    s = drawn(big)
    spaces = ["A1", "A4", "A7", "A10", "A13", "C1", "C4"]
    for i, sp in enumerate(spaces):
        s = s.evolve(active=0, actions_taken=0)
        s = act(s, type="place_station", player="p1", to=sp)
        assert len(s.holdings[0].stations) == i + 1
    s = s.evolve(active=0, actions_taken=0)
    with pytest.raises(IllegalAction) as err:
        act(s, type="place_station", player="p1", to="C10")
    assert (err.value.code, err.value.ruling) == ("station/none_left", "SR-STA-02")


def test_only_stations_in_the_open_move() -> None:
    s = drawn("""
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO y=1 y@ .  .4 .
C  .  .  .  .  .  .  .
D   LO .  .  .1 .  DO .
""", players=4)
    with pytest.raises(IllegalAction) as err:
        act(s, type="move_station", player="p1", **{"from": "B3"}, to="C6")
    assert (err.value.code, err.value.ruling) == ("station/fixed", "SR-STA-01")
    s = act(s, type="move_station", player="p1", **{"from": "D4"}, to="C1")
    assert s.holdings[0].stations == {"B3", "C1"}
    with pytest.raises(IllegalAction) as err:
        act(s, type="move_station", player="p1", **{"from": "B6"}, to="D3")
    assert err.value.code == "station/not_yours"


def test_taking_city_tokens() -> None:
    s = drawn(BOARD)
    london = s.city_tokens[s.board.cities.index("london")]
    assert sorted(london) == ["steel", "steel", "textiles"]
    s = act(s, type="take_token", player="p1", city="london", industry="textiles")
    assert s.holdings[0].tokens == (("london", "textiles", 1),)
    s = act(s, type="take_token", player="p1", city="london", industry="steel")
    with pytest.raises(IllegalAction) as err:
        act(s, type="take_token", player="p2", city="london", industry="textiles")
    assert err.value.code == "token/not_available"


def test_listed_station_spaces_are_exactly_those_the_refusal_allows() -> None:
    """The legal-actions listing (station_spaces, one set per position), the check
    (station_refusal, one space at a time) and the playouts' yes-or-no test
    (station_allowed) agree on every space of random positions."""
    rules = Rules()
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    for seed in range(3):
        for n, (state, _) in enumerate(random_trace(rules, start, random.Random(seed))):
            if n % 7:
                continue
            spaces = state.board.open_land_sorted
            movers = [None, *sorted(state.station_owner)]
            for moving in movers:
                expected = [s for s in spaces if rules.station_refusal(state, s, moving) is None]
                assert rules.station_spaces(state, moving) == expected, (seed, n, moving)
                allowed = [s for s in spaces if rules.station_allowed(state, s, moving)]
                assert allowed == expected, (seed, n, moving)
