"""The machine's yardstick for the lockstep's speed: Rocket random games on the playout
kernel (oracle/rocket/fastplay), timed in between the lockstep's games.

Issue 28 set its in-process target (10,000 actions a CPU second) on a machine whose
kernel played 1,000 games a CPU second (``rocket_games_per_s`` on f4c5cac). This
machine's speed drifts by a factor of two from one minute to the next, and the bench's
kernel rate and its lockstep rate are measured minutes apart, so their quotient drifts
as much. ``fuzz_bench`` therefore plays ``GAMES`` kernel games right after each round's
in-process game; the lockstep's rate over the kernel's in that round, times 1,000, is
the lockstep's rate on a machine whose kernel plays 1,000 games a CPU second
(``fuzz_actions_per_cpu_s_at_kernel_1000``: the median of the rounds that play in
process first, as ``fuzz_bench`` says why). The kernel's code has not changed since
f4c5cac (``git log f4c5cac.. -- oracle/rocket/fastplay oracle/rocket/playout.py`` is
empty), so it measures the machine, not the engine; should it change, the figure stops
being comparable with the issue's, and docs/fuzz.md says so.
"""

from __future__ import annotations

import random
import time
from typing import Final

from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_game
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state

#: kernel games a round (some 20 to 35 ms: about a third of an in-process game)
GAMES: Final = 20
#: the kernel rate the issue's target was set at, in games a CPU second
KERNEL_GAMES_PER_S: Final = 1000


class Yardstick:
    """Kernel games on the bench's start (three players, the default board), the
    board's derived tables warmed once, as ``bench_rocket`` warms them."""

    def __init__(self, games: int = GAMES) -> None:
        self.games = games
        self.rules = Rules()
        self.start = initial_state(["p1", "p2", "p3"], None, default_board())
        random_game(self.rules, self.start, random.Random(0))

    def rate(self, seed: int) -> float:
        """Kernel games a CPU second over ``games`` games seeded from ``seed`` (the same
        games for the same seed)."""
        rng = random.Random(seed)
        t0 = time.process_time()
        for _ in range(self.games):
            random_game(self.rules, self.start, rng)
        spent = time.process_time() - t0
        return self.games / spent if spent > 0 else 0.0


def at_kernel(actions_per_s: float, kernel_games_per_s: float) -> float:
    """``actions_per_s`` scaled to a machine whose kernel plays ``KERNEL_GAMES_PER_S``
    games a CPU second (0 where the kernel's rate is unknown)."""
    if kernel_games_per_s <= 0:
        return 0.0
    return actions_per_s * KERNEL_GAMES_PER_S / kernel_games_per_s
