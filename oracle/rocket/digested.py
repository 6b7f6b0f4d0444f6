"""A position's canonical text and digest, written from kept parts.

With the protocol's ``digests`` (oracle/protocol/digests.py), both sides of a served
fuzz step answer each new position by the SHA-256 of its canonical text. Writing it
as ``canonical(codec.to_json(state))`` built the whole position's JSON (some 7 kB of
fresh dicts) and then dumped it sorted, though an action changes little of a
position: the board never changes, and an action touches one line or one player's
holding. ``Digested.text`` writes the same bytes from the canonical texts of the
parts that come from a record (the board, the options, each line, each holding, the
city tokens), kept while that very record object lives on in the next states (the
records are immutable, and ``State.evolve`` shares the ones an action leaves alone),
and inserted verbatim by orjson (``orjson.Fragment``), which sorts the keys around
them.

Exact: a part's text is orjson's sorted dump of that part's JSON, which is the
substring orjson writes for it inside the whole position's sorted dump; the few
fields of no record (the turn, the pending move, the supply, ...) are written in the
same call. Where orjson refuses any of it (an integer past 64 bits, a lone
surrogate), the canonical text falls back to the standard module for the whole
position, so the text is written as ``canonical`` writes it then: the whole
``to_json`` written again. tests/rocket/test_digested.py holds it on random games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, Final, TypeVar

import orjson

from oracle.core.canonical import canonical_text, text_digest
from oracle.rocket import codec
from oracle.rocket.board import Board
from oracle.rocket.state import Holding, Line, State

#: parts kept before the table is emptied (a game makes some 300 states of 16 lines
#: and a few holdings)
_KEPT: Final = 4096

_SORTED: Final = orjson.OPT_SORT_KEYS

_R = TypeVar("_R")


def _sorted_dump(value: Any) -> bytes | None:
    """orjson's sorted dump (``canonical``'s first way), or None where it refuses
    (the whole position then goes the standard module's way)."""
    try:
        return orjson.dumps(value, option=_SORTED)
    except orjson.JSONEncodeError:
        return None


def _board(board: Board, _: Board, __: object) -> Any:
    return board.to_json()


def _options(options: Any, _: Board, __: object) -> Any:
    return options.to_json()


def _city_tokens(tokens: tuple[tuple[str, ...], ...], board: Board, _: object) -> Any:
    return codec.city_tokens_json(tokens, board)


def _line(line: Line, board: Board, _: object) -> Any:
    return codec.line_json(line, board)


def _holding(holding: Holding, board: Board, _: object) -> Any:
    return codec.holding_json(holding, board)


class Digested:
    """Writes positions' canonical texts, reusing the text of each record it has seen."""

    def __init__(self) -> None:
        #: id(record) -> (the record, the board and the context it was written against,
        #: its text or None where orjson refused it); the record is held so that its id
        #: is not reused while it is here
        self._parts: dict[int, tuple[object, Board, object, bytes | None]] = {}
        #: id(a board's canonical text) -> (that text, SHA-256 of ``{"board":`` + it
        #: + ``,``): the text held, so its id is not reused while it is here
        self._boards: dict[int, tuple[bytes, Any]] = {}

    def _part(self, record: _R, board: Board, context: object,
              write: Callable[[_R, Board, object], Any]) -> bytes | None:
        found = self._parts.get(id(record))
        if found is not None and found[0] is record and found[1] is board \
                and found[2] is context:
            return found[3]
        text = _sorted_dump(write(record, board, context))
        if len(self._parts) >= _KEPT:
            self._parts.clear()
        self._parts[id(record)] = (record, board, context, text)
        return text

    def _lines(self, lines: tuple[Line, ...], board: Board, _: object) -> Any:
        """The lines' object, each line's text kept (the tuple's own text is kept too:
        most actions leave every line as it was)."""
        texts = _all([self._part(ln, board, None, _line) for ln in lines])
        return {ln.id: orjson.Fragment(t) for ln, t in zip(lines, texts, strict=True)}

    def _holdings(self, holdings: tuple[Holding, ...], board: Board,
                  players: Any) -> Any:
        texts = _all([self._part(h, board, None, _holding) for h in holdings])
        return {p: orjson.Fragment(t) for p, t in zip(players, texts, strict=True)}

    def text(self, state: State) -> bytes:
        """Exactly ``canonical_text(codec.to_json(state))`` (the module's docstring)."""
        split = self._split(state)
        if split is None:
            return canonical_text(codec.to_json(state))  # the standard module's way, whole
        board_text, rest = split
        return b"%b%b,%b" % (_BOARD_KEY, board_text, rest[1:])

    def _split(self, state: State) -> tuple[bytes, bytes] | None:
        """The board's canonical text, and the canonical text of the position's object
        without it (``board`` is the first key in sorted order: the whole text is
        ``{"board":`` + the one + ``,`` + the other's after its ``{``); None where
        orjson refuses a part (``text`` then writes it the standard module's way)."""
        board = state.board
        part = self._part
        try:
            options = part(state.options, board, None, _options)
            board_text = part(board, board, None, _board)
            lines = part(state.lines, board, None, self._lines)
            holdings = part(state.holdings, board, state.players, self._holdings)
            city_tokens = part(state.city_tokens, board, None, _city_tokens)
        except _Refused:  # a line's or a holding's text refused by orjson
            return None
        if options is None or board_text is None or lines is None or holdings is None \
                or city_tokens is None:
            return None
        try:
            # the keys and fields of ``codec.to_json`` but the board, the parts' texts
            # verbatim
            return board_text, orjson.dumps({
                "game": "rocket", "version": codec.VERSION,
                "options": orjson.Fragment(options),
                "players": list(state.players), "turn": codec.turn_json(state),
                "phase": state.phase, "pending": codec.pending_json(state),
                "lines": orjson.Fragment(lines), "holdings": orjson.Fragment(holdings),
                "city_tokens": orjson.Fragment(city_tokens),
                "supply": codec.supply_json(state), "end_reason": state.end_reason,
            }, option=_SORTED)
        except orjson.JSONEncodeError:
            return None

    def digest(self, state: State) -> str:
        """``position_digest(codec.to_json(state))``: SHA-256 of ``text``, in hex. The
        board's text comes first and never changes in a game: the hash of
        ``{"board":`` + it + ``,`` is worked out once per board and carried on from (a
        copy of SHA-256's state: the same digest as hashing the whole text)."""
        split = self._split(state)
        if split is None:
            return text_digest(self.text(state))
        board_text, rest = split
        found = self._boards.get(id(board_text))
        if found is None or found[0] is not board_text:
            if len(self._boards) >= 64:
                self._boards.clear()
            found = self._boards[id(board_text)] = (
                board_text, hashlib.sha256(b"%b%b," % (_BOARD_KEY, board_text)))
        hashed = found[1].copy()
        hashed.update(memoryview(rest)[1:])
        return hashed.hexdigest()


#: the first key of a position's canonical text, with its quotes and colon
_BOARD_KEY: Final = b'{"board":'


class _Refused(Exception):
    """A part's text that orjson refused, inside the lines or the holdings."""


def _all(texts: list[bytes | None]) -> list[bytes]:
    """``texts``, each written; ``_Refused`` where orjson refused one."""
    written = [t for t in texts if t is not None]
    if len(written) != len(texts):
        raise _Refused
    return written
