"""The fast path's caches are invisible: after every action of random games, each
table a position carries over from the one before (occupancy tables, station
owners, the destinations cache, the lines left) equals what a fresh copy of the same position
computes from scratch, the tables equal their definitions, and the position still
equals that copy and encodes the same (docs/fuzz.md, "Speed")."""

from __future__ import annotations

import dataclasses
import random

import pytest

from oracle.rocket import codec
from oracle.rocket.movement import GEOMETRY
from oracle.rocket.notation import default_board
from oracle.rocket.playout import pick_action
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import DISSOLVED, State

RULES = Rules()
_TABLES = ("track_owner", "loco_at", "line_presence", "blocked", "station_owner")


def _fresh(state: State) -> State:
    """The same position built anew: no table cached yet."""
    return dataclasses.replace(state)


def _tables_by_definition(state: State) -> tuple[dict[str, str], ...]:
    """track_owner, loco_at, line_presence as their docstrings define them."""
    track = {s: ln.id for ln in state.lines for s in ln.track}
    locos = {(ln.loco if ln.started and ln.loco else state.board.places[ln.id]): ln.id
             for ln in state.lines if ln.status != DISSOLVED}
    presence: dict[str, str] = {}
    for ln in state.lines:
        if ln.started and ln.status != DISSOLVED:
            presence.update({s: ln.id for s in ln.track})
            if ln.loco:
                presence[ln.loco] = ln.id
    return track, locos, presence


def _check(state: State) -> None:
    fresh = _fresh(state)
    assert (fresh.track_owner, fresh.loco_at, fresh.line_presence) == \
        _tables_by_definition(state)
    assert "destination_cache" not in fresh.__dict__
    assert fresh == state
    for name in _TABLES:
        if name in state.__dict__:  # carried over or computed on this position
            assert state.__dict__[name] == getattr(fresh, name), name
    # Every cached entry, carried or not, is what the search finds on the fresh copy.
    for (line_id, origin, heading), spaces in state.destination_cache.items():
        assert list(spaces) == GEOMETRY._destinations(fresh, line_id, origin, heading), (
            line_id, origin, heading)
    for end_lines, left in state.lines_left_cache.items():
        assert end_lines == state.options.end_lines
        assert left == RULES._count_lines_left(fresh)
    for ln in state.lines:
        if ln.status != DISSOLVED:
            assert RULES.destinations(state, ln.id) == GEOMETRY._destinations(
                fresh, ln.id, *_origin(fresh, ln.id)), ln.id
    assert codec.to_json(state) == codec.to_json(fresh)


def _origin(state: State, line_id: str) -> tuple[str, str | None]:
    ln = state.line(line_id)
    if not ln.started or ln.loco is None:
        return state.board.places[line_id], None
    return ln.loco, ln.heading


@pytest.mark.parametrize(("players", "options", "seed"), [
    (3, None, 1),
    (4, {"merger_lays_tile": False, "end_lines": "undissolved"}, 2),
    (2, {"veto_shortfall": "refuse_bid"}, 3),
])
def test_carried_tables_equal_fresh_ones(players: int, options: dict[str, object] | None,
                                         seed: int) -> None:
    rng = random.Random(seed)
    start = initial_state([f"p{i}" for i in range(1, players + 1)], options, default_board())
    for _ in range(2):
        state = start
        while not state.over:
            state = RULES._apply(state, pick_action(RULES, state, rng))
            _check(state)
