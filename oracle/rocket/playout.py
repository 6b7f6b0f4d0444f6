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
from itertools import compress

from oracle.rocket import fastplay
from oracle.rocket.actions import (
    Action,
    CallVeto,
    Concede,
    Defend,
    Move,
    MoveStation,
    Pass,
    PlaceStation,
    PlaceTile,
    TakeToken,
    VetoBid,
    VetoPass,
)
from oracle.rocket.rules import Rules
from oracle.rocket.rules.turn import Turn
from oracle.rocket.rules.veto import Veto
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    OVER,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    State,
)

_STATION_TRIES = 12
#: the six orders in which to try the three kinds of action
_KIND_ORDERS = tuple(itertools.permutations(("move", "station", "token")))


def pick_action(rules: Rules, state: State, rng: random.Random) -> Action:
    if state.phase == VETO_WINDOW:
        if rng.random() < 0.25:
            return CallVeto(rng.choice(state.players))
        return PlaceTile(state.players[state.active])
    if state.phase != ACTION:
        if _plain_veto_listing(rules):
            return _veto_choice(rules, state, rng)
        return rng.choice(rules.legal_actions(state))
    for kind in _KIND_ORDERS[int(rng.random() * 6)]:
        if kind == "move":
            move = _random_move(rules, state, rng)
            if move is not None:
                return move
        elif kind == "token":
            cities = list(compress(range(len(state.city_tokens)), state.city_tokens))
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


def _plain_veto_listing(rules: Rules) -> bool:
    """Whether ``rules`` lists the veto round's actions the way Turn and Veto do, so
    ``_veto_choice`` may pick from that list without building it."""
    cls = type(rules)
    plain = _PLAIN_VETO.get(cls)
    if plain is None:
        plain = _PLAIN_VETO[cls] = (
            cls.legal_actions is Turn.legal_actions and cls.iter_legal is Turn.iter_legal
            and cls._bids is Veto._bids and cls._defences is Veto._defences)
    return plain


_PLAIN_VETO: dict[type, bool] = {}


def _veto_choice(rules: Rules, state: State, rng: random.Random) -> Action:
    """``rng.choice(rules.legal_actions(state))`` in a veto round, the same draw from
    the same random stream, without building every bid: the list is a pass (or a
    concession) followed by the bids by shares, then by space (Veto._bids,
    Veto._defences), so the drawn index names its action. The hooks that size the
    list (payable, min_bid, veto_spaces) are still the rules' own."""
    p = state.pending
    assert p is not None
    li = state.line_index(p.line)
    if state.phase == VETO_BIDDING:
        pi = p.bidders[0]
        player = state.players[pi]
        top = min(state.holdings[pi].shares(li), rules.payable(state, pi, li))
        spaces = rules.veto_spaces(state)
        low = max(1, rules.min_bid(state))
        k = rng.choice(range(1 + max(0, top + 1 - low) * len(spaces)))
        if k == 0:
            return VetoPass(player)
        n, si = divmod(k - 1, len(spaces))
        return VetoBid(player, low + n, spaces[si])
    assert state.phase == VETO_DEFENCE and p.high is not None
    player = state.players[state.active]
    top = min(state.holdings[state.active].shares(li), rules.payable(state, state.active, li))
    k = rng.choice(range(1 + max(0, top + 1 - p.high.shares)))
    return Concede(player) if k == 0 else Defend(player, p.high.shares + k - 1, p.chosen)


def _random_move(rules: Rules, state: State, rng: random.Random) -> Action | None:
    """A random line that can move, then a random destination for it."""
    moved = state.moved
    lines = [ln.id for ln in state.lines if ln.status != DISSOLVED and ln.id not in moved]
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
            if rules.station_allowed(state, s, None):
                return PlaceStation(player, s)
        return None
    movable = [s for s in sorted(h.stations, key=state.board.space_order.__getitem__)
               if not rules.station_fixed(state, s)]
    if not movable:
        return None
    src = rng.choice(movable)
    for _ in range(_STATION_TRIES):
        s = rng.choice(spaces)
        if s != src and rules.station_allowed(state, s, src):
            return MoveStation(player, src, s)
    return None


def random_game(rules: Rules, start: State, rng: random.Random,
                max_actions: int = 5000, kernel: bool = True) -> tuple[State, int]:
    """Play to the end (or ``max_actions``); returns the final state and action count.
    The plain rules play on the kernel (oracle/rocket/fastplay), the same game faster;
    ``kernel=False`` (or any other rules) takes every action through ``rules._apply``."""
    if kernel and fastplay.covers(rules):
        return fastplay.random_game(start, rng, max_actions)
    state = start
    n = 0
    while state.phase != OVER and n < max_actions:
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
