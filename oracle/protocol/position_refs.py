"""Positions named by reference: the optional protocol feature ``position_refs``.

An adapter that lists ``position_refs`` (besides ``inspect`` and ``digests``) in its
handshake may be sent an ``inspect`` asked with digests whose position is not
written out but named by ``position_ref``: the digest that same adapter answered,
in an earlier such ``inspect``, for the position its accepted ``apply`` made
(docs/protocol.md, "Optional features"). The adapter keeps at least the last of
those; one that does not hold the position named answers the whole ``inspect``
``unsupported`` with feature ``position_ref``, and the harness sends the same request
again with the whole position, which costs the engine nothing in grading.

Why: the served side of a fuzz step spent about a third of its time taking in the
whole position every step (parsing 7 kB, checking it against the request schema,
keying it to find the state it already held), though it made that very position
itself one step before (docs/fuzz.md, "Speed").

Here: the names (``POSITION_REFS_FEATURE``, ``REF_FEATURE``), how often the harness
sends the whole position anyway (``goes_whole``), the harness's side (``Referrer``,
``or_whole``: oracle/protocol/client.py asks) and the served side's memory
(``Remembered``: oracle/protocol/server.py).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Final

from oracle.core.made import Made, as_json
from oracle.core.wire_json import Written
from oracle.protocol.implementation import UndeclaredGap

#: the protocol feature an adapter lists in ``hello``'s ``features``
POSITION_REFS_FEATURE: Final = "position_refs"
#: the protocol feature an adapter lists where it may be sent an inspect before its
#: reply to the one before is read, naming its position by ``position_of`` (the
#: ``seq`` of the inspect whose accepted apply made it): docs/protocol.md
PIPELINING_FEATURE: Final = "pipelining"
#: the ``feature`` of the ``unsupported`` answer of an adapter that does not hold the
#: position a ``position_ref`` names: the harness then sends the position whole
REF_FEATURE: Final = "position_ref"
#: positions ``railrules serve`` keeps per served implementation, by their digests (the
#: harness refers only to the last one made, so one would do; a few cost nothing and
#: leave room for a harness that refers a step or two back)
KEPT: Final = 4
#: the harness sends the whole position, though it might refer to it, in the first
#: step of each game, every ``WHOLE_EVERY``-th of its first ``WHOLE_EARLY`` inspects and
#: every ``WHOLE_LATER``-th after (``goes_whole``): so the adapter's reading of whole
#: positions is still exercised in every campaign, a few times a game, however short
#: its games. Every 8th all game long cost a served step some 15 us on average (the
#: adapter parses, checks and matches a 7 kB position: docs/fuzz.md, "fourteenth pass")
WHOLE_EVERY: Final = 8
WHOLE_EARLY: Final = 64
WHOLE_LATER: Final = 32


def goes_whole(asked: int) -> bool:
    """Whether a game's inspect asked with digests, ``asked`` of them before it, goes
    with its position whole: the first, every ``WHOLE_EVERY``-th of the first
    ``WHOLE_EARLY``, every ``WHOLE_LATER``-th after."""
    return asked % (WHOLE_EVERY if asked < WHOLE_EARLY else WHOLE_LATER) == 0

JSON = dict[str, Any]


class Referrer:
    """The harness's side: which object stands for the position an adapter's last
    accepted apply made (the fuzz lockstep says so, ``ProtocolClient.refs``, where the
    adapter's digest of it was the reference's: lockstep_digests.py), and so which
    inspect may name its position by reference."""

    __slots__ = ("_asked", "_ref", "declared", "forgotten", "pipelines", "sent")

    def __init__(self) -> None:
        #: the adapter's handshake lists ``position_refs``: only then is ``refer`` heard
        self.declared = False
        #: it lists ``pipelining``: an inspect may go before the last reply is read
        self.pipelines = False
        self._ref: tuple[JSON, str] | None = None
        #: inspects asked with digests since the last ``refer(None)`` (a new game)
        self._asked = 0
        #: inspects sent by reference, and how many the adapter did not hold (counts
        #: for tests and benches)
        self.sent = self.forgotten = 0

    def refer(self, position: JSON | None, digest: str) -> None:
        """``position`` (this object: identity decides) is the one the adapter made as
        ``digest``; None: no object is (a new game: the count starts again). Heard only
        where the adapter declares the feature."""
        if position is None:
            self._ref, self._asked = None, 0
        elif self.declared:
            self._ref = (position, digest)

    def ref_for(self, position: JSON) -> str | None:
        """The ``position_ref`` of an inspect asked with digests about ``position``, or
        None to send it whole: a position not referred, the first inspect of a game and
        a few more (``goes_whole``: so the adapter's reading of whole positions is still
        exercised, a few times every game)."""
        asked, self._asked = self._asked, self._asked + 1
        ref = self._ref
        if ref is None or ref[0] is not position or goes_whole(asked):
            return None
        self.sent += 1
        return ref[1]

    def whole_next(self) -> bool:
        """Whether the next inspect asked with digests goes whole whatever it is about
        (``goes_whole``): one sent ahead never does."""
        return goes_whole(self._asked)

    def post(self, request: JSON, position: Any,
             post: Callable[[JSON], Callable[[], JSON]], digests: bool,
             made_by: int | None = None) -> Callable[[], JSON]:
        """Send ``request`` (an inspect, but its position) about ``position`` through
        ``post``, by reference where it is asked with ``digests`` and ``ref_for`` gives
        one; the returned call reads its result.
        Where the adapter answers that it does not hold the position (``unsupported``,
        feature ``position_ref``), the same request is sent again with the whole
        position, and that reply read as any: no gap is counted, as the harness chose
        to refer and the engine owes it nothing. Any other reply, a failure included,
        is read and graded as always.
        ``made_by`` (sent ahead, ``pipelining``): the position is named as the one the
        adapter's accepted apply in its reply to that ``seq`` made (``position_of``),
        which tells the adapter nothing about the other side's answers."""
        if made_by is not None and digests:
            self._asked += 1
            self.sent += 1
            by_ref = post({**request, "position_of": made_by})
        else:
            ref = self.ref_for(position) if digests else None
            if ref is None:
                return post(_whole(request, position))
            by_ref = post({**request, "position_ref": ref})

        def read() -> JSON:
            try:
                return by_ref()
            except UndeclaredGap as err:
                if err.detail != REF_FEATURE:
                    raise
            self.forgotten += 1
            return post(_whole(request, position))()
        return read


