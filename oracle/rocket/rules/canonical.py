"""The legal actions in canonical order: their canonical texts sorted, in groups.

A fuzz lockstep compares both sides' listings at every step and draws A's action
from them in the order of their canonical texts (sorted keys, no spaces). Writing
out some 260 texts a position and sorting them was a third of a step, though one
action changes few of them. ``legal_groups`` lists a position as groups, each the
sorted texts of the actions that depend on one thing, written once per what that
thing is (a content key, not a position) and handed on unchanged to every later
listing with the same key:

* a line's moves: the line, the player and the line's destinations (which the
  position keeps until a line moves: ``Geometry.destinations_kept``);
* new stations: the player and the set of spaces open to one (bits in the order of
  the spaces' texts, ``Board.text_bits``);
* one station's moves: the player, the station's space and the set it may move to;
* the city tokens: the player and the tuple of tokens left (unchanged by anything
  but taking one).

The texts of one group share everything before the space or token they name, and a
JSON string ends at its first unescaped quote, so no group's texts interleave with
another's: the groups, ordered by their first texts, are the sorted listing
(tests/rocket/test_canonical_listing.py holds it equal to the sorted texts of
``legal_json`` on random games, and each group to one action type). An action's
listing after another shares every group whose key it left alone, and the two
sides of an in-process lockstep, each working out its own keys, are handed the
very same group objects exactly where their keys are equal, so comparing their
listings is one pointer per group.

A rule set that lists otherwise (a mutant overriding ``station_spaces``,
``legal_moves`` or ``legal_tokens``, or listing the action phase its own way) is
listed through ``legal_json``, and so is every phase but the action phase; those
texts are sorted and grouped by type as they come. One overriding ``destinations``
is asked through it, line by line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby
from operator import getitem, itemgetter
from typing import Any, Final, overload

from oracle.rocket.board import Board
from oracle.rocket.movement import Geometry
from oracle.rocket.rules import Rules
from oracle.rocket.rules.listing import (
    _LINES,
    _Q,
    _STATIONS,
    _lists_as_turn,
    _looked_up,
    _Texts,
    canonical_text,
    legal_json,
)
from oracle.rocket.rules.moving import Moving
from oracle.rocket.rules.stations import Stations, _listed
from oracle.rocket.rules.turn import Turn
from oracle.rocket.rules.veto import Veto
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    State,
)

#: a group: the sorted canonical texts of actions of one type (a tuple, or a station
#: group written when read: ``_Spaces``)
Group = Sequence[str]

#: groups kept per table before it is emptied (a game's listings reuse a few hundred;
#: the keys come from positions, so the tables are bounded)
_KEPT: Final = 8192
#: entries kept by identity (``_tokens_group``, ``_line_groups``) before they are
#: emptied: only the last few positions' are found again (the next action's, each
#: side's), and each holds its tuple of lines or tokens alive
_SEEN_KEPT: Final = 256


class _Groups(dict[Any, Group]):
    """A content key -> its group, written once by ``write``; bounded."""

    def __init__(self, write: Callable[[Any], Group]) -> None:
        super().__init__()
        self.write = write

    def __missing__(self, key: Any) -> Group:
        if len(self) >= _KEPT:
            self.clear()
        group = self[key] = self.write(key)
        return group


def _line_group(key: tuple[str, str, tuple[str, ...]]) -> Group:
    player, line, to = key
    return tuple(sorted(_looked_up(_LINES[player, line], to)))


class _Spaces(Sequence[str]):
    """The texts of ``table`` (one player's new stations, or one station's moves) for
    the spaces of ``order`` whose bits ``mask`` holds, in ``order`` (the spaces'
    texts' order, so the texts'), written out only as they are read.

    A station group is written anew nearly every time its player lists (any track,
    locomotive or station placed since changes its spaces), some 100 texts each, though
    a lockstep step reads of it only its size and first text (the chooser's draw of an
    action type) unless it draws from it, and then the one text drawn: a text read by
    its place is written alone (each space's text is written once and kept, in
    ``_STATIONS``), and all of them only when the group is iterated, sliced or
    compared with another key's (a listing's digest, a listing told apart). Equal to
    any sequence of the same texts; two of one key are the one object
    (``_StationGroups``)."""

    __slots__ = ("_texts", "first", "mask", "order", "size", "table")

    def __init__(self, table: _Texts, order: tuple[str, ...], mask: int) -> None:
        self.table, self.order, self.mask = table, order, mask
        self.size = mask.bit_count()
        self.first = table[order[(mask & -mask).bit_length() - 1]]
        self._texts: tuple[str, ...] | None = None

    def _all(self) -> tuple[str, ...]:
        texts = self._texts
        if texts is None:
            texts = self._texts = tuple(_looked_up(self.table,
                                                   _listed(self.order, self.mask)))
        return texts

    def __len__(self) -> int:
        return self.size

    def joined(self) -> bytes:
        """``",".join(self).encode()`` (a listing's digest hashes it), written from the
        spaces' JSON texts between the table's ``head`` and ``tail`` without writing
        each text."""
        if self._texts is not None:
            return ",".join(self._texts).encode()
        table = self.table
        # the spaces' JSON texts, a byte of the mask at a time, each byte's already
        # joined by NUL (``_chunks``), joined by NUL again in C; NUL is in no JSON text
        # (json.dumps escapes it), so it stands for the separator between two texts
        chunks = _chunks(self.order)
        quoted = _NUL.join(filter(None, map(getitem, chunks,
                                            self.mask.to_bytes(len(chunks), "little"))))
        # bytes throughout: one copy of the whole fewer than writing a str and encoding
        return b"%b%b%b" % (table.head_bytes, quoted.replace(_NUL, table.between),
                            table.tail_bytes)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...

    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        if type(i) is int:
            if i == 0:
                return self.first
            if self._texts is None:  # one text (the chooser's draw): not every one
                return self.table[_listed(self.order, self.mask)[i]]
        return self._all()[i]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        """Equal as the tuple of its texts would be: to such a tuple, or to another
        ``_Spaces`` of the same texts (of one key: without writing them)."""
        if other is self:
            return True
        if type(other) is _Spaces:
            if other.table is self.table and other.order is self.order:
                return other.mask == self.mask
            return self._all() == other._all()
        if isinstance(other, tuple):
            return self._all() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (equal to tuples, which hash otherwise)

    def __repr__(self) -> str:
        return repr(self._all())


_NUL: Final = b"\0"

#: id(an order of spaces) -> (that order, its chunks): the order held, so its id is not
#: reused while it is here (one order a board: ``Board.open_land_texts``)
_CHUNKS: dict[int, tuple[tuple[str, ...], tuple[tuple[bytes, ...], ...]]] = {}


def _chunks(order: tuple[str, ...]) -> tuple[tuple[bytes, ...], ...]:
    """For each eight spaces of ``order`` (the bits of one byte of a mask, lowest
    first), and each value of that byte: the JSON texts of the spaces its bits hold,
    in order, as UTF-8, joined by NUL (empty for none). Written once an order (some 6,000
    strings a board), so a station group's joined bytes are read a byte at a time,
    not a space at a time (``_Spaces.joined``)."""
    found = _CHUNKS.get(id(order))
    if found is not None and found[0] is order:
        return found[1]
    quoted = [_Q[space].encode() for space in order]
    chunks = tuple(
        tuple(_NUL.join(quoted[start + bit] for bit in range(8)
                        if value >> bit & 1 and start + bit < len(order))
              for value in range(256))
        for start in range(0, len(order), 8))
    if len(_CHUNKS) >= 64:
        _CHUNKS.clear()
    _CHUNKS[id(order)] = (order, chunks)
    return chunks


class _StationGroups(_Groups):
    """(player, source or None, spaces as bits) -> the texts of that player's new
    stations (source None) or of the moves of the station on ``source``, for the
    spaces of the bits (``Board.text_bits`` of ``board``): in the order of the spaces'
    texts already, so in the texts' order (a ``_Spaces``, written when read)."""

    def __init__(self, board: Board) -> None:
        super().__init__(self._texts)
        self.board = board

    def _texts(self, key: tuple[str, str | None, int]) -> Group:
        player, source, mask = key
        return _Spaces(_STATIONS[player, source], self.board.open_land_texts, mask) \
            if mask else ()


#: id(board) -> (the board, its station groups): the board held, so its id is not
#: reused while it is here (boards are no keys: they hold dicts)
_BY_BOARD: dict[int, tuple[Board, _StationGroups]] = {}


def _station_groups(board: Board) -> _StationGroups:
    found = _BY_BOARD.get(id(board))
    if found is not None and found[0] is board:
        return found[1]
    if len(_BY_BOARD) >= 64:
        _BY_BOARD.clear()
    groups = _StationGroups(board)
    _BY_BOARD[id(board)] = (board, groups)
    return groups


def _token_group(key: tuple[str, tuple[tuple[str, ...], ...], tuple[str, ...]]) -> Group:
    player, tokens, cities = key
    return tuple(sorted(f'{{"city":{_Q[c]},"industry":{_Q[i]},"player":{player},'
                        f'"type":"take_token"}}'
                        for c, left in zip(cities, tokens, strict=True) for i in set(left)))


_LINE_GROUPS: Final = _Groups(_line_group)
_TOKEN_GROUPS: Final = _Groups(_token_group)

#: (id of a position's city tokens, the player's text) -> (those tokens, the board's
#: cities, their group): the tokens change only when one is taken, so most listings
#: find their group here without hashing every city's tokens; the tokens and cities
#: held, so their ids are not reused while here; bounded
_TOKENS_SEEN: dict[tuple[int, str], tuple[Any, Any, Group]] = {}


def _tokens_group(player: str, tokens: tuple[tuple[str, ...], ...],
                  cities: tuple[str, ...]) -> Group:
    """``_TOKEN_GROUPS[player, tokens, cities]``, found by the tokens' identity first."""
    seen = _TOKENS_SEEN.get((id(tokens), player))
    if seen is not None and seen[0] is tokens and seen[1] is cities:
        return seen[2]
    group = _TOKEN_GROUPS[player, tokens, cities]
    if len(_TOKENS_SEEN) >= _SEEN_KEPT:
        _TOKENS_SEEN.clear()
    _TOKENS_SEEN[id(tokens), player] = (tokens, cities, group)
    return group


def legal_groups(rules: Rules, state: State) -> list[Group]:
    """``legal_json``'s actions as their canonical texts, sorted, in groups of one
    type (the module's docstring); every group non-empty."""
    if state.phase != ACTION or not _groups_as_turn(rules):
        veto = _veto_groups(rules, state)
        return list(veto) if veto is not None else \
            _grouped(canonical_text(a) for a in legal_json(rules, state))
    player = _Q[state.players[state.active]]
    board = state.board
    # The tokens, the stations and the lines, each a group or several, none empty,
    # added in the order of their first texts, so in the listing's order, with no sort
    # (a station group reads its first text in Python): a text's first key is the
    # city of a token taken, the source of a station moved, the line of a move, the
    # player of a station placed ("city" < "from" < "line" < "player"); a station's
    # moves by their source's text, the lines' moves by their line's
    # (``_line_groups``). tests/rocket/test_canonical_listing.py holds the order.
    tokens = _tokens_group(player, state.city_tokens, board.cities)
    groups = [tokens] if tokens else []
    h = state.holdings[state.active]
    free = rules.free_in_text_order(state)
    stations = _station_groups(board)
    if type(rules).station_fixed is Stations.station_fixed:  # its test, inlined
        track, locos = state.track_owner, state.loco_at
        movable = [src for src in h.stations if src not in track and src not in locos]
    else:
        fixed = rules.station_fixed
        movable = [src for src in h.stations if not fixed(state, src)]
    movable.sort(key=_Q.__getitem__)
    groups += [stations[player, src, bits]
               for src, bits in zip(movable, free.moves_bits(movable), strict=True) if bits]
    groups += _line_groups(rules, state, player)
    if len(h.stations) < STATIONS_PER_PLAYER and free.free_bits:
        groups.append(stations[player, None, free.free_bits])
    if not groups:  # nothing to do: the one legal action is to pass (iter_legal's Pass)
        return _grouped(canonical_text(a) for a in legal_json(rules, state))
    return groups


def _line_groups(rules: Rules, state: State, player: str) -> Sequence[Group]:
    """The moves of each line the player may move, a group a line, keyed by its
    destinations: for the plain geometry those the position keeps
    (``Geometry.destinations_kept``, its lookup inlined: some 16 lines a listing),
    else as the rule set's ``destinations`` or the geometry's own
    ``destinations_kept`` gives them; in the order of their first texts (their lines'
    texts: the board's order is the IDs' own, which is the same for the lowercase names
    of ``PLACES``, sorted anyway where the groups are made, not each listing)."""
    moved = state.moved
    geometry = rules.geometry
    own = type(geometry)
    if type(rules).destinations is not Moving.destinations or not geometry.plain \
            or own.destinations is not Geometry.destinations \
            or own.destinations_kept is not Geometry.destinations_kept \
            or own._kept is not Geometry._kept:
        kept = geometry.destinations_kept if type(rules).destinations is \
            Moving.destinations else _asked(rules)
        return sorted([_LINE_GROUPS[player, ln.id, dests] for ln in state.lines
                       if ln.status != DISSOLVED and ln.id not in moved
                       and (dests := kept(state, ln.id))], key=_first)
    # The groups depend on the lines, the board, the lines moved and the player alone
    # (the plain destinations on the lines' places): a position that shares all four
    # with one listed before (a station placed or a token taken leaves the very same
    # tuple of lines) is handed that listing's groups.
    lines, board = state.lines, state.board
    seen = _LINES_SEEN.get((id(lines), player, moved))
    if seen is not None and seen[0] is lines and seen[1] is board:
        return seen[2]
    cache = state.destination_cache
    places = board.places
    found = geometry._kept
    groups = []
    for ln in lines:
        lid = ln.id
        if ln.status == DISSOLVED or lid in moved:
            continue
        # destinations_kept's key: where the locomotive stands and heads
        key = (lid, ln.loco, ln.heading) if ln.started and ln.loco is not None \
            else (lid, places[lid], None)
        to = cache.get(key)
        if to is None:
            to = found(state, *key)
        if to:  # (no destination: no group; an empty one is dropped anyway)
            groups.append(_LINE_GROUPS[player, lid, to])
    if len(_LINES_SEEN) >= _SEEN_KEPT:
        _LINES_SEEN.clear()
    groups.sort(key=_first)  # by their line's text (the board's order is another)
    listed = tuple(groups)
    _LINES_SEEN[id(lines), player, moved] = (lines, board, listed)
    return listed


#: (id of a tuple of lines, the player's text, the lines moved) -> (the lines, their
#: board, the groups ``_line_groups`` lists for them): the lines and board held, so
#: their ids are not reused while here; bounded
_LINES_SEEN: dict[tuple[int, str, frozenset[str]],
                  tuple[tuple[Any, ...], Board, tuple[Group, ...]]] = {}


def _groups_as_turn(rules: Rules) -> bool:
    """Whether ``rules`` lists the action phase as ``Turn`` does with the plain
    station spaces, moves and tokens (what ``legal_groups`` writes on its own)."""
    cls = type(rules)
    return (_lists_as_turn(rules) and cls.legal_moves is Turn.legal_moves
            and cls.legal_tokens is Turn.legal_tokens
            and cls.station_spaces is Stations.station_spaces)


def _veto_groups(rules: Rules, state: State) -> list[Group] | None:
    """The veto round's listings (``iter_legal``'s, ``_bids``, ``_defences``), kept by
    what they are made of: who may act, and the bids' least and most shares and
    spaces (asked of the rule set's hooks, as ``_bids`` asks them). None where the
    rule set lists the round its own way, or in another phase."""
    cls, p = type(rules), state.pending
    if cls.iter_legal is not Turn.iter_legal or p is None:
        return None
    players = state.players
    if state.phase == VETO_WINDOW:
        return _VETO_GROUPS[_WINDOW, tuple(map(_Q.__getitem__, players)), state.active]
    li = state.line_index(p.line)
    if state.phase == VETO_BIDDING and cls._bids is Veto._bids:
        pi = p.bidders[0]
        top = min(state.holdings[pi].shares(li), rules.payable(state, pi, li))
        return _VETO_GROUPS[_BIDDING, _Q[players[pi]], max(1, rules.min_bid(state)), top,
                            tuple(rules.veto_spaces(state))]
    if state.phase == VETO_DEFENCE and cls._defences is Veto._defences and p.high is not None:
        pi = state.active
        top = min(state.holdings[pi].shares(li), rules.payable(state, pi, li))
        return _VETO_GROUPS[_DEFENCE, _Q[players[pi]], p.high.shares, top, (p.chosen,)]
    return None


_first: Final = itemgetter(0)

_WINDOW, _BIDDING, _DEFENCE = "window", "bidding", "defence"


def _veto_listing(key: tuple[Any, ...]) -> list[Group]:
    """The texts of a veto round's listing from its key (``_veto_groups``), grouped."""
    if key[0] == _WINDOW:
        players, active = key[1], key[2]
        return _grouped([*(f'{{"player":{q},"type":"call_veto"}}' for q in players),
                         f'{{"player":{players[active]},"type":"place_tile"}}'])
    kind, player, low, top, spaces = key
    refuse, offer = ("veto_pass", "veto_bid") if kind == _BIDDING else ("concede", "defend")
    return _grouped([f'{{"player":{player},"type":"{refuse}"}}', *(
        f'{{"player":{player},"shares":{n},"to":{_Q[s]},"type":"{offer}"}}'
        for n in range(low, top + 1) for s in spaces)])


class _VetoGroups(dict[tuple[Any, ...], list[Group]]):
    """A veto round's key -> its groups, written once; bounded."""

    def __missing__(self, key: tuple[Any, ...]) -> list[Group]:
        if len(self) >= _KEPT:
            self.clear()
        groups = self[key] = _veto_listing(key)
        return groups


_VETO_GROUPS: Final = _VetoGroups()


def _asked(rules: Rules) -> Callable[[State, str], tuple[str, ...]]:
    """A rule set's own ``destinations``, as a tuple."""
    return lambda state, line: tuple(rules.destinations(state, line))


_TYPE_START: Final = '"type":'


def _type_of(text: str) -> str:
    """A canonical text from its ``"type":`` key on (the last key of every Rocket
    action; no string value holds it, a quote in a string being escaped): texts
    alike there are of one type. A text without it stands for itself."""
    at = text.rfind(_TYPE_START)
    return text[at:] if at >= 0 else text


def _grouped(texts: Iterable[str]) -> list[Group]:
    """``texts`` sorted, in runs of one type each."""
    ordered = sorted(texts)
    return [tuple(run) for _, run in groupby(ordered, key=_type_of)]


