"""A position's exact text, for comparing two positions without building either's JSON.

The fuzz lockstep compares both sides' positions after every action. Building each
side's JSON (``codec.to_json``, some 7 kB of fresh dicts and lists) and comparing the
two with ``==`` was over a third of an in-process step, though most of a position is
the same from one action to the next: the board never changes, and an action touches
one line or one player's holding. ``Texts.text`` writes a position as the ``marshal``
(version 0) bytes of ``to_json``'s parts, in ``to_json``'s order, and keeps the bytes
of the parts that come from a record (the board, the options, each line, each
holding, the city tokens) while that very record object lives on in the next states
(the records are immutable, and ``State.evolve`` shares the ones an action leaves
alone).

Exact: ``marshal`` version 0 writes each type with its own code (``1``, ``1.0`` and
``True`` differ, None is not NaN), with lengths, no interning and no back-references,
so each part's bytes say its JSON value exactly, and the parts come in a fixed order
with their count (the lines' IDs, the players) written first: two texts are equal
only where the two ``to_json`` are equal. tests/rocket/test_encoded.py holds that on
positions of random games.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any, Final, TypeVar

from oracle.rocket import codec
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
        """The exact text of ``codec.to_json(state)`` (the module's docstring)."""
        board = state.board
        part = self._part
        out = [
            part(board, board, _board_json),
            part(state.options, board, _options_json),
            _bytes((state.players, state.phase, state.end_reason, codec.turn_json(state),
                    codec.pending_json(state), codec.supply_json(state),
                    [ln.id for ln in state.lines])),
            part(state.city_tokens, board, codec.city_tokens_json),
        ]
        out.append(self._each(state.lines, board, codec.line_json))
        out.append(self._each(state.holdings, board, codec.holding_json))
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
