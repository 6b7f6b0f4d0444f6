"""Print speed figures. ``railrules bench --json`` prints one JSON object: each
registered game's own figures (its record's ``bench`` entry), then the suite's.

* ``rocket_games_per_s`` / ``rocket_actions_per_s``: complete random games on the
  default board per CPU second of one core, the median of five rounds
  (``rocket_games_per_s_rounds``; ``rocket_games_per_wall_s`` is the same
  by the wall clock, which a busy machine slows), on the oracle's playout kernel
  (oracle/rocket/fastplay: the plain rules' random games on a mutable working
  position, the same games as the playout policy of oracle/rocket/playout.py plays
  through ``Rules``); ``rocket_kernel_speedup``: the same seeded games on the kernel
  and through ``Rules._apply``, alternated round by round, the median ratio of their
  CPU times (the machine's drift moves it far less than a rate;
  ``rocket_rules_games_per_s`` is the rules' own rate in those rounds); and
  ``rocket_checked_actions_per_s`` for the public, always-checking ``apply``;
* ``suite_inprocess_s`` / ``suite_protocol_s``: the whole suite against the
  in-process oracle and against ``railrules serve`` through the protocol;
* ``fuzz_games_per_s`` / ``fuzz_inprocess_games_per_s`` / ``fuzz_protocol_ratio``:
  ``railrules fuzz`` lockstep games (the first registered game, at most
  ``--fuzz-actions`` actions each) against ``railrules serve`` and in one process
  (oracle.harness.fuzz_bench), by the wall clock, and the same per CPU second
  (``fuzz_games_per_cpu_s``, ``fuzz_inprocess_games_per_cpu_s``, and per step
  ``fuzz_actions_per_cpu_s`` in process, ``fuzz_protocol_actions_per_cpu_s`` served,
  ``fuzz_protocol_cpu_ratio``: the served process's CPU counted too;
  ``fuzz_actions_per_cpu_s_at_kernel_1000``: the in-process rate scaled, round by
  round, to a machine whose playout kernel plays 1,000 games a CPU second, issue 28's
  machine, over the rounds that play in process first: oracle/harness/yardstick.py),
  and
  ``fuzz_protocol_ratio_ahead`` served sending each step ahead (``railrules fuzz
  --send-ahead``); each game is timed each way back to back and the ratios are
  medians of those rounds
  (``fuzz_protocol_ratio_rounds``);
* instruction counts, which do not drift, come from ``python -m
  oracle.harness.instructions`` (callgrind; docs/fuzz.md, "Speed").
* ``route_search_ms``, ``route_search_ms_max``, ``route_search_brute_ratio``,
  ``route_search_real_ms``, ``route_search_real_ms_max``: the 18xx route search
  (``oracle/harness/route_bench.py`` and ``route_bench_real.py`` say on what).
"""

from __future__ import annotations

import argparse
import json
import platform
from typing import Any

from oracle.core.cli_types import one_of
from oracle.games import game_modules, resolve


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=500, help="random games to time")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds the games are split into; the median round counts")
    parser.add_argument("--no-suite", action="store_true",
                        help="skip the whole-suite timings (in-process and protocol)")
    parser.add_argument("--fuzz-games", type=int, default=5,
                        help="lockstep fuzz games to time each way (0: skip)")
    parser.add_argument("--fuzz-actions", type=int, default=400,
                        help="actions a fuzz game at most (default: as railrules fuzz, "
                             "so Rocket games are played to their end)")
    parser.add_argument("--game", action="append", default=None,
                        type=one_of(lambda: game_modules(), "game"),
                        help="only this game's own figures (repeatable; default: every game)")


def run(args: argparse.Namespace) -> int:
    figures: dict[str, Any] = {"python": platform.python_version(),
                               "machine": platform.machine()}
    for game in game_modules().values():  # each game's own figures, named by its record
        if game.bench and (not args.game or game.name in args.game):
            bench: Any = resolve(game.bench)
            figures.update(bench(args.games, args.rounds))
    if not args.no_suite:
        from oracle.harness.suite_bench import suite_timings
        figures.update(suite_timings())
        if figures.get("suite_inprocess_s"):
            figures["suite_protocol_ratio"] = round(
                figures["suite_protocol_s"] / figures["suite_inprocess_s"], 2)
    if args.fuzz_games > 0 and game_modules():
        from oracle.harness.fuzz_bench import fuzz_figures
        first = next(iter(game_modules()))
        figures.update(fuzz_figures(first, args.fuzz_games, args.fuzz_actions))
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        width = max(len(k) for k in figures)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
    return 0
