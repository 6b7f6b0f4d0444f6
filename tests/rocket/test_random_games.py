"""Random legal games: conservation after every action, nothing impossible reached,
and ``apply`` accepting exactly what ``legal_actions`` lists.

The number of games scales with RAILRULES_GAMES (default 200 per test; CI runs more).
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket import codec, invariants
from oracle.rocket.actions import Action, Move, PlaceStation, TakeToken
from oracle.rocket.board import Board
from oracle.rocket.conservation import violations
from oracle.rocket.notation import default_board
from oracle.rocket.playout import pick_action
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State
from tests.rocket.boards import small_boards
from tests.rocket.helpers import RULES

GAMES = int(os.environ.get("RAILRULES_GAMES", "200"))
PLAYERS = st.integers(2, 4)
SEEDS = st.integers(0, 2**32 - 1)


def play_checked(board: Board, players: int, seed: int, max_actions: int = 3000,
                 json_every: int = 16) -> State:
    """After every action: totals add up (check_consistent: shares, tiles, stations,
    tokens, passengers, money) and nothing that only grows shrank, nor grew what only
    shrinks (the rule the JSON conservation check applies: invariants.changes); every
    ``json_every`` actions the same invariants are checked again on the canonical
    JSON, as for any engine."""
    rng = random.Random(seed)
    state = initial_state([f"p{i}" for i in range(1, players + 1)], None, board)
    sampled = codec.to_json(state)
    counted = invariants.of_state(state)  # each position's counts taken once
    for n in range(max_actions):
        if state.over:
            break
        action = pick_action(RULES, state, rng)
        after = RULES.apply(state, action)  # the checked path
        codec.check_consistent(after)
        now_counted = invariants.of_state(after)
        assert invariants.changes(counted, now_counted) == [], action
        state, counted = after, now_counted
        if n % json_every == 0 or state.over:
            now = codec.to_json(state)
            assert violations(sampled, now) == [], action
            sampled = now
    return state


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_on_the_default_board_conserve_everything(players: int, seed: int) -> None:
    final = play_checked(default_board(), players, seed)
    assert final.over
    assert final.end_reason in ("tiles", "one_line")


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=small_boards(), players=PLAYERS, seed=SEEDS)
def test_random_games_on_small_boards_conserve_everything(board: Board, players: int,
                                                          seed: int) -> None:
    final = play_checked(board, players, seed)
    # Liveness: small boards box lines in often; the game still ends (issue 14). The
    # supply-derived bound is checked in tests/rocket/test_option_space.py.
    assert final.over
    assert final.end_reason in ("tiles", "one_line")


def _candidates(state: State, rng: random.Random) -> list[Action]:
    """Actions worth trying: legal ones and near misses."""
    player = state.players[state.active]
    spaces = sorted(state.board.land)
    out: list[Action] = []
    for ln in state.board.lines:
        out.extend(Move(player, ln, rng.choice(spaces)) for _ in range(3))
    out.extend(PlaceStation(player, rng.choice(spaces)) for _ in range(3))
    for city in state.board.cities:
        out.append(TakeToken(player, city, rng.choice(["steel", "brewing", "leather",
                                                       "textiles"])))
    return out


@settings(max_examples=max(20, GAMES // 5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(board=small_boards(), seed=SEEDS)
def test_apply_accepts_exactly_the_legal_actions(board: Board, seed: int) -> None:
    rng = random.Random(seed)
    state = initial_state(["p1", "p2", "p3"], None, board)
    for _ in range(60):
        if state.over:
            break
        legal = RULES.legal_actions(state)
        legal_set = set(legal)
        for candidate in _candidates(state, rng) + legal[:5]:
            try:
                RULES.apply(state, candidate)
                accepted = True
            except (IllegalAction, MalformedInput):
                accepted = False
            assert accepted == (candidate in legal_set), candidate
        state = RULES.apply(state, pick_action(RULES, state, rng))


@settings(max_examples=max(20, GAMES // 4), deadline=None)
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(0, 250))
def test_positions_round_trip_through_canonical_json(players: int, seed: int,
                                                     steps: int) -> None:
    rng = random.Random(seed)
    state = initial_state([f"p{i}" for i in range(1, players + 1)])
    for _ in range(steps):
        if state.over:
            break
        state = RULES._apply(state, pick_action(RULES, state, rng))
    data = codec.to_json(state)
    again = codec.from_json(data)
    assert again == state
    assert codec.to_json(again) == data
