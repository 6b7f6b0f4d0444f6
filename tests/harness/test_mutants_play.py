"""Every Rocket mutant is a plausible engine: it plays whole random games to an end
without crashing (a mutant that never ends a game models no real engine)."""

from __future__ import annotations

import random

import pytest

from oracle.harness.mutants import all_mutants
from oracle.rocket.playout import random_game
from oracle.rocket.setup import initial_state

ROCKET = sorted(m.name for m in all_mutants().values() if m.game == "rocket")


@pytest.mark.parametrize("name", ROCKET)
def test_the_mutant_finishes_random_games(name: str) -> None:
    rules = all_mutants()[name].make().rules
    for seed in range(3):
        final, actions = random_game(rules, initial_state(["a", "b", "c"]), random.Random(seed))
        assert final.over, f"{name}: seed {seed} did not end in {actions} actions"
