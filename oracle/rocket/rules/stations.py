"""Stations (SR-STA-*): placing, moving, and when track fixes them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from itertools import compress, repeat
from operator import or_
from typing import Final

from oracle.core import hexgrid
from oracle.core.errors import IllegalAction
from oracle.rocket.actions import (
    Action,
    MoveStation,
    PlaceStation,
)
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.state import (
    ACTION,
    STATIONS_PER_PLAYER,
    State,
)
from oracle.rocket.state import fast_replace as replace


class Stations(Hooks):
    """Stations (SR-STA-*): placing, moving, and when track fixes them."""

    #: what ``station_spaces`` worked out for the last position it was asked about
    _free: _Free | None = None
    #: the same for the canonical listing, in the order of the spaces' texts
    _text_free: _Free | None = None
    #: the one before ``_text_free`` (two sides of an in-process lockstep share one
    #: rule set and list in turn: each finds its own last position's here)
    _text_before: _Free | None = None

    def station_fixed(self, state: State, space: str) -> bool:
        """SR-STA-01: a station that track has reached is part of the line."""
        return space in state.track_owner or space in state.loco_at

    def station_refusal(self, state: State, space: str, moving: str | None) -> IllegalAction | None:
        board = state.board
        if space not in board.land:
            return IllegalAction("station/off_board", "", f"{space} is not land on the board")
        if space in board.place_at:
            return IllegalAction("station/onto_place", "", f"{space} holds a place")
        if space in state.track_owner:
            return IllegalAction("station/onto_track", "", f"{space} holds a track tile")
        if space in state.loco_at:
            return IllegalAction("station/onto_locomotive", "", f"{space} holds a locomotive")
        owners = state.station_owner
        if space in owners and space != moving:
            return IllegalAction("station/occupied", "", f"{space} holds a station")
        for n in board.neighbours[space].values():
            if n in state.loco_at:
                return IllegalAction("station/next_to_locomotive", "",
                                     f"{space} is next to a locomotive")
            if n in owners and n != moving:
                return IllegalAction("station/next_to_station", "",
                                     f"{space} is next to a station")
        return None

    def station_allowed(self, state: State, space: str, moving: str | None) -> bool:
        """``station_refusal(...) is None`` without building the refusal, for the
        random playouts' tries; a subclass that overrides ``station_refusal`` is asked
        through it instead. tests/rocket/test_stations_tokens.py holds the two equal."""
        if type(self).station_refusal is not Stations.station_refusal:
            return self.station_refusal(state, space, moving) is None
        board = state.board
        if space not in board.land or space in board.place_at or space in state.track_owner:
            return False
        locos = state.loco_at
        if space in locos:
            return False
        owners = state.station_owner
        if space in owners and space != moving:
            return False
        for n in board.near[space]:  # noqa: SIM110 - a loop costs less than all()
            if n in locos or (n in owners and n != moving):
                return False
        return True

    def station_spaces(self, state: State, moving: str | None) -> list[str]:
        """Every space (board order) where ``station_refusal`` finds nothing, for a new
        station (``moving`` None) or the one on ``moving``: the same tests, worked out
        once per position (``_Free``) instead of per space, since legal_actions lists
        them all. tests/rocket/test_stations_tokens.py holds the two equal on random
        positions."""
        return self._free_for(state).spaces(moving)

    def moved_station_spaces(self, state: State, source: str) -> Sequence[str]:
        """Where the station on ``source`` may move: ``station_spaces`` but ``source``
        (board order). Unchanged, the spaces are handed over without a copy (a tuple)."""
        if type(self).station_spaces is not Stations.station_spaces:  # a rule set's own
            return [s for s in self.station_spaces(state, source) if s != source]
        return self._free_for(state).moves(source)

    def _free_for(self, state: State) -> _Free:
        last = self._free
        if last is not None and last.state is state:  # the listing asks once for a new
            return last  # station and once per movable one: only ``moving`` differs
        board = state.board
        free = self._free = _Free(state, board.open_land_sorted, board.open_bits,
                                  board.zone_bits)
        return free

    def free_in_text_order(self, state: State) -> _Free:
        """``station_spaces``' sets for ``state`` numbered in the order of the spaces'
        texts (``Board.text_bits``), for the canonical listing (rules/canonical.py):
        what ``station_spaces`` lists, read off as ``_Free.texts``. Only where
        ``station_spaces`` is the plain one (the caller checks)."""
        last = self._text_free
        if last is not None and last.state is state:
            return last
        board = state.board
        free = _Free(state, board.open_land_texts, *board.text_bits,
                     earlier=(last, self._text_before))
        self._text_free, self._text_before = free, last
        return free

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, PlaceStation)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        hexgrid.parse_id(action.to)
        if len(state.holdings[pi].stations) >= STATIONS_PER_PLAYER:
            raise IllegalAction("station/none_left", "SR-STA-02",
                                "all seven stations are on the board")
        why = self.station_refusal(state, action.to, None)
        if why is not None:
            raise why

    def do_place_station(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, PlaceStation)
        h = state.holdings[pi]
        return self.end_with_holding(state, pi, replace(h, stations=h.stations | {action.to}),
                                     **_owners_after(state, pi, None, action.to))

    def check_move_station(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, MoveStation)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        hexgrid.parse_id(action.to)
        if action.source not in state.holdings[pi].stations:
            raise IllegalAction("station/not_yours", "",
                                f"{action.player} has no station on {action.source}")
        if self.station_fixed(state, action.source):
            raise IllegalAction("station/fixed", "SR-STA-01",
                                f"track has reached the station on {action.source}")
        if action.to == action.source:
            raise IllegalAction("station/same_space", "", "a station must move somewhere")
        why = self.station_refusal(state, action.to, action.source)
        if why is not None:
            raise why

    def do_move_station(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, MoveStation)
        h = state.holdings[pi]
        stations = (h.stations - {action.source}) | {action.to}
        return self.end_with_holding(state, pi, replace(h, stations=stations),
                                     **_owners_after(state, pi, action.source, action.to))


def _owners_after(state: State, pi: int, source: str | None, to: str) -> dict[str, object]:
    """``{"station_owner": table}`` for the position after player ``pi``'s station
    moves from ``source`` (or a new one) to ``to``: ``state``'s table with that one
    entry changed, so it is not rebuilt from every holding when next asked. Empty
    unless that is exact: ``state`` has the table, no space is listed by two holdings
    (an entry per station), ``to`` is free and ``source`` is ``pi``'s.
    tests/rocket/test_speed_shortcuts.py compares it with a rebuilt table."""
    owners = state.__dict__.get("station_owner")
    if owners is None or to in owners or (source is not None and owners.get(source) != pi):
        return {}
    if len(owners) != sum(len(h.stations) for h in state.holdings):
        return {}
    table = dict(owners)
    if source is not None:
        del table[source]
    table[to] = pi
    return {"station_owner": table}


class _Free:
    """Where stations may go in one (immutable) position, as sets of the board's open
    land spaces written as integers: a bit a space, the ``i``-th of ``order``
    (``Board.open_bits`` in board order, ``Board.text_bits`` in the order of the
    spaces' texts).

    A space is kept out of a station's reach by track on it, a locomotive on it or
    next to it, or another station on it or next to it (SR-STA rules, as
    ``station_refusal``). For a new station every station counts (``free``); moving
    the station on ``m`` frees exactly the spaces of ``m``'s zone that no other
    station's zone covers (covered ``once``, not ``twice``) and track and locomotives
    leave open (not ``kept``). So the board is gone through once per position, in C,
    not once per movable station."""

    __slots__ = ("_free", "bits", "free_bits", "kept", "once", "order", "state", "twice",
                 "zones")
    state: State
    order: tuple[str, ...]
    bits: dict[str, int]
    zones: dict[str, int]
    kept: int
    once: int
    twice: int
    free_bits: int

    def __init__(self, state: State, order: tuple[str, ...], bits: dict[str, int],
                 zones: dict[str, int], earlier: Sequence[_Free | None] = ()) -> None:
        track, locos, owners = state.track_owner, state.loco_at, state.station_owner
        kept = once = twice = -1
        # An earlier position's sets where it has the very same tables: a position
        # shares them with the one before while its lines (or its stations) stand where
        # they stood (State.evolve), and the sets depend on those tables alone.
        for other in earlier:
            if other is None or other.bits is not bits or other.zones is not zones:
                continue
            seen = other.state.__dict__
            if kept < 0 and seen.get("track_owner") is track and seen.get("loco_at") is locos:
                kept = other.kept
            if once < 0 and seen.get("station_owner") is owners:
                once, twice = other.once, other.twice
        if kept < 0:
            kept = reduce(or_, map(bits.get, track, repeat(0)), 0)
            # a locomotive keeps out its zone; one off the board, nothing open
            kept |= reduce(or_, map(zones.get, locos, repeat(0)), 0)
        if once < 0:
            once = twice = 0
            for z in map(zones.get, owners, repeat(0)):
                twice |= once & z
                once |= z
        self.kept, self.once, self.twice, self.zones, self.bits = kept, once, twice, zones, bits
        self.order, self.state = order, state
        self.free_bits = (1 << len(order)) - 1 & ~(kept | once)
        self._free: tuple[str, ...] | None = None

    @property
    def free(self) -> tuple[str, ...]:
        """The spaces of ``free_bits``, in ``order`` (written out once, where asked)."""
        if self._free is None:
            self._free = _listed(self.order, self.free_bits)
        return self._free

    def spaces(self, moving: str | None) -> list[str]:
        """``station_spaces(state, moving)``."""
        if moving is None or moving not in self.state.station_owner:
            return list(self.free)
        return list(self._with_freed(moving, 0))

    def moves(self, source: str) -> Sequence[str]:
        """``[s for s in spaces(source) if s != source]``; ``free`` itself where moving
        the station frees nothing else."""
        leave = self.bits.get(source, 0)
        if source not in self.state.station_owner:
            return _listed(self.order, self.free_bits & ~leave) if self.free_bits & leave \
                else self.free
        return self._with_freed(source, leave)  # (``free`` never holds a station's space)

    def moves_bits(self, sources: Sequence[str]) -> list[int]:
        """For each of ``sources``, the spaces ``moves(source)`` lists, as bits (``texts``
        reads them off): in one call, for each of a player's movable stations (the
        listing's)."""
        owners, bits, zones, free = self.state.station_owner, self.bits, self.zones, \
            self.free_bits
        freed = self.once & ~self.twice & ~self.kept
        out = []
        for source in sources:
            leave = bits.get(source, 0)
            out.append(free & ~leave if source not in owners
                       else free | (zones.get(source, 0) & freed & ~leave))
        return out

    def listed(self, mask: int) -> tuple[str, ...]:
        """The spaces whose bits ``mask`` holds, in ``order``."""
        return _listed(self.order, mask)

    def _with_freed(self, moving: str, leave: int) -> Sequence[str]:
        freed = self.zones.get(moving, 0) & self.once & ~self.twice & ~self.kept & ~leave
        if not freed:
            return self.free
        return _listed(self.order, self.free_bits | freed)


#: the text of ``bin`` (its 0 and 1 digits) -> bytes 0 and 1, for ``compress``
_DIGITS: Final = bytes.maketrans(b"01", b"\x00\x01")


def _listed(order: tuple[str, ...], mask: int) -> tuple[str, ...]:
    """The spaces of ``order`` whose bits ``mask`` holds, in order, in C."""
    return tuple(compress(order, bin(mask)[:1:-1].encode().translate(_DIGITS)))
