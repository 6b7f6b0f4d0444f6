"""Shrink a diverging game to the shortest action trace that still diverges (Hypothesis).

A game is encoded as the list of A's choices: the index of each action among A's
legal actions sorted by canonical JSON (``Played.choices``); replaying index ``i``
takes ``legal[i % len(legal)]``, so every list of integers is a legal game. The
found game's list is handed to Hypothesis as a stored example (the *secondary*
corpus of an in-memory database, which Hypothesis replays and then shrinks), and
Hypothesis's shrinker cuts and lowers the list while the game still diverges with
the same kind of difference. Shorter lists are shorter traces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
from hypothesis.errors import NoSuchExample

from oracle.harness.lockstep import Lockstep, Played, index_chooser
from oracle.protocol.implementation import JSON

_KEY = b"railrules-fuzz-shrink"
_MAX_INDEX = (1 << 16) - 1


def replay_choices(lock: Lockstep, players: Sequence[str], options: Mapping[str, Any],
                   choices: Sequence[int], start: JSON | None = None) -> Played:
    return lock.play(players, options, index_chooser(choices), len(choices), start)


def shrink(lock: Lockstep, found: Played, max_examples: int = 400) -> Played:
    """The shortest game Hypothesis finds that diverges like ``found`` (``found`` itself
    if nothing shorter does)."""
    assert found.divergence is not None
    kind = found.divergence.kind
    start = [min(c, _MAX_INDEX) for c in found.choices]

    def diverges(choices: list[int]) -> bool:
        played = replay_choices(lock, found.players, found.options, choices, found.start)
        return played.divergence is not None and played.divergence.kind == kind

    database = InMemoryExampleDatabase()
    encoded: list[bool | int] = []
    for choice in start:
        encoded += [True, choice]
    encoded.append(False)
    database.save(_KEY + b".secondary", choices_to_bytes(tuple(encoded)))
    try:
        best = find(st.lists(st.integers(0, _MAX_INDEX)), diverges,
                    settings=settings(database=database, max_examples=max_examples,
                                      phases=[Phase.reuse, Phase.generate, Phase.shrink],
                                      deadline=None, suppress_health_check=list(HealthCheck)),
                    database_key=_KEY)
    except NoSuchExample:
        return found
    shrunk = replay_choices(lock, found.players, found.options, best, found.start)
    if shrunk.divergence is None or len(shrunk.actions) > len(found.actions):
        return found
    return shrunk
