"""The Rocket bench figures: rates on the playout kernel, and the kernel's speed-up
over the rules path measured on the same seeded games in alternated rounds."""

from __future__ import annotations

import random

import pytest

from oracle.harness import bench_rocket
from oracle.rocket import playout
from oracle.rocket.notation import default_board
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def test_the_figures_are_reported() -> None:
    figures = bench_rocket.rocket_figures(10, rounds=2)
    assert figures["rocket_games"] == 10
    assert figures["rocket_games_per_s"] > 0 and figures["rocket_rules_games_per_s"] > 0
    assert len(figures["rocket_kernel_speedup_rounds"]) == 2
    assert figures["rocket_kernel_speedup"] > 0


def test_the_speedup_plays_the_same_games_both_ways_alternately(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[bool, int]] = []
    real = playout.random_game

    def spy(rules: Rules, start: State, rng: random.Random, max_actions: int = 5000,
            kernel: bool = True) -> tuple[State, int]:
        played.append((kernel, rng.getrandbits(32)))  # which seed: its first draw
        return real(rules, start, rng, max_actions, kernel=kernel)

    monkeypatch.setattr(bench_rocket, "random_game", spy)
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    figures = bench_rocket._kernel_speedup(Rules(), start, games=2, rounds=3)
    assert [k for k, _ in played] == [True, True, False, False,   # kernel first
                                      False, False, True, True,   # then the rules first
                                      True, True, False, False]
    for r in range(3):  # each round's two halves play the same seeds
        first, second = played[4 * r:4 * r + 2], played[4 * r + 2:4 * r + 4]
        assert [s for _, s in first] == [s for _, s in second]
    assert len(figures["rocket_kernel_speedup_rounds"]) == 3
