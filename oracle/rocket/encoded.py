"""A position's exact text, for comparing two positions without building either's JSON.

The fuzz lockstep compares both sides' positions after every action. Building each
side's JSON (``codec.to_json``, some 7 kB of fresh dicts and lists) and comparing the
two with ``==`` was over a third of an in-process step, though most of a position is
the same from one action to the next: the board never changes, and an action touches
one line or one player's holding. ``Texts.text`` writes a position as the bytes of
what ``to_json`` writes it from, in a fixed order: the board's
and the options' JSON, the turn's, pending move's and supply's fields, the city
tokens left, then each line's and each holding's fields as they are (the records are
named tuples of strings, numbers, tuples and sets: a record's fields as one array),
and keeps the bytes of each part that comes from an object (the board, the options,
each line, each holding, the city tokens, the tuples of lines and of holdings) while
that very object lives on in the next states (they are immutable, and
``State.evolve`` shares the ones an action leaves alone): an action's new position
costs the records it changed, and a lookup, in C, per line.

Each part is written as JSON by orjson (a set as an array, in its own order), which
writes a set of seven spaces some five times quicker than ``marshal`` version 0 did
(that version writes each string through a UTF-8 copy of its own); a value orjson
does not write (an integer past 64 bits, say) goes as a zero byte and its
``marshal`` version 0 bytes instead, so the two never read alike.

Sound: orjson writes each JSON type its own way (``1``, ``1.0`` and ``true`` differ;
strings quoted and escaped), and every part is an array or an object, or a
``marshal`` blob with its lengths, so where two positions' bytes are equal their parts
are, one by one (the counts of lines and holdings, written before them, fix how many
parts follow, and each record is one array of its fields in their order), and so are
the values they were written from, as JSON. ``to_json`` writes those values as JSON,
so two texts are equal only where the two ``to_json`` are. (orjson writes NaN as
null, but no position holds a float: the position schema's numbers are integers, and
the rules make none.) The converse holds where equal sets were built alike (a set is
written in its own order, and the two sides of a lockstep build theirs by the same
steps): two texts that differ are compared by their JSON (oracle.core.made.same), so
a set written in another order costs time, never a wrong answer.
tests/rocket/test_encoded.py holds both on positions of random games.
"""

from __future__ import annotations

import marshal
from typing import Any, Final, cast

import orjson
from orjson import JSONEncodeError

from oracle.rocket.board import Board
from oracle.rocket.options import Options
from oracle.rocket.state import State

#: parts kept before the tables are emptied (a lockstep game makes some 300 states of
#: 16 lines and a few holdings, each record of a few parts; two sides share one API in
#: process)
_KEPT: Final = 8192


def _as_array(value: Any) -> list[Any]:
    """A set as orjson writes it: an array, in the set's own order."""
    if type(value) is frozenset or type(value) is set:
        return list(value)
    raise TypeError(type(value).__name__)


def _bytes(value: Any) -> bytes:
    try:
        return _dumps(value, default=_as_array)
    except JSONEncodeError:  # (never a position's part: its numbers fit 64 bits)
        return b"\0" + marshal.dumps(value, 0)


_dumps: Final = orjson.dumps


class Texts:
    """Writes positions' exact texts, reusing the text of each part it has seen: the
    board, the options, the city tokens, each line and holding, the tuples of lines and
    holdings."""

    def __init__(self) -> None:
        #: id(part) -> its text; ``_held`` holds each such part, so that its id is not
        #: reused while its text is here (a part's text depends on the part alone)
        self._parts: dict[int, bytes] = {}
        self._held: list[object] = []

    def _keep(self, part: object, text: bytes) -> bytes:
        if len(self._held) >= _KEPT:
            self._parts.clear()
            self._held.clear()
        self._parts[id(part)] = text
        self._held.append(part)
        return text

    def _value(self, value: Any) -> bytes:
        """A tuple's text, kept while it lives on (the city tokens left)."""
        found = self._parts.get(id(value))
        return found if found is not None else self._keep(value, _bytes(value))

    def _json(self, record: Board | Options) -> bytes:
        found = self._parts.get(id(record))
        return found if found is not None else self._keep(record, _bytes(record.to_json()))

    def _record(self, record: tuple[Any, ...]) -> bytes:
        """A line's or a holding's text, not kept yet (``_each`` looked): every field,
        in order, as one JSON array (its fields are strings, numbers, None, tuples and
        sets of them). One orjson call: writing a record's sets and tuples apart, each
        kept while it lived on, cost more in lookups than orjson spends writing them
        again (a holding's two tuples of 16 shares and its stations)."""
        return self._keep(record, _bytes(tuple(record)))

    def text(self, state: State) -> bytes:
        """A text equal for two states only where their ``codec.to_json`` are equal (the
        module's docstring)."""
        board = state.board
        p = state.pending
        return b"".join([
            self._json(board),
            self._json(state.options),
            # the fields ``to_json`` writes the turn, the pending move and the supply
            # from, as they are (``marshal`` tells their types apart as JSON would);
            # the counts of lines and holdings fix how many of their parts follow
            _bytes((state.players, state.phase, state.end_reason, state.active,
                    state.actions_taken, sorted(state.moved),
                    None if p is None else (*p[:5], None if p.high is None else (*p.high,)),
                    state.passengers, state.supplementary_issued, state.tiles_left,
                    state.tiles_elsewhere, state.imaginary_tiles, state.bank_paid,
                    len(state.lines), len(state.holdings))),
            self._value(state.city_tokens),
            self._each(state.lines),
            self._each(state.holdings)])

    def _each(self, records: tuple[Any, ...]) -> bytes:
        """The texts of ``records``, one after another: kept for the tuple as well (an
        action leaves every line, or every holding, as it was more often than not);
        the records' own texts looked up in C where each is kept already."""
        parts = self._parts
        found = parts.get(id(records))
        if found is not None:
            return found
        texts = list(map(parts.get, map(id, records)))
        at = -1
        for _ in range(texts.count(None)):  # the records not seen yet (most often one
            at = texts.index(None, at + 1)  # or two), found in C
            texts[at] = self._record(records[at])
        return self._keep(records, b"".join(cast(list[bytes], texts)))
