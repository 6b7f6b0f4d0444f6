"""A position's canonical text and digest, written from kept parts.

With the protocol's ``digests`` (oracle/protocol/digests.py), both sides of a served
fuzz step answer each new position by the SHA-256 of its canonical text. Writing it
as ``canonical(codec.to_json(state))`` built the whole position's JSON (some 7 kB of
fresh dicts) and then dumped it sorted, though an action changes little of a
position: the board never changes, and an action touches one line or one player's
holding, and of those one part (a holding's stations, shares or tokens, a line's
track). ``Digested.text`` writes the same bytes from the canonical texts of parts,
each kept while the very object it was written from lives on in the next states (the
records are immutable, and ``State.evolve`` and ``NamedTuple._replace`` share the ones
an action leaves alone): the board, the options and the city tokens by their objects
(``_part``); the lines' and the holdings' objects from the last ones written, record by
record (``_Object``), and a line or a holding an action made from the one it replaces,
its sets and tuples it shares with that one not written again. The parts are put
together between their keys in sorted order.

Exact: a part's text is orjson's sorted dump of that part's JSON, which is the
substring orjson writes for it inside the whole position's sorted dump, and the keys
around them are written as that dump writes them (sorted, no spaces; the few fields
of no record, the turn, the pending move, the supply, ..., in one sorted dump). Where
orjson refuses any of it (an integer past 64 bits, a lone surrogate), the canonical
text falls back to the standard module for the whole position, so the text is written
as ``canonical`` writes it then: the whole ``to_json`` written again.
tests/rocket/test_digested.py holds it on random games.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from itertools import compress
from operator import is_not
from typing import Any, Final, TypeVar

import orjson

from oracle.core.canonical import canonical_text, text_digest
from oracle.rocket import codec
from oracle.rocket.board import Board
from oracle.rocket.state import Holding, Line, State

#: parts kept by their objects before the table is emptied (a board, its options and
#: some tens of city tokens' tuples a game)
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


def _dump(value: Any) -> bytes:
    """``_sorted_dump``, ``_Refused`` where orjson refuses it."""
    text = _sorted_dump(value)
    if text is None:
        raise _Refused
    return text


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
        #: the lines' and the holdings' objects last written (``_Object``)
        self._lines = _Object()
        self._holdings = _Object()

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

    @staticmethod
    def _line(line: Line, board: Board, old: Line | None,
              memo: tuple[bytes, bytes] | None) -> tuple[bytes, tuple[bytes, bytes]]:
        """A line's text, and its sets' texts (``connected``, ``track``) to write the
        next line of its place from: a line an action made shares the sets it left
        alone (``NamedTuple._replace``) with ``old``, the line it replaces. Its keys in
        sorted order: ``connected``, the values' (``discarded`` to ``status``),
        ``track``."""
        connected = track = None
        if old is not None and memo is not None:
            if line.connected is old.connected:
                connected = memo[0]
            if line.track is old.track:
                track = memo[1]
        if connected is None:
            connected = _dump(sorted(line.connected))
        if track is None:
            track = _dump(codec.spaces_json(line.track, board))
        values = _dump(codec.line_values_json(line))
        return _LINE % (connected, values[1:-1], track), (connected, track)

    @staticmethod
    def _holding(holding: Holding, board: Board, old: Holding | None,
                 memo: tuple[bytes, bytes, bytes] | None
                 ) -> tuple[bytes, tuple[bytes, bytes, bytes]]:
        """A holding's text, and its shares', stations' and tokens' texts, as a line's
        (``_line``): an action changes one of them."""
        shares = stations = tokens = None
        if old is not None and memo is not None:
            if holding.real is old.real and holding.supplementary is old.supplementary:
                shares = memo[0]
            if holding.stations is old.stations:
                stations = memo[1]
            if holding.tokens is old.tokens:
                tokens = memo[2]
        if shares is None:
            shares = _dump(codec.shares_json(holding.real, holding.supplementary, board))
        if stations is None:
            stations = _dump(codec.spaces_json(holding.stations, board))
        if tokens is None:
            tokens = _dump(codec.tokens_json(holding.tokens))
        return _HOLDING % (_dump(holding.money), _dump(holding.passengers), shares,
                           stations, tokens), (shares, stations, tokens)

    def text(self, state: State) -> bytes:
        """Exactly ``canonical_text(codec.to_json(state))`` (the module's docstring)."""
        split = self._split(state)
        if split is None:
            return canonical_text(codec.to_json(state))  # the standard module's way, whole
        board_text, rest = split
        return b"%b%b,%b" % (_BOARD_KEY, board_text, rest)

    def _split(self, state: State) -> tuple[bytes, bytes] | None:
        """The board's canonical text, and the rest of the position's canonical text
        after it and its comma (``board`` is the first key in sorted order: the whole
        text is ``{"board":`` + the one + ``,`` + the other); None where orjson refuses
        a part (``text`` then writes it the standard module's way)."""
        board = state.board
        part = self._part
        players = state.players
        # the keys after ``options``, as one object: its text but the ``{`` goes last
        last = _sorted_dump({
            "players": list(players), "turn": codec.turn_json(state),
            "phase": state.phase, "pending": codec.pending_json(state),
            "supply": codec.supply_json(state), "version": codec.VERSION})
        if last is None:
            return None
        try:
            texts = (
                part(state.city_tokens, board, None, _city_tokens),
                _sorted_dump(state.end_reason),
                self._holdings.text(state.holdings, players, board, self._holding),
                self._lines.text(state.lines, None, board, self._line),
                part(state.options, board, None, _options),
                last[1:],
            )
            board_text = part(board, board, None, _board)
        except _Refused:  # a line's or a holding's text refused by orjson
            return None
        if board_text is None or None in texts:
            return None
        return board_text, _REST % texts

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
        hashed.update(rest)
        return hashed.hexdigest()


#: a record's writer: its text, and what it keeps (``memo``) to write the record that
#: replaces it from (given that record, ``old``, and its own memo; None the first time)
_Write = Callable[[Any, Board, Any, Any], tuple[bytes, Any]]


class _Object:
    """A JSON object's canonical text written from a tuple of records, each under its
    key: the entries of the last tuple written are kept, so that the next state's
    tuple, which differs in a record or two (``State.evolve`` shares the others),
    has only those written again, each from the one it replaces (``_Write``)."""

    __slots__ = ("board", "entries", "keys", "memos", "names", "order", "records",
                 "written")

    def __init__(self) -> None:
        self.records: tuple[Any, ...] = ()
        self.board: Board | None = None
        #: the keys as given (the players' tuple), or None (each record's ``id``)
        self.keys: tuple[str, ...] | None = None
        #: each key's JSON text, each record's ``"key":text`` and its writer's memo, in
        #: the records' order
        self.names: list[bytes] = []
        self.entries: list[bytes] = []
        self.memos: list[Any] = []
        #: the records' places in their keys' sorted order (None: already sorted)
        self.order: list[int] | None = None
        self.written = b""

    def text(self, records: tuple[Any, ...], keys: tuple[str, ...] | None, board: Board,
             write: _Write) -> bytes:
        """``{`` + each record's key's JSON text (``keys``', else the record's ``id``),
        ``:``, its text (``write``'s), in the keys' sorted order, + ``}``; ``_Refused``
        where orjson refuses a text."""
        old = self.records
        if records is old and board is self.board and keys is self.keys:
            return self.written
        if board is self.board and keys is self.keys and len(records) == len(old):
            entries, memos, names = list(self.entries), list(self.memos), self.names
            for i in compress(range(len(records)), map(is_not, old, records)):
                record = records[i]
                if keys is None and record.id != old[i].id:  # other keys: written anew
                    break
                text, memos[i] = write(record, board, old[i], memos[i])
                entries[i] = b"%b:%b" % (names[i], text)
            else:
                return self._written(records, keys, board, entries, memos)
        ids = list(keys) if keys is not None else [r.id for r in records]
        if len(set(ids)) != len(ids):  # (a dict keeps one of each key: the whole way)
            raise _Refused
        names = [_dump(k) for k in ids]
        written = [write(r, board, None, None) for r in records]
        order = sorted(range(len(ids)), key=ids.__getitem__)
        self.names, self.order = names, None if order == list(range(len(ids))) else order
        return self._written(records, keys, board,
                             [b"%b:%b" % (n, t) for n, (t, _) in zip(names, written,
                                                                       strict=True)],
                             [memo for _, memo in written])

    def _written(self, records: tuple[Any, ...], keys: tuple[str, ...] | None,
                 board: Board, entries: list[bytes], memos: list[Any]) -> bytes:
        self.records, self.keys, self.board = records, keys, board
        self.entries, self.memos = entries, memos
        order = self.order
        joined = b",".join(entries if order is None else [entries[i] for i in order])
        text = self.written = b"{%b}" % joined
        return text


#: the first key of a position's canonical text, with its quotes and colon
_BOARD_KEY: Final = b'{"board":'


class _Refused(Exception):
    """A part's text that orjson refused, inside the lines or the holdings."""


#: a line's and a holding's canonical texts, the keys in sorted order
_LINE: Final = b'{"connected":%b,%b,"track":%b}'
_HOLDING: Final = (b'{"money":%b,"passengers":%b,"shares":%b,"stations":%b,'
                   b'"tokens":%b}')
#: the position's canonical text after the board's and its comma: the keys in sorted
#: order, the last ones (``pending`` on) written as one object whose ``{`` is left out
_REST: Final = (b'"city_tokens":%b,"end_reason":%b,"game":"rocket","holdings":%b,'
                b'"lines":%b,"options":%b,%b')
