"""Print speed figures. ``railrules bench --json`` prints one JSON object:

* ``rocket_games_per_s`` / ``rocket_actions_per_s``: complete random games on the
  default board per CPU second of one core, the median of five rounds
  (``rocket_games_per_s_rounds``; ``rocket_games_per_wall_s`` is the same
  by the wall clock, which a busy machine slows), through the oracle's unchecked
  fast path (the playout policy of oracle/rocket/playout.py), and
  ``rocket_checked_actions_per_s`` for the public, always-checking ``apply``;
* ``suite_inprocess_s`` / ``suite_protocol_s``: the whole suite against the
  in-process oracle and against ``railrules serve`` through the protocol;
* ``route_search_ms``, ``route_search_ms_max``, ``route_search_brute_ratio``: the 18xx
  route search (``oracle/harness/route_bench.py`` says on what).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from oracle.rocket.notation import default_board
from oracle.rocket.playout import pick_action, random_game
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state


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
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=500, help="random games to time")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds the games are split into; the median round counts")
    parser.add_argument("--no-suite", action="store_true",
                        help="skip the whole-suite timings (in-process and protocol)")
    parser.add_argument("--no-routes", action="store_true",
                        help="skip the 18xx route-search figures")
    parser.add_argument("--only-routes", action="store_true",
                        help="print only the 18xx route-search figures")


def run(args: argparse.Namespace) -> int:
    figures: dict[str, Any] = {"python": platform.python_version(),
                               "machine": platform.machine()}
    if not args.only_routes:
        figures.update(rocket_figures(args.games, args.rounds))
    if not args.no_routes:
        from oracle.harness.route_bench import route_figures
        figures.update(route_figures())
    if not args.no_suite and not args.only_routes:
        from oracle.harness.suite_bench import suite_timings
        figures.update(suite_timings())
        if figures.get("suite_inprocess_s"):
            figures["suite_protocol_ratio"] = round(
                figures["suite_protocol_s"] / figures["suite_inprocess_s"], 2)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        width = max(len(k) for k in figures)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
    return 0
