"""The board as data: land, water, the places on it and each city's industries.

Spaces not listed as land or water are off the board. A place occupies one land
space. Derived tables (neighbours, adjacent places) are computed once per board;
positions share their board by reference.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, reduce
from operator import or_

from oracle.core import hexgrid
from oracle.core.errors import MalformedInput
from oracle.rocket.places import CITY, INDUSTRIES, PLACES, RAILWAY, START


@dataclass(frozen=True)
class Board:
    name: str
    approximate: bool
    land: frozenset[str]
    water: frozenset[str]
    #: place ID -> space ID
    places: dict[str, str]
    #: city place ID -> its three industry tokens (SR research 1.1)
    industries: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        overlap = self.land & self.water
        if overlap:
            raise MalformedInput("board.water", f"spaces both land and water: {sorted(overlap)}")
        seen: dict[str, str] = {}
        for pid, space in self.places.items():
            if pid not in PLACES:
                raise MalformedInput(f"board.places.{pid}", "not one of the 28 places",
                                     "SR-TWN-01")
            if space not in self.land:
                raise MalformedInput(f"board.places.{pid}", f"space {space} is not land")
            if space in seen:
                raise MalformedInput(f"board.places.{pid}",
                                     f"space {space} already holds {seen[space]}")
            seen[space] = pid
        for city, tokens in self.industries.items():
            if city not in self.places or PLACES[city].kind != CITY:
                raise MalformedInput(f"board.industries.{city}", "not a city on this board",
                                     "SR-TWN-01")
            if len(tokens) != 3 or any(t not in INDUSTRIES for t in tokens):
                raise MalformedInput(f"board.industries.{city}",
                                     f"a city has three tokens from {list(INDUSTRIES)}")
        for pid in self.places:
            if PLACES[pid].kind == CITY and pid not in self.industries:
                raise MalformedInput(f"board.industries.{pid}", "city without industries")

    # -- derived tables -------------------------------------------------
    @cached_property
    def place_at(self) -> dict[str, str]:
        return {space: pid for pid, space in self.places.items()}

    @cached_property
    def place_spaces(self) -> frozenset[str]:
        """The spaces ``place_at`` lists, as a set (``State.blocked`` starts from it)."""
        return frozenset(self.place_at)

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """Line IDs: the starting towns on this board, sorted."""
        return tuple(sorted(p for p in self.places if PLACES[p].kind == START))

    @cached_property
    def line_order(self) -> dict[str, int]:
        """line ID -> its index in ``lines``."""
        return {lid: i for i, lid in enumerate(self.lines)}

    @cached_property
    def cities(self) -> tuple[str, ...]:
        return tuple(sorted(p for p in self.places if PLACES[p].kind == CITY))

    @cached_property
    def railway_towns(self) -> frozenset[str]:
        return frozenset(p for p in self.places if PLACES[p].kind == RAILWAY)

    @cached_property
    def neighbours(self) -> dict[str, dict[str, str]]:
        """land space -> {direction: neighbouring land space}."""
        table: dict[str, dict[str, str]] = {}
        for space in self.land:
            near: dict[str, str] = {}
            for d in hexgrid.DIRECTIONS:
                other = hexgrid.step(space, d)
                if other is not None and other in self.land:
                    near[d] = other
            table[space] = near
        return table

    @cached_property
    def near(self) -> dict[str, tuple[str, ...]]:
        """land space -> its neighbouring land spaces (``neighbours``' values as a
        tuple: the adjacency tests of every legality search iterate it)."""
        return {s: tuple(near.values()) for s, near in self.neighbours.items()}

    @cached_property
    def zone(self) -> dict[str, tuple[str, ...]]:
        """land space -> itself and its neighbouring land spaces: where a station or a
        locomotive there keeps a new station out (SR-STA rules, ``station_spaces``)."""
        return {s: (s, *near) for s, near in self.near.items()}

    @cached_property
    def ahead(self) -> dict[tuple[str, str | None], tuple[tuple[str, str], ...]]:
        """(land space, heading or None) -> the (direction, space) pairs a locomotive
        there may try: straight on or a 60 degree bend, every way when the heading is
        None (its starting town). Computed once per board, not per search step."""
        table: dict[tuple[str, str | None], tuple[tuple[str, str], ...]] = {}
        for space, near in self.neighbours.items():
            for heading in (None, *hexgrid.DIRECTIONS):
                dirs = hexgrid.DIRECTIONS if heading is None else (
                    heading, hexgrid.turn(heading, 1), hexgrid.turn(heading, -1))
                table[space, heading] = tuple((d, near[d]) for d in dirs if d in near)
        return table

    @cached_property
    def ahead_in_order(self) -> dict[tuple[str, str | None], tuple[str, ...]]:
        """``ahead``'s spaces in board order (row, then column): the order the legal
        destinations are listed in, so a filtered listing needs no sorting."""
        order = self.space_order
        return {key: tuple(sorted((s for _, s in pairs), key=order.__getitem__))
                for key, pairs in self.ahead.items()}

    @cached_property
    def within_two(self) -> dict[str, frozenset[str]]:
        """land space -> the land spaces at most two steps from it: every space whose
        change can change where a locomotive standing there may go (the spaces ahead
        and their neighbours; oracle/rocket/fastplay keeps destinations by it)."""
        near = self.near
        return {s: frozenset({s, *near[s], *(m for n in near[s] for m in near[n])})
                for s in near}

    @cached_property
    def directions(self) -> dict[tuple[str, str], str]:
        """(space, neighbouring space) -> the direction from the first to the second."""
        return {(s, n): d for s, near in self.neighbours.items() for d, n in near.items()}

    @cached_property
    def adjacent_places(self) -> dict[str, tuple[str, ...]]:
        """land space -> places on the neighbouring spaces."""
        at = self.place_at
        return {s: tuple(sorted(at[n] for n in near.values() if n in at))
                for s, near in self.neighbours.items()}

    @cached_property
    def adjacent_goals(self) -> dict[str, tuple[str, ...]]:
        """land space -> the railway towns and cities among its adjacent places: what a
        line may still want to reach (SR-ISO-01; movement.Geometry.is_target)."""
        goals = self.railway_towns | self.industries.keys()
        return {s: tuple(p for p in near if p in goals)
                for s, near in self.adjacent_places.items()}

    @cached_property
    def open_land(self) -> frozenset[str]:
        """Land spaces without a place: where locomotives, track and stations may go."""
        return self.land - frozenset(self.places.values())

    @cached_property
    def witness_cache(self) -> dict[str, tuple[str, str | None, tuple[str, ...]]]:
        """line -> (origin, heading, route) last seen to prove it not isolated.
        A hint for movement.is_isolated, which re-checks it; not board data."""
        return {}

    @cached_property
    def space_order(self) -> dict[str, tuple[int, int]]:
        return {s: hexgrid.parse_id(s) for s in self.land | self.water}

    @cached_property
    def open_land_sorted(self) -> tuple[str, ...]:
        return tuple(sorted(self.open_land, key=hexgrid.parse_id))

    @cached_property
    def open_bits(self) -> dict[str, int]:
        """open land space -> its bit, ``1 << i`` for the ``i``-th of
        ``open_land_sorted``: ``station_spaces`` works on sets of spaces as integers."""
        return {s: 1 << i for i, s in enumerate(self.open_land_sorted)}

    @cached_property
    def zone_bits(self) -> dict[str, int]:
        """space -> the bits (``open_bits``) of the open land in its ``zone``; a space
        without a zone (not land) is its own zone."""
        return self._zones_as(self.open_bits)

    @cached_property
    def open_land_texts(self) -> tuple[str, ...]:
        """``open_land`` in the order of the spaces' JSON texts (``"A10"`` before
        ``"A2"``): the order a listing sorted by the actions' canonical texts gives
        the station spaces of one player's placements, or of one station's moves."""
        return tuple(sorted(self.open_land, key=json.dumps))

    @cached_property
    def text_bits(self) -> tuple[dict[str, int], dict[str, int]]:
        """``open_bits`` and ``zone_bits`` numbered in ``open_land_texts`` order: the
        canonical listing (rules/canonical.py) reads station spaces off them in the
        order of their texts, with no sort."""
        bits = {s: 1 << i for i, s in enumerate(self.open_land_texts)}
        return bits, self._zones_as(bits)

    def _zones_as(self, bits: dict[str, int]) -> dict[str, int]:
        table = dict(bits)
        for s, zone in self.zone.items():
            table[s] = reduce(or_, (bits.get(x, 0) for x in zone), 0)
        return table

    @cached_property
    def _sorted_parts(self) -> tuple[tuple[str, ...], tuple[str, ...],
                                     tuple[tuple[str, str, str, str], ...],
                                     tuple[tuple[str, tuple[str, ...]], ...]]:
        """The canonical orders, sorted once per board (every encoded position has them)."""
        return (tuple(sorted(self.land, key=_space_key)),
                tuple(sorted(self.water, key=_space_key)),
                tuple((pid, s, PLACES[pid].kind, PLACES[pid].name)
                      for pid, s in sorted(self.places.items())),
                tuple((c, tuple(sorted(t))) for c, t in sorted(self.industries.items())))

    def to_json(self) -> dict[str, object]:
        # Fresh containers every time: a caller may edit the position it is handed.
        land, water, places, industries = self._sorted_parts
        return {
            "name": self.name,
            "approximate": self.approximate,
            "land": list(land),
            "water": list(water),
            "places": {pid: {"space": s, "kind": kind, "name": name}
                       for pid, s, kind, name in places},
            "industries": {c: list(t) for c, t in industries},
        }


def _space_key(space: str) -> tuple[int, int]:
    return hexgrid.parse_id(space)


def space_key(space: str) -> tuple[int, int]:
    """Sort key for space IDs: row, then column."""
    return hexgrid.parse_id(space)
