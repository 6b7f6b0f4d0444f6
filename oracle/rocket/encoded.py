"""A position's exact text, for comparing two positions without building either's JSON.

The fuzz lockstep compares both sides' positions after every action. Building each
side's JSON (``codec.to_json``, some 7 kB of fresh dicts and lists) and comparing the
two with ``==`` was over a third of an in-process step, though most of a position is
the same from one action to the next: the board never changes, and an action touches
one line or one player's holding. ``Texts.text`` writes a position as the ``marshal``
(version 0) bytes of what ``to_json`` writes it from, in a fixed order: the board's
and the options' JSON, the turn's, pending move's and supply's fields, the city
tokens left, then each line's and each holding's fields as they are (the records are
named tuples of strings, numbers, tuples and sets), and keeps the bytes of the parts
that come from a record (the board, the options, each line, each holding, the city
tokens) while that very record object lives on in the next states (the records are
immutable, and ``State.evolve`` shares the ones an action leaves alone).

Sound: ``marshal`` version 0 writes each type with its own code (``1``, ``1.0`` and
``True`` differ, None is not NaN), with lengths, no interning and no back-references,
so equal bytes are equal values of equal types, part by part (the lines' IDs and the
players, written first, fix how many parts follow); ``to_json`` is a function of
those values, so two texts are equal only where the two ``to_json`` are. The converse
holds where equal sets were built alike (a set is written in its own order, and the
two sides of a lockstep build theirs by the same steps): two texts that differ are
compared by their JSON (oracle.core.made.same), so a set written in another order
costs time, never a wrong answer. tests/rocket/test_encoded.py holds both on
positions of random games.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any, Final, TypeVar

from oracle.rocket.board import Board
from oracle.rocket.options import Options
from oracle.rocket.state import State

#: parts kept before the table is emptied (a lockstep game makes some 300 states of
#: 16 lines and a few holdings; two sides share one API in process)
_KEPT: Final = 4096


_R = TypeVar("_R")


def _bytes(value: Any) -> bytes:
    return marshal.dumps(value, 0)


def _board_json(board: Board, _: Board) -> Any:
    return board.to_json()


def _options_json(options: Options, _: Board) -> Any:
    return options.to_json()


def _as_is(value: Any, _: Board) -> Any:
    return value


def _record(record: tuple[Any, ...], _: Board) -> Any:
    """A line's or a holding's fields as they are (a named tuple is no ``marshal``
    value; its fields are: strings, numbers, tuples and sets of them)."""
    return tuple(record)


class Texts:
    """Writes positions' exact texts, reusing the text of each record it has seen."""

    def __init__(self) -> None:
        #: id(record) -> (the record, the board it was written against, its text); the
        #: record is held so that its id is not reused while it is here
        self._parts: dict[int, tuple[object, Board, bytes]] = {}

    def _part(self, record: _R, board: Board, write: Callable[[_R, Board], Any]) -> bytes:
        found = self._parts.get(id(record))
        if found is not None and found[0] is record and found[1] is board:
            return found[2]
        text = _bytes(write(record, board))
        self._keep(record, board, text)
        return text

    def text(self, state: State) -> bytes:
        """A text equal for two states only where their ``codec.to_json`` are equal (the
        module's docstring)."""
        board = state.board
        part = self._part
        p = state.pending
        out = [
            part(board, board, _board_json),
            part(state.options, board, _options_json),
            # the fields ``to_json`` writes the turn, the pending move and the supply
            # from, as they are (``marshal`` tells their types apart as JSON would)
            _bytes((state.players, state.phase, state.end_reason, state.active,
                    state.actions_taken, sorted(state.moved),
                    None if p is None else (*p[:5], None if p.high is None else (*p.high,)),
                    state.passengers, state.supplementary_issued, state.tiles_left,
                    state.tiles_elsewhere, state.imaginary_tiles, state.bank_paid,
                    [ln.id for ln in state.lines])),
            part(state.city_tokens, board, _as_is),
        ]
        out.append(self._each(state.lines, board, _record))
        out.append(self._each(state.holdings, board, _record))
        return b"".join(out)

    def _each(self, records: tuple[_R, ...], board: Board,
              write: Callable[[_R, Board], Any]) -> bytes:
        """The texts of ``records``, one after another: kept for the tuple as well (an
        action leaves every line, or every holding, as it was more often than not)."""
        found = self._parts.get(id(records))
        if found is not None and found[0] is records and found[1] is board:
            return found[2]
        text = b"".join([self._part(r, board, write) for r in records])
        self._keep(records, board, text)
        return text

    def _keep(self, record: object, board: Board, text: bytes) -> None:
        if len(self._parts) >= _KEPT:
            self._parts.clear()
        self._parts[id(record)] = (record, board, text)