def _whole(request: JSON, position: Any) -> JSON:
    """``request`` with ``position`` written out, its last key: the in-process oracle's
    ``Made`` (oracle.core.made, the lockstep's A's position handed to B) goes as its
    canonical text (``Written``: the same JSON value, keys sorted, which A's digest was
    written from a step before, so no JSON is built) where that is ASCII, else as its
    JSON."""
    if type(position) is not Made:
        return {**request, "position": position}
    text = position.canonical()
    return {**request, "position": Written(text) if text.isascii() else as_json(position)}


class Remembered:
    """The positions a served implementation's digest-mode ``apply`` made last, by
    (game, digest): the very objects its engine returned (JSON, or a ``Made`` of the
    engine's own: oracle.core.made), which nobody changes since (the server hands them
    only to the engine, as it hands a parsed request's)."""

    __slots__ = ("_by_seq", "_kept")

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], Any] = {}
        #: (game, the inspect's seq) -> the digest of the position its apply made
        self._by_seq: dict[tuple[str, int], str] = {}

    def keep(self, game: str, digest: str, position: Any, seq: Any = None) -> None:
        """``position`` (made by an accepted apply, answered as ``digest``, in the reply
        to ``seq``) may be referred to next; the oldest beyond ``KEPT`` is dropped."""
        self._kept.pop((game, digest), None)  # kept again: the newest
        self._kept[game, digest] = position
        while len(self._kept) > KEPT:
            del self._kept[next(iter(self._kept))]
        if type(seq) is int:
            self._by_seq[game, seq] = digest
            while len(self._by_seq) > KEPT:
                del self._by_seq[next(iter(self._by_seq))]

    def made_by(self, game: str, seq: int) -> Any:
        """The position kept that the apply of the inspect ``seq`` made, or None."""
        digest = self._by_seq.get((game, seq))
        return None if digest is None else self._kept.get((game, digest))

    def get(self, game: str, digest: str) -> Any:
        """The position kept for ``digest`` in ``game``, or None."""
        return self._kept.get((game, digest))

    def newest(self) -> tuple[str, Any] | None:
        """The game and the position kept last, of any game, or None."""
        if not self._kept:
            return None
        (game, _), position = next(reversed(self._kept.items()))
        return game, position

    def last(self, game: str) -> Any:
        """The position of ``game`` kept last, or None."""
        return next((position for (kept_game, _), position in reversed(self._kept.items())
                     if kept_game == game), None)


#: each served implementation's memory: one per Implementation object, gone with it
#: (tests serve many implementations in one process; a mutant's server its own)
_SERVED: weakref.WeakKeyDictionary[Any, Remembered] = weakref.WeakKeyDictionary()


def remembered(impl: Any) -> Remembered:
    """The positions ``impl`` (a served Implementation) made last, by digest."""
    kept = _SERVED.get(impl)
    if kept is None:
        kept = _SERVED[impl] = Remembered()
    return kept
