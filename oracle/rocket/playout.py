"""Random complete games, for benchmarks and property tests.

The policy picks an action kind first (move a locomotive, place or move a
station, take a token), then one action of that kind (for a move: a random line
that can move, then a random space for it), so games progress the way
real ones do instead of shuffling stations forever. In a veto window it asks for
a veto round one time in four. Every action it picks is legal; it runs through
the unchecked fast path.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from oracle.rocket.actions import (
    Action,
    CallVeto,
    Move,
    MoveStation,
    Pass,
    PlaceStation,
    PlaceTile,
    TakeToken,
)
from oracle.rocket.rules import Rules
from oracle.rocket.state import ACTION, DISSOLVED, STATIONS_PER_PLAYER, VETO_WINDOW, State

_STATION_TRIES = 12
#: the six orders in which to try the three kinds of action
_KIND_ORDERS = tuple(itertools.permutations(("move", "station", "token")))


def pick_action(rules: Rules, state: State, rng: random.Random) -> Action:
    if state.phase == VETO_WINDOW:
        if rng.random() < 0.25:
            return CallVeto(rng.choice(state.players))
        return PlaceTile(state.players[state.active])
    if state.phase != ACTION:
        return rng.choice(rules.legal_actions(state))
    for kind in _KIND_ORDERS[int(rng.random() * 6)]:
        if kind == "move":
            move = _random_move(rules, state, rng)
            if move is not None:
                return move
        elif kind == "token":
            cities = [i for i, left in enumerate(state.city_tokens) if left]
            if cities:
                ci = rng.choice(cities)
                return TakeToken(state.players[state.active], state.board.cities[ci],
                                 rng.choice(state.city_tokens[ci]))
        else:
            station = _random_station(rules, state, rng)
            if station is not None:
                return station
    legal = rules.legal_actions(state)
    return legal[0] if legal else Pass(state.players[state.active])


def _random_move(rules: Rules, state: State, rng: random.Random) -> Action | None:
    """A random line that can move, then a random destination for it."""
    lines = [ln.id for ln in state.lines if ln.status != DISSOLVED and ln.id not in state.moved]
    cut = int(rng.random() * len(lines)) if lines else 0
    lines = lines[cut:] + lines[:cut]  # a random starting line, then round the table
    for line_id in lines:
        spaces = rules.destinations(state, line_id)
        if spaces:
            return Move(state.players[state.active], line_id, rng.choice(spaces))
    return None


def _random_station(rules: Rules, state: State, rng: random.Random) -> Action | None:
    player = state.players[state.active]
    h = state.holdings[state.active]
    spaces = state.board.open_land_sorted
    if len(h.stations) < STATIONS_PER_PLAYER:
        for _ in range(_STATION_TRIES):
            s = rng.choice(spaces)
            if rules.station_refusal(state, s, None) is None:
                return PlaceStation(player, s)
        return None
    movable = [s for s in sorted(h.stations, key=state.board.space_order.__getitem__)
               if not rules.station_fixed(state, s)]
    if not movable:
        return None
    src = rng.choice(movable)
    for _ in range(_STATION_TRIES):
        s = rng.choice(spaces)
        if s != src and rules.station_refusal(state, s, src) is None:
            return MoveStation(player, src, s)
    return None


def random_game(rules: Rules, start: State, rng: random.Random,
                max_actions: int = 5000) -> tuple[State, int]:
    """Play to the end (or ``max_actions``); returns the final state and action count."""
    state = start
    n = 0
    while not state.over and n < max_actions:
        state = rules._apply(state, pick_action(rules, state, rng))
        n += 1
    return state, n


def random_trace(rules: Rules, start: State, rng: random.Random,
                 max_actions: int = 5000) -> Sequence[tuple[State, Action]]:
    """Every (state before, action) of one random game."""
    out: list[tuple[State, Action]] = []
    state = start
    while not state.over and len(out) < max_actions:
        action = pick_action(rules, state, rng)
        out.append((state, action))
        state = rules._apply(state, action)
    return out
