"""Every option reading is a whole, terminating game (issue 14).

Random games under every combination of the declared options (both editions
included), on small random boards and on the default board, with the invariants
of ``tests/rocket/option_games.py`` checked after every action and a liveness
bound derived from the supply. The counts are printed at the end of the run.

RAILRULES_OPTION_GAMES sets the games per combination on small boards (default 1,
as CI runs it) and, times 24, the drawn games on the default board; the long sweep
in docs/rocket.md sets it to 20.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.rocket.notation import default_board
from oracle.rocket.options import SPECS
from tests.rocket.boards import small_boards
from tests.rocket.option_games import (
    OptionGame,
    all_combinations,
    option_games,
    play_checked,
    seeded_board,
)
from tests.sweep import tally

PER_COMBINATION = int(os.environ.get("RAILRULES_OPTION_GAMES", "1"))
COMBINATIONS = all_combinations()
DEFAULTS = {s.name: s.default for s in SPECS}
TALLY = tally("rocket", len(COMBINATIONS))


def _id(options: dict[str, Any]) -> str:
    changed = [f"{k}={v}" for k, v in options.items() if v != DEFAULTS[k]]
    return ",".join(changed) or "defaults"


@pytest.mark.parametrize("options", COMBINATIONS, ids=[_id(o) for o in COMBINATIONS])
def test_every_option_combination_plays_to_an_end(options: dict[str, Any]) -> None:
    index = COMBINATIONS.index(options)
    for k in range(PER_COMBINATION):
        seed = index * 1009 + k
        game = OptionGame(options, seeded_board(seed), 2 + seed % 3, seed)
        final = play_checked(game, TALLY)
        assert final.end_reason in ("tiles", "one_line")


def test_the_sweep_visits_every_value_of_every_option() -> None:
    seen = {s.name: {o[s.name] for o in COMBINATIONS} for s in SPECS}
    assert seen == {s.name: set(s.choices) for s in SPECS}
    assert len(COMBINATIONS) == len({tuple(sorted(o.items())) for o in COMBINATIONS})


@settings(max_examples=24 * PER_COMBINATION, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(option_games(boards=st.builds(default_board)))
def test_drawn_option_games_on_the_default_board(game: OptionGame) -> None:
    final = play_checked(game, TALLY)
    assert final.end_reason in ("tiles", "one_line")


@settings(max_examples=50 * PER_COMBINATION, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(option_games(boards=small_boards()))
def test_drawn_option_games_on_small_boards(game: OptionGame) -> None:
    final = play_checked(game, TALLY)
    assert final.end_reason in ("tiles", "one_line")
