"""Shrink a diverging game to a short action trace that still diverges alike.

Every candidate is replayed through both implementations and kept when it diverges
with the same kind of difference as the game found (a candidate that diverges alike
earlier is kept as far as it got). The passes, each while time is left:

1. **Fewer players** (a game from a new game): the same actions with the game's
   fewest players, then one more, ...: a smaller table makes every round shorter.
2. **Cutting** (delta debugging over the action list, our own): keep only the last 1,
   2, 4, ... actions; then drop chunks of half the trace, a quarter, ... down to single
   actions, sweeping again while a sweep cuts something. A cut from action ``i`` is
   stretched to end where the game is in the same state of play as at ``i`` (the
   position's small top-level values alike: whose turn, the phase, what is pending),
   so the actions after it still fit (in a game of turns, dropping one action hands
   every later action to the wrong player). And a replayed action the chooser does
   not list is *repaired*: replaced by the listed action most like it (the same type,
   the most fields alike), so a cut does not make the rest of the game unplayable.
3. **Lowering** (only when asked, ``--shrink-lowering``: after the cuts it shortened
   none of the measured mutants' traces, and took up to 20 times as long): the game
   as the list of the chooser's indices among its sorted legal actions
   (``Played.choices``; index ``i`` plays ``legal[i % len(legal)]``), handed to
   Hypothesis as a stored example, whose shrinker cuts and lowers it while it still
   diverges alike.

A candidate that keeps the best trace's first ``i`` actions is tried first from the
position they reach (remembered from the best trace's replay), so a cut near the end
costs a few steps, not the whole game; only one that diverges alike there is replayed
from the start, and only that replay is kept. The protocol is stateless, so both
replays agree; should they not (an engine keeping state of its own), that shortcut is
dropped for the rest of the shrink. Shrinking stops at ``seconds`` with the best trace
so far, and each shorter one is reported to ``progress``.
"""

from __future__ import annotations

import contextlib
import json
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from oracle.games import game_module
from oracle.harness.lockstep import Chooser, Divergence, Lockstep, Played, index_chooser, key
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import JSON

_KEY = b"railrules-fuzz-shrink"
_MAX_INDEX = (1 << 16) - 1
_ABSENT = object()


class _OutOfTime(Exception):
    """The shrinking deadline passed: keep the best trace so far."""


def replay_choices(lock: Lockstep, players: Sequence[str], options: Mapping[str, Any],
                   choices: Sequence[int], start: JSON | None = None) -> Played:
    return lock.play(players, options, index_chooser(choices), len(choices), start)


def nearest(wanted: JSON, legal: Sequence[JSON]) -> JSON:
    """The legal action most like ``wanted``: the same type first, then the most
    fields with equal values; the first (in the given order) on a tie."""
    best, best_score = legal[0], -1
    for action in legal:
        score = 1000 * (action.get("type") == wanted.get("type")) + sum(
            1 for name, value in wanted.items() if action.get(name, _ABSENT) == value)
        if score > best_score:
            best, best_score = action, score
    return best


def repairing_chooser(actions: Sequence[JSON]) -> Chooser:
    """Plays ``actions`` in order, each replaced by ``nearest`` where the chooser does
    not list it; then stops."""
    wanted_keys = [key(a) for a in actions]

    def choose(step: int, legal: list[JSON]) -> JSON | None:
        if step >= len(actions):
            return None
        wanted = wanted_keys[step]
        if any(key(x) == wanted for x in legal):
            return actions[step]
        return nearest(actions[step], legal)
    return choose


def state_of_play(position: Any) -> str:
    """A position's small top-level values (whose turn, the phase, what is pending:
    each written in at most 80 characters), as one text: two positions alike in it
    are at the same point of a round, whatever lies on the board."""
    if not isinstance(position, dict):
        return ""
    small = {}
    for name, value in position.items():
        text = json.dumps(value, sort_keys=True, default=str)
        if len(text) <= 80:
            small[name] = text
    return json.dumps(small, sort_keys=True)


