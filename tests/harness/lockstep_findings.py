"""What a lockstep finds over a few random Rocket games: the grader's tests compare it
between ways of playing the same games (tests/harness/test_lockstep_ahead.py,
tests/harness/test_expected_replies.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from oracle.harness.fuzz_campaign import random_chooser
from oracle.harness.lockstep import Lockstep
from oracle.protocol.client import ProtocolClient
from oracle.protocol.inprocess import InProcess


def findings(b: ProtocolClient, games: int,
             setup: Callable[[Lockstep], None] | None = None) -> list[Any]:
    """Each of ``games`` random three-player games (seeds 0 on, up to 120 actions) as a
    lockstep of the oracle in process against ``b`` plays it (``setup`` first, where
    given), one after another on the same client, closed after: its actions, its
    choices, its gaps and its divergence (step, kind and detail), if any."""
    lock = Lockstep(InProcess(), b, "rocket")
    if setup is not None:
        setup(lock)
    out = []
    try:
        for seed in range(games):
            played = lock.play(["p1", "p2", "p3"], {}, random_chooser(random.Random(seed)),
                               120)
            d = played.divergence
            out.append((played.actions, played.choices, played.gaps,
                        None if d is None else (d.step, d.kind, d.detail)))
    finally:
        b.close()
    return out
