"""Fewer runs of the cyclic garbage collector while a process plays games in bulk.

A fuzz step allocates and frees thousands of tuples, lists and dicts, and none of them
forms a reference cycle: reference counting frees them all (a campaign's collections
found nothing to free: ``gc.get_stats``, "collected" 0). The cyclic collector still runs
every 700 containers allocated and not yet freed, as the tables a campaign keeps (texts,
groups, decoded positions) grow, and every so often walks all of them. With its first
threshold at 50,000 it runs some fifty times less often: measured in process, 60 games
(docs/fuzz.md, "thirteenth pass"), 1.7% to 4% more actions a CPU second at the same
kernel rate, against 259 collections a run (each setting in a process of its own: the
threshold of 10,000 the eleventh pass dropped was timed with games interleaved in one
process, each leaving its collections to the next; docs/fuzz.md says why these differ).
It still runs, so a cycle made elsewhere is still freed, only later.

``fewer_collections`` holds the thresholds while a campaign's games are played
(``run_games``), the bench times them, and ``railrules serve`` answers.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

#: the collector's thresholds while games are played in bulk (``gc.set_threshold``)
THRESHOLDS: Final = (50_000, 20, 100)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """``THRESHOLDS`` while the block runs; the thresholds before it afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(*THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