def alike(divergence: Divergence) -> tuple[str, ...]:
    """What a candidate's divergence must share with the game found: its kind; for
    an error, also its outcome (error, crash, timeout) and whether a side failed
    applying an action or answering a question about a position (an adapter that
    cannot even start fails at the new game, which is not the bug found)."""
    if divergence.kind == "error":
        return ("error", str(divergence.detail.get("outcome")),
                "apply" if "action" in divergence.detail else "question")
    return (divergence.kind,)


def revive(lock: Lockstep) -> None:
    """A served side that died in the last replay (a crash is what some findings
    are) and used up its restarts starts afresh: each replay meets a live engine."""
    for side in (lock.a, lock.b):
        if isinstance(side, ProtocolClient) and side.pid is None and side.starts:
            side.close()
            side.reset_starts()


class Shrinker:
    """The best trace so far, and the replays that look for a shorter one."""

    def __init__(self, lock: Lockstep, found: Played, deadline: float,
                 progress: Callable[[int], None]) -> None:
        assert found.divergence is not None
        self.lock, self.found, self.deadline, self.progress = lock, found, deadline, progress
        self.kind = alike(found.divergence)
        self.best = found
        self.replays = 0
        self.out_of_time = False
        #: the positions before each of the best trace's actions (None: unknown)
        self.positions: list[JSON] | None = None
        self.states: list[str] = []
        self.shortcut = True
        self._tried: set[tuple[tuple[str, ...], int]] = set()

    def diverges_alike(self, played: Played) -> bool:
        return played.divergence is not None and alike(played.divergence) == self.kind

    def keep(self, played: Played, positions: list[JSON] | None = None,
             or_equal: bool = False) -> bool:
        """Keep ``played`` if it diverges alike in fewer actions than the best (or as
        few, ``or_equal``)."""
        n, best = len(played.actions), len(self.best.actions)
        if self.diverges_alike(played) and (n < best or (or_equal and n == best)):
            self.best, self.positions = played, positions
            self.states = [state_of_play(p) for p in positions or ()]
            if n < best:
                self.progress(n)
            return True
        return False

    def replay(self, actions: Sequence[JSON], players: Sequence[str] | None = None,
               start: JSON | None = None) -> Played:
        """``actions`` replayed (repaired) for the best trace's options, from ``start``
        or else where the game found started."""
        if time.monotonic() > self.deadline:
            self.out_of_time = True
            raise _OutOfTime
        self.replays += 1
        revive(self.lock)
        return self.lock.play(self.best.players if players is None else players,
                              self.found.options, repairing_chooser(actions), len(actions),
                              self.found.start if start is None else start)

    def from_start(self, actions: Sequence[JSON],
                   players: Sequence[str] | None = None) -> tuple[Played, list[JSON]]:
        """``actions`` replayed from the start; the positions before each action."""
        positions: list[JSON] = []
        self.lock.positions = positions
        try:
            return self.replay(actions, players), positions
        finally:
            self.lock.positions = None

    def attempt(self, actions: list[JSON], same: int = 0) -> bool:
        """Replay ``actions`` (repaired where needed), whose first ``same`` are the
        best trace's; kept if it diverges alike in fewer actions."""
        tried = (tuple(key(a) for a in actions), len(self.best.players))
        if not actions or tried in self._tried:
            return False
        self._tried.add(tried)
        positions = self.positions
        shortcut = self.shortcut and 0 < same < len(positions or ())
        if shortcut:
            assert positions is not None
            if not self.diverges_alike(self.replay(actions[same:], start=positions[same])):
                return False
        played, reached = self.from_start(actions)
        if self.keep(played, reached):
            return True
        if shortcut:  # alike from the middle, not from the start: state kept somewhere
            self.shortcut = False
        return False

    def remember(self) -> None:
        """The positions of the best trace, replayed from the start once."""
        if self.positions is None:
            played, reached = self.from_start(self.best.actions)
            if played.actions == self.best.actions:
                self.positions = reached
                self.states = [state_of_play(p) for p in reached]

    def fewer_players(self) -> None:
        """Pass 1: the fewest players the divergence shows with."""
        if self.found.start is not None:  # an opening has its own players
            return
        low = game_module(self.lock.game).players[0]
        for n in range(max(low, 1), len(self.best.players)):
            played, reached = self.from_start(self.best.actions, self.best.players[:n])
            if self.keep(played, reached, or_equal=True):
                return

    def end_of_cut(self, i: int, size: int) -> int:
        """Where a cut of ``size`` actions from ``i`` ends: the first action from
        ``i + size`` on that starts from the state of play ``i`` starts from, or
        ``i + size`` where there is none."""
        states = self.states
        if i < len(states):
            for j in range(i + size, len(states)):
                if states[j] == states[i]:
                    return j
        return i + size

    def cut(self) -> None:
        """Pass 2: suffixes, then chunks ever smaller, sweeping while it cuts."""
        self.remember()
        length = 1
        while length < len(self.best.actions) // 2:  # only the last few actions
            if not self.attempt(self.best.actions[-length:]):
                length *= 2
        changed = True
        while changed:
            changed = False
            for size in _halvings(len(self.best.actions)):
                i = 0
                while i < len(self.best.actions):
                    actions = self.best.actions
                    end = self.end_of_cut(i, size)
                    if self.attempt(actions[:i] + actions[end:], same=i) or (
                            end != i + size
                            and self.attempt(actions[:i] + actions[i + size:], same=i)):
                        changed = True  # the same i: what follows moved up
                    else:
                        i += size

    def lower(self, max_examples: int) -> None:
        """Pass 3: Hypothesis on the chooser's indices of the best trace."""
        from hypothesis import HealthCheck, Phase, Verbosity, find, settings
        from hypothesis import strategies as st
        from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes

        players = list(self.best.players)

        def diverges(choices: list[int]) -> bool:
            if time.monotonic() > self.deadline:
                self.out_of_time = True
                raise _OutOfTime
            self.replays += 1
            revive(self.lock)
            played = replay_choices(self.lock, players, self.found.options, choices,
                                    self.found.start)
            self.keep(played)
            return self.diverges_alike(played)

        database = InMemoryExampleDatabase()
        encoded: list[bool | int] = []
        for choice in self.best.choices:
            encoded += [True, min(choice, _MAX_INDEX)]
        encoded.append(False)
        database.save(_KEY + b".secondary", choices_to_bytes(tuple(encoded)))
        # Hypothesis reports through its own reporter (stdout) notes meant for a test
        # suite's author, among them "PLEASE REPORT THIS" when its shrinker is slow:
        # they tell a fuzz user nothing and read as a railrules bug. So they are
        # dropped (a silent reporter, quiet verbosity, its warnings ignored), and any
        # error of its own (a flaky replay: an adapter that answers differently the
        # second time; our deadline) ends this pass with the best trace found, never
        # the campaign.
        with silenced(), contextlib.suppress(Exception):
            find(st.lists(st.integers(0, _MAX_INDEX)), diverges,
                 settings=settings(database=database, max_examples=max_examples,
                                   phases=[Phase.reuse, Phase.shrink],
                                   deadline=None, verbosity=Verbosity.quiet,
                                   suppress_health_check=list(HealthCheck)),
                 database_key=_KEY)


