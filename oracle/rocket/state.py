"""The position: an immutable value. Rules code builds new states with ``replace``.

Per-line and per-player records sit in tuples aligned with ``board.lines`` and
``players``, so lookups are index arithmetic and nothing is shared mutably.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, TypeVar, overload

from oracle.rocket.board import Board
from oracle.rocket.options import Options

SHARES_PER_LINE: Final = 16
STATIONS_PER_PLAYER: Final = 7  # SR-STA-02
TILES: Final = 60
PASSENGERS: Final = 9

# Line status.
ACTIVE: Final = "active"
ISOLATED: Final = "isolated"  # SR-ISO-01
DISSOLVED: Final = "dissolved"

# Phases.
ACTION: Final = "action"
VETO_WINDOW: Final = "veto_window"   # after a move: anyone may ask for a veto round
VETO_BIDDING: Final = "veto_bidding"  # one lap of bids, starting left of the mover
VETO_DEFENCE: Final = "veto_defence"  # the mover may equal or top the high bid
OVER: Final = "over"


_T = TypeVar("_T")


class memo(Generic[_T]):
    """``functools.cached_property`` without the lock Python 3.11 takes on every
    first access (a measurable cost when each action makes a new State)."""

    def __init__(self, fn: Callable[[Any], _T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> memo[_T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> _T | memo[_T]:
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


class Line(NamedTuple):
    id: str
    started: bool
    status: str
    loco: str | None  # None while unstarted (on the starting town) or once dissolved
    heading: str | None
    track: frozenset[str]
    connected: frozenset[str]
    pile: int  # real shares available to take
    discarded: int  # real shares out of the game (isolation, dissolution)
    merged_into: str | None = None


class Holding(NamedTuple):
    """What one player has."""

    money: int
    real: tuple[int, ...]  # real shares per line (aligned with board.lines)
    supplementary: tuple[int, ...]  # supplementary shares per line
    stations: frozenset[str]  # spaces of this player's stations on the board
    tokens: tuple[tuple[str, str, int], ...]  # sorted (city, industry, count), count > 0
    passengers: int

    def shares(self, li: int) -> int:
        """SR-SUP-01: supplementary shares count as real ones for every purpose."""
        return self.real[li] + self.supplementary[li]


class Bid(NamedTuple):
    player: int
    shares: int
    to: str


class Pending(NamedTuple):
    """A locomotive move that is not final yet (SR-SEQ-01: veto before the tile)."""

    line: str
    origin: str  # the space the locomotive left (its starting town on a first move)
    origin_heading: str | None  # None on the first move: any direction (research 3.3)
    chosen: str  # the space the mover chose; the locomotive stands there meanwhile
    bidders: tuple[int, ...] = ()  # players still to bid, in order
    high: Bid | None = None


@dataclass(frozen=True)
class State:
    board: Board
    options: Options
    players: tuple[str, ...]
    active: int
    actions_taken: int
    moved: frozenset[str]
    phase: str
    pending: Pending | None
    lines: tuple[Line, ...]
    holdings: tuple[Holding, ...]
    city_tokens: tuple[tuple[str, ...], ...]  # tokens left on each city (board.cities order)
    passengers: int  # passenger tokens left in the supply
    supplementary_issued: int  # supplementary shares held by players, all lines
    tiles_left: int
    #: tiles laid on parts of the board a scenario does not draw (0 in a real game)
    tiles_elsewhere: int
    imaginary_tiles: int  # SR-MRG-04: the merger's tile laid after the last one
    bank_paid: int
    end_reason: str | None = None

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def line_index(self, line_id: str) -> int:
        return self.board.line_order[line_id]

    def line(self, line_id: str) -> Line:
        return self.lines[self.board.line_order[line_id]]

    @memo
    def track_owner(self) -> dict[str, str]:
        """space -> the line whose track tile lies there."""
        return self._occupancy()[0]

    @memo
    def loco_at(self) -> dict[str, str]:
        """space -> the line whose locomotive stands there (starting town if unstarted)."""
        return self._occupancy()[1]

    @memo
    def blocked(self) -> frozenset[str]:
        """Spaces no locomotive may enter: places, track tiles, locomotives."""
        # One frozenset built from the board's own, not two sets and a copy.
        return self.board.place_spaces.union(self.track_owner, self.loco_at)

    @memo
    def station_owner(self) -> dict[str, int]:
        return {s: i for i, h in enumerate(self.holdings) for s in h.stations}

    @memo
    def line_presence(self) -> dict[str, str]:
        """space -> line, for every space that is part of a started line (track or
        locomotive). SR-MRG-02/03: starting towns and unstarted lines are not."""
        return self._occupancy()[2]

    def _occupancy(self) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
        """track_owner, loco_at and line_presence in one pass over the lines (a move
        needs all three), each cached as its own table."""
        track: dict[str, str] = {}
        locos: dict[str, str] = {}
        presence: dict[str, str] = {}
        places = self.board.places
        for ln in self.lines:
            lid = ln.id
            tiles = ln.track
            for s in tiles:
                track[s] = lid
            if ln.status == DISSOLVED:
                continue
            if not ln.started:
                locos[places[lid]] = lid
                continue
            for s in tiles:
                presence[s] = lid
            if ln.loco:
                locos[ln.loco] = presence[ln.loco] = lid
            else:
                locos[places[lid]] = lid
        values = self.__dict__
        values["track_owner"], values["loco_at"], values["line_presence"] = track, locos, presence
        return track, locos, presence

    @memo
    def destination_cache(self) -> dict[tuple[str, str, str | None], tuple[str, ...]]:
        """(line, origin, heading) -> the spaces the plain geometry lets that
        locomotive move to (movement.Geometry.destinations). Filled as asked; like the
        tables above it is dropped when a line's places change, and it is no part of
        the position (not in equality, hashing or the canonical JSON)."""
        return {}

    @memo
    def lines_left_cache(self) -> dict[str, int]:
        """end_lines option -> Turn.lines_left for the plain rules; dropped whenever a
        line changes at all (a status counts). No part of the position."""
        return {}

    def evolve(self, same_lines: bool = False, same_stations: bool = False, /,
               **changes: object) -> State:
        """A copy with ``changes``. Skips ``dataclasses.replace``'s re-validation
        (the hot path of every action) and drops the cached tables a change may
        touch: the occupancy tables when ``lines`` changes, unless ``same_lines``
        says every line stands where it stood (``same_places``: only shares, status
        or connections changed); ``station_owner`` when ``holdings`` changes, unless
        ``same_stations`` says every player kept the very same stations."""
        values = {**self.__dict__, **changes}
        if "lines" in changes:
            values.pop("lines_left_cache", None)
            if not same_lines:
                for key in _LINE_TABLES:
                    values.pop(key, None)
        if not same_stations and "holdings" in changes:
            values.pop("station_owner", None)
        new = object.__new__(State)
        _set_attribute(new, "__dict__", values)
        return new


_set_attribute: Final = object.__setattr__  # State is frozen: its copies are built whole


def same_places(a: Line, b: Line) -> bool:
    """Whether two records of one line stand on the same spaces the same way: its
    track, its locomotive and heading, started or not, dissolved or not. Every
    occupancy table (and each cached destination) depends on the lines through
    these alone, so a change of shares or status keeps them (``State.evolve``,
    ``same_lines``)."""
    return (a.loco == b.loco and a.heading == b.heading and a.started == b.started
            and (a.status == DISSOLVED) == (b.status == DISSOLVED)
            and (a.track is b.track or a.track == b.track))


def replace_line(state: State, li: int, line: Line, changes: dict[str, object]) -> State:
    """``state`` with line ``li`` replaced (and ``changes``), keeping its cached tables
    while the line stands where it stood (``same_places``), and else the destinations
    the line's change cannot reach (``kept_destinations``)."""
    lines = list(state.lines)
    old = lines[li]
    same = same_places(old, line)
    lines[li] = line
    new = state.evolve(same, lines=tuple(lines), **changes)
    if not same:
        known = state.__dict__.get("destination_cache")
        if known:
            kept = kept_destinations(known, state.board, old, line)
            if kept:
                new.__dict__["destination_cache"] = kept
    return new


