"""The fast path's shortcuts give what the plain code they stand for gives
(docs/fuzz.md, "Speed"): each is compared here with that code, written out as it
was, on random positions."""

from __future__ import annotations

import dataclasses
import random

import pytest

from oracle.rocket.actions import Action, Move, MoveStation, PlaceStation, TakeToken
from oracle.rocket.holdings import add_token, set_line
from oracle.rocket.movement import GEOMETRY
from oracle.rocket.notation import default_board
from oracle.rocket.places import INDUSTRIES
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import ISOLATED, Holding, State

RULES = Rules()

_CITIES = ("Liverpool", "Manchester", "Hull", "York", "Leeds")


def _add_token_by_sorting(h: Holding, city: str, industry: str) -> Holding:
    """add_token as it was: count in a dict, then sort every entry."""
    counts = {(c, i): n for c, i, n in h.tokens}
    counts[(city, industry)] = counts.get((city, industry), 0) + 1
    return h._replace(tokens=tuple(sorted((c, i, n) for (c, i), n in counts.items())))


def test_add_token_equals_count_and_sort() -> None:
    rng = random.Random(7)
    industries = sorted(INDUSTRIES)
    for _ in range(300):
        h = Holding(0, (0,), (0,), frozenset(), (), 0)
        for _ in range(rng.randrange(0, 25)):
            city, industry = rng.choice(_CITIES), rng.choice(industries)
            want = _add_token_by_sorting(h, city, industry)
            h = add_token(h, city, industry)
            assert h == want
            assert list(h.tokens) == sorted(h.tokens)


class _GenericShare(Rules):
    """The plain rules, with ``take_share`` overridden (by itself): every shortcut
    guarded by that hook takes the generic path."""

    def take_share(self, state: State, pi: int, li: int) -> State:
        return super().take_share(state, pi, li)


def _games(seed: int, players: int, options: dict[str, object] | None
           ) -> list[list[tuple[State, Action]]]:
    rng = random.Random(seed)
    start = initial_state([f"p{i}" for i in range(1, players + 1)], options, default_board())
    return [list(random_trace(RULES, start, rng)) for _ in range(3)]


def _same_copy(a: State, b: State) -> None:
    """Equal positions carrying the same cached tables; ``a`` may carry destinations
    ``b`` does not, each what the search finds on a fresh copy."""
    assert a == b
    kept = a.__dict__.get("destination_cache", {})
    assert a.__dict__.keys() - {"destination_cache"} == b.__dict__.keys() - {"destination_cache"}
    for key, value in a.__dict__.items():
        if key != "destination_cache":
            assert value == b.__dict__[key], key
    fresh = dataclasses.replace(a)
    for (line_id, origin, heading), spaces in kept.items():
        assert list(spaces) == GEOMETRY._destinations(fresh, line_id, origin, heading)


@pytest.mark.parametrize(("seed", "players", "options"), [
    (1, 3, None), (2, 4, {"merger_lays_tile": False}), (3, 2, {"veto_shortfall": "refuse_bid"})])
def test_one_copy_move_equals_the_three_steps(seed: int, players: int,
                                               options: dict[str, object] | None) -> None:
    """Every move of random games, through the one copy and through the generic
    steps; the share's three cases (real, supplementary, none) all occur: each move
    of an active line is also tried with its pile emptied (a supplementary share)."""
    generic = _GenericShare()
    moves = carried = 0
    cases: set[str] = set()
    for trace in _games(seed, players, options):
        for state, action in trace:
            if not isinstance(action, Move):
                continue
            li = state.line_index(action.line)
            ln = state.lines[li]
            variants = [state]
            if ln.status != ISOLATED and ln.pile:
                variants.append(set_line(state, li, ln._replace(pile=0)))
            for position in variants:
                position.blocked  # noqa: B018 - tables built, as the playout has them
                position.destination_cache  # noqa: B018 - as the playout has it
                GEOMETRY.destinations(position, action.line)
                pi = position.players.index(action.player)
                after = RULES.do_move(position, pi, action)
                _same_copy(after, generic.do_move(position, pi, action))
                carried += bool(after.__dict__.get("destination_cache"))
                moves += 1
                mover = position.lines[li]
                cases.add("none" if mover.status == ISOLATED else
                          "real" if mover.pile else "supplementary")
    assert moves > 50 and carried > 10
    assert cases == {"none", "real", "supplementary"}


def test_blocked_is_places_track_and_locomotives() -> None:
    """State.blocked, built from the board's place set, is the three tables' spaces."""
    checked = 0
    for trace in _games(4, 3, None) + _games(5, 4, {"end_lines": "undissolved"}):
        for state, _ in trace:
            want = set(state.board.place_at) | set(state.track_owner) | set(state.loco_at)
            assert isinstance(state.blocked, frozenset)
            assert state.blocked == want
            checked += 1
    assert checked > 300


class _GenericEnd(Rules):
    """The plain rules, with ``end_reason`` overridden (by itself): a station or
    token action then takes the generic steps (set_holding, end_of_action)."""

    def end_reason(self, state: State) -> str | None:
        return super().end_reason(state)


@pytest.mark.parametrize(("seed", "players", "options"), [
    (6, 3, None), (7, 4, {"end_lines": "undissolved"}), (8, 2, None)])
def test_one_copy_station_and_token_equal_the_generic_steps(
        seed: int, players: int, options: dict[str, object] | None) -> None:
    """Every station and token action of random games, through the one copy (with
    the station table carried) and through the generic steps: the same position, the
    same cached tables, and a carried station table equal to a rebuilt one."""
    generic = _GenericEnd()
    seen: dict[str, int] = {}
    for trace in _games(seed, players, options):
        for state, action in trace:
            if not isinstance(action, PlaceStation | MoveStation | TakeToken):
                continue
            state.station_owner  # noqa: B018 - as the playout has it
            after = RULES._apply(state, action)
            _same_copy(after, generic._apply(state, action))
            if "station_owner" in after.__dict__:
                assert after.station_owner == dataclasses.replace(after).station_owner
            seen[action.type] = seen.get(action.type, 0) + 1
    assert set(seen) == {"place_station", "move_station", "take_token"}


@pytest.mark.parametrize(("seed", "players", "options"), [
    (4, 3, None), (5, 4, {"merger_lays_tile": False}), (6, 2, None)])
def test_destinations_carried_past_a_move_are_what_a_fresh_search_finds(
        seed: int, players: int, options: dict[str, object] | None) -> None:
    """After every action of random games (moves, tiles laid after the veto, mergers,
    isolations), each destination a position carries from the one before
    (``kept_destinations``: those no change of a line's places can reach) is what the
    search finds on a fresh copy; and most of a position's destinations are carried."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(1, players + 1)]
    carried = checked = 0
    for _ in range(3):
        state = initial_state(names, options, default_board())
        while not state.over:
            for line in state.lines:  # the listing fills every line's destinations
                GEOMETRY.destinations(state, line.id)
            before = state.__dict__["destination_cache"]
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
            kept = state.__dict__.get("destination_cache", {})
            fresh = dataclasses.replace(state)
            for (line_id, origin, heading), spaces in kept.items():
                assert list(spaces) == GEOMETRY._destinations(fresh, line_id, origin,
                                                              heading)
                checked += 1
                carried += before.get((line_id, origin, heading)) is spaces
    assert checked > 2000 and carried > 1000