@contextlib.contextmanager
def silenced() -> Iterator[None]:
    """Hypothesis's reports and warnings dropped (why: ``Shrinker.lower``)."""
    from hypothesis.reporting import with_reporter
    with warnings.catch_warnings(), with_reporter(lambda text: None):
        warnings.simplefilter("ignore")
        yield


def _halvings(n: int) -> list[int]:
    sizes, size = [], n // 2
    while size >= 1:
        sizes.append(size)
        size //= 2
    return sizes or [1]


def shrink(lock: Lockstep, found: Played, *, seconds: float = 300.0,
           progress: Callable[[int], None] | None = None, lowering: bool = False,
           max_examples: int = 200) -> Shrinker:
    """Shrink ``found`` for at most ``seconds`` (passes 1 and 2, then 3 if
    ``lowering``); the ``Shrinker`` holds the best trace (``found`` itself if nothing
    shorter diverges alike), the replays made and whether time ran out. ``progress``
    hears each shorter length."""
    shrinker = Shrinker(lock, found, time.monotonic() + seconds, progress or (lambda n: None))
    if not found.actions:
        return shrinker
    with contextlib.suppress(_OutOfTime):
        shrinker.fewer_players()
        shrinker.cut()
        if lowering and shrinker.best.actions:
            shrinker.lower(max_examples)
    return shrinker
