"""Stephenson's Rocket speed figures for ``railrules bench`` (the game record's
``bench`` entry): random games per CPU second (on the playout kernel, and through
the rules for comparison), checked actions per second."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from oracle.rocket.notation import default_board
from oracle.rocket.playout import pick_action, random_game
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def rocket_figures(games: int, rounds: int = 5, seed: int = 1) -> dict[str, Any]:
    """Random games in ``rounds`` rounds; the median round is the figure, since a
    shared machine's speed drifts from one second to the next."""
    rules = Rules()
    start_state = initial_state(["p1", "p2", "p3"], None, default_board())
    rng = random.Random(seed)
    random_game(rules, start_state, rng)  # warm the board's derived tables
    per_round = max(1, games // rounds)
    rates: list[float] = []
    actions = 0
    cpu = wall = 0.0
    for _ in range(rounds):
        # CPU time of this process: "per second on one core", even on a busy machine.
        t0, w0 = time.process_time(), time.perf_counter()
        for _ in range(per_round):
            _, n = random_game(rules, start_state, rng)
            actions += n
        spent = time.process_time() - t0
        cpu += spent
        wall += time.perf_counter() - w0
        rates.append(per_round / spent)
    speedup = _kernel_speedup(rules, start_state, max(1, games // 25), rounds)
    # The checked path: same policy, every action through apply().
    checked = 0
    t1 = time.process_time()
    for _ in range(max(1, games // 10)):
        state = start_state
        while not state.over:
            state = rules.apply(state, pick_action(rules, state, rng))
            checked += 1
    checked_elapsed = time.process_time() - t1
    played = per_round * rounds
    return {
        "rocket_games": played,
        "rocket_games_per_s": round(statistics.median(rates), 1),
        "rocket_games_per_s_rounds": [round(r, 1) for r in rates],
        "rocket_games_per_wall_s": round(played / wall, 1),
        "rocket_actions_per_s": round(actions / cpu),
        "rocket_actions_per_game": round(actions / played, 1),
        "rocket_checked_actions_per_s": round(checked / checked_elapsed),
        **speedup,
    }


def _kernel_speedup(rules: Rules, start: State, games: int, rounds: int) -> dict[str, Any]:
    """The same seeded games on the playout kernel and through ``Rules._apply``
    (``kernel=False``), alternated round by round, kernel first on even rounds: the
    ratio of their CPU times is the kernel's speed-up, which the machine's drift moves
    far less than either rate (``rocket_kernel_speedup``, the median round;
    ``rocket_rules_games_per_s``, the rules' own rate in those rounds)."""
    ratios: list[float] = []
    rules_games = rules_cpu = 0.0
    for r in range(rounds):
        seeds = range(r * games, (r + 1) * games)
        spent = {}
        for kernel in ((True, False) if r % 2 == 0 else (False, True)):
            t0 = time.process_time()
            for seed in seeds:
                random_game(rules, start, random.Random(seed), kernel=kernel)
            spent[kernel] = time.process_time() - t0
        ratios.append(spent[False] / spent[True])
        rules_games += games
        rules_cpu += spent[False]
    return {"rocket_kernel_speedup": round(statistics.median(ratios), 2),
            "rocket_kernel_speedup_rounds": [round(x, 2) for x in ratios],
            "rocket_rules_games_per_s": round(rules_games / rules_cpu, 1)}
