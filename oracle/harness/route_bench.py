"""Route-search figures for ``railrules bench``.

* ``route_search_ms``: the median time of the exact search for four trains
  (the 3, 4, 5 and 6 trains of 1870's roster) on dense late-game positions of the
  whole 1870 board (``generated.dense_state``: at least 80 legal tiles, upgraded
  towards brown, five tokens for the company, three rivals with four each);
* ``route_search_ms_max``: the slowest of those positions that finished;
* ``route_search_unfinished``: positions whose search passed its budget
  (``BUDGET_SECONDS`` of CPU) and was given up with ``SearchTooLarge`` (left out
  of the two figures above; they are the search's known weak spot, see
  docs/18xx.md);
* ``route_search_brute_ratio``: on 60 small random boards (3 x 3 hexes, up to
  three trains), the brute force's total time over the search's;
* ``route_search_real_ms``, ``route_search_real_ms_max``: the same search on the
  positions of real recorded games (``route_bench_real``).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from oracle.eighteen.load.generated import DenseSpec, dense_state, grid_map
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.records import Allowance, TrainType
from oracle.eighteen.routes.route import RouteContext, StopTable
from oracle.eighteen.routes.search import SearchTooLarge, best_run, brute_force
from oracle.eighteen.titles import TITLES
from oracle.harness.route_bench_real import real_figures

_STOPS = frozenset({"city", "town", "offboard"})
#: plain n-trains for the small random boards of the brute-force ratio
TRAINS = {str(n): TrainType(str(n), (Allowance(_STOPS, n, n),), 0, None) for n in range(2, 7)}
FOUR_TRAINS = ("3", "4", "5", "6")
BENCH_TITLE = "1870"
#: CPU seconds one search may take before it counts as unfinished
BUDGET_SECONDS = 10.0


def bench_board(rng: random.Random) -> MapDef:
    """The whole published 1870 board (the title data)."""
    return TITLES[BENCH_TITLE].map


def bench_trains() -> dict[str, TrainType]:
    return {t.name: t for t in TITLES[BENCH_TITLE].trains}


def search_ms(positions: int = 7, repeats: int = 3,
              seed: int = 1) -> tuple[float, float, int]:
    """Median and maximum milliseconds (CPU time of this process) per finished
    position, and how many positions did not finish within the budget."""
    times = []
    unfinished = 0
    for i in range(positions):
        rng = random.Random(seed + i)
        board = bench_board(rng)
        state = dense_state(board, rng, spec=DenseSpec(tiles=80, company_tokens=5))
        ctx = RouteContext(bench_trains())
        best = float("inf")
        try:
            for _ in range(repeats):
                t0 = time.process_time()
                best_run(StopTable(board, state, "CO", ctx), FOUR_TRAINS,
                         seconds=BUDGET_SECONDS)
                best = min(best, time.process_time() - t0)
        except SearchTooLarge:
            unfinished += 1
            continue
        times.append(best * 1000)
    return (statistics.median(times) if times else 0.0, max(times, default=0.0), unfinished)


def brute_ratio(boards: int = 60, seed: int = 1) -> float:
    search = brute = 0.0
    for i in range(boards):
        rng = random.Random(seed + i)
        board = grid_map(3, 3, rng, cities=0.35, towns=0.15)
        state = dense_state(board, rng, spec=DenseSpec(tiles=7, company_tokens=2,
                                                       rivals=("R1",), rival_tokens=2,
                                                       upgrades=5))
        owned = rng.sample(["2", "3", "4", "3"], rng.randint(1, 3))
        table = StopTable(board, state, "CO", RouteContext(TRAINS))
        t0 = time.process_time()
        fast = best_run(table, owned).total
        t1 = time.process_time()
        slow = brute_force(table, owned)
        t2 = time.process_time()
        if fast != slow:  # pragma: no cover - the property tests guard this
            raise AssertionError(f"search {fast} != brute force {slow} on board {seed + i}")
        search += t1 - t0
        brute += t2 - t1
    return brute / search if search else 0.0


def route_figures() -> dict[str, Any]:
    median, worst, unfinished = search_ms()
    return {"route_search_ms": round(median, 1), "route_search_ms_max": round(worst, 1),
            "route_search_unfinished": unfinished,
            "route_search_brute_ratio": round(brute_ratio(), 1), **real_figures()}


def eighteen_figures(games: int, rounds: int = 5) -> dict[str, Any]:
    """The 18xx game record's ``bench`` entry: the route-search figures (the random-game
    arguments do not apply to them) and whole 1830 games (``whole_bench``)."""
    from oracle.harness.whole_bench import whole_fuzz_figures, whole_game_figures
    return {**route_figures(), **whole_game_figures(), **whole_fuzz_figures()}