def kept_destinations(known: dict[tuple[str, str, str | None], tuple[str, ...]],
                      board: Board, old: Line, new: Line
                      ) -> dict[tuple[str, str, str | None], tuple[str, ...]]:
    """The entries of a position's ``destination_cache`` that stay exact once one line
    ``old`` becomes ``new``, every other line as it was: a locomotive's destinations
    are read off the spaces ahead of it and their neighbours (``Board.within_two``:
    which hold a place, track, a locomotive or another line), so they stand where no
    space within two of it changed its entries in the occupancy tables
    (``State._occupancy``; ``_changed``). Where the locomotive stands off the board's
    land, none is kept. tests/rocket/test_speed_shortcuts.py checks every carried
    entry against a fresh search, action by action, over random games."""
    changed = _changed(old, new, board.places)
    within = board.within_two
    return {key: found for key, found in known.items()
            if (near := within.get(key[1])) is not None and near.isdisjoint(changed)}


def _changed(old: Line, new: Line, places: dict[str, str]) -> set[str]:
    """Every space where the line's entries in the occupancy tables may differ between
    ``old`` and ``new`` (``State._occupancy``), and perhaps a few more: the track
    laid or lifted; where its locomotive stands, or its starting town while it stands
    nowhere else, before and after (a locomotive's entry and its presence); and the
    whole track where the line starts or dissolves (its track's presence)."""
    changed = set(old.track ^ new.track) if old.track is not new.track else set()
    changed.add(old.loco if old.started and old.loco else places[old.id])
    changed.add(new.loco if new.started and new.loco else places[new.id])
    if old.started != new.started or (old.status == DISSOLVED) != (new.status == DISSOLVED):
        changed.update(old.track, new.track)
    return changed


def fast_replace(record: _R, **changes: Any) -> _R:
    """A copy of a record with ``changes`` (the records are named tuples); what
    ``_replace`` does, without its generic field-by-field ``map``."""
    values = list(record)
    index = _FIELD_INDEX[type(record)]
    for name, value in changes.items():
        values[index[name]] = value
    return _new_tuple(type(record), values)


_R = TypeVar("_R", "Line", "Holding", "Pending", "Bid")
_LINE_TABLES: Final = ("track_owner", "loco_at", "line_presence", "blocked",
                       "destination_cache")
#: record type -> field name -> position, for fast_replace
_FIELD_INDEX: Final[dict[type, dict[str, int]]] = {
    cls: {name: i for i, name in enumerate(cls._fields)} for cls in (Line, Holding, Pending, Bid)}
_new_tuple: Final = tuple.__new__
