"""The playout kernel: random games for the plain rules on a mutable working
position, the oracle's private unchecked fast path (``playout.random_game``).

Through ``Rules`` every action copies the immutable position and drops its derived
tables; a random game of some 200 actions then spends most of its time copying and
rebuilding. Here one game thaws its start position once (``work.Work``), keeps the
occupancy tables current as pieces move, and freezes the end position back into a
``State``. The effects (``effects.py``), geometry and payouts are the plain rules'
own, written against the working position; the policy (``policy.py``) makes the same
draws from the same random stream as ``playout.pick_action``, so a seeded game is
the same game either way. tests/rocket/test_fastplay.py holds the two paths equal
(end positions and action counts) over every option, several boards and player
counts, and from mid-game positions in every phase.

Only the plain rules play here (``covers``): a mutant or variant overrides hooks of
``Rules``, and its games take the generic path through those hooks.
"""

from __future__ import annotations

import random

from oracle.rocket.fastplay.policy import play
from oracle.rocket.fastplay.work import Work
from oracle.rocket.movement import Geometry
from oracle.rocket.rules import Rules
from oracle.rocket.state import State


def covers(rules: Rules) -> bool:
    """Whether ``rules`` are the plain rules, whose games this kernel plays."""
    return type(rules) is Rules and type(rules.geometry) is Geometry


def random_game(start: State, rng: random.Random, max_actions: int) -> tuple[State, int]:
    """``playout.random_game`` for the plain rules: the end position, the action count."""
    work = Work(start)
    taken = play(work, rng, max_actions)
    return work.freeze(), taken
