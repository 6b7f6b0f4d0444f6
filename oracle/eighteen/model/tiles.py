"""Tiles as data: a tile is a colour, its stops (cities with slots, towns), its
track as paths between edges and stops, and a label.

The catalogue is written in a compact notation of our own:

* stops: ``C20`` a city worth 20 with one slot, ``C30x2`` two slots, ``T10`` a town,
  ``O`` an off-board area (no token circle; ``Ox1`` with one), ``H10`` a halt (1825's
  tile 11, seed 002: paid only to the trains the title names); a stop without a
  number (``O``, ``C``, ``T``) is paid by phase colour, the values coming with the hex;
* track: ``e0-s0 s0-e3`` (edge 0 to stop 0, stop 0 to edge 3), ``e0-e3`` plain track.

Tile numbers, colours, revenues and track are the published ones (the common
18xx tile manifest); edge numbers follow ``oracle.eighteen.model.coords``. The catalogue
itself is data (``data/tiles.json``), read by ``oracle.eighteen.load.loader``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import pairwise, permutations
from typing import Any, Final, cast

from oracle.eighteen.model.records import OffboardValue

#: the order tiles are upgraded in; preprinted hexes start white (or later)
COLOURS: Final[tuple[str, ...]] = ("white", "yellow", "green", "brown", "gray")
#: an end of a path: ("e", edge) or ("s", stop index)
End = tuple[str, int]
Path = frozenset[End]


@dataclass(frozen=True, slots=True)
class Stop:
    kind: str  # "city" | "town" | "offboard" | "halt"
    revenue: int
    slots: int
    #: revenue by phase colour (off-board areas, and the few cities and towns printed
    #: that way); ``revenue`` is then 0
    values: OffboardValue | None = None

    @property
    def holds_tokens(self) -> bool:
        """Cities, and off-board areas printed with a token circle, take station tokens."""
        return self.kind in ("city", "offboard") and self.slots > 0


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile number (or a hex's preprinted content), without rotation."""

    id: str
    colour: str
    stops: tuple[Stop, ...]
    paths: tuple[Path, ...]
    label: str = ""
    #: "normal", or "single": 1825's single-track tiles 71-79 (seed 002, ST-01..ST-09),
    #: which only some trains run on
    track_kind: str = "normal"

    def rotated_paths(self, rotation: int) -> frozenset[Path]:
        return frozenset(frozenset(_rotate(end, rotation) for end in p) for p in self.paths)

    def stop_kinds(self) -> Counter[str]:
        return Counter(s.kind for s in self.stops)


def _rotate(end: End, rotation: int) -> End:
    return (end[0], (end[1] + rotation) % 6) if end[0] == "e" else end


def _end(text: str) -> End:
    kind, index = text[0], int(text[1:])
    if kind not in "es":
        raise ValueError(f"bad path end {text!r}")
    return kind, index


def make_tile(tile_id: str, colour: str, stops: str = "", track: str = "",
              label: str = "", values: OffboardValue | None = None,
              track_kind: str = "normal") -> TileDef:
    """Build a tile from the catalogue notation (see the module docstring)."""
    parsed: list[Stop] = []
    for spec in stops.split():
        kind = {"C": "city", "T": "town", "O": "offboard", "H": "halt"}[spec[0]]
        value, _, slots = spec[1:].partition("x")
        default_slots = 0 if kind == "offboard" else 1
        if value:
            parsed.append(Stop(kind, int(value), int(slots or default_slots)))
        else:  # no printed number: the revenue goes by phase colour
            if values is None and kind != "offboard":  # an area's values may be unknown
                raise ValueError(f"{tile_id}: stop {spec!r} needs values by colour")
            parsed.append(Stop(kind, 0, int(slots or default_slots), values))
    paths: list[Path] = []
    for spec in track.split():
        a, b = spec.split("-")
        paths.append(frozenset((_end(a), _end(b))))
    return TileDef(tile_id, colour, tuple(parsed), tuple(paths), label, track_kind)


#: (id(old), old rotation, id(new), new rotation, label) -> (old, new, the answer): the
#: tiles are held so that their ids stay theirs while the entry lives. Listing the lays
#: asks this of every supply tile, rotation and reachable hex, some 300 times a listing,
#: and tiles are fixed data: the answer is worked out once.
_UPGRADES: dict[tuple[int, int, int, int, str | None],
                tuple[TileDef, TileDef, str | None]] = {}


def upgrade_problem(old: TileDef, old_rotation: int, new: TileDef,
                    new_rotation: int, label: str | None = None) -> str | None:
    """Why ``new`` may not replace ``old`` (a reason code), or None if it may
    (``_upgrade_problem``, remembered per pair of tiles and rotations)."""
    if new.colour != _NEXT_COLOUR.get(old.colour):  # most tiles asked: no key needed
        return "tile/wrong_colour"
    key = (id(old), old_rotation, id(new), new_rotation, label)
    found = _UPGRADES.get(key)
    if found is not None and found[0] is old and found[1] is new:
        return found[2]
    # what the answer depends on: a tile made anew with the same track (a generated
    # board's preprinted hexes, each its own object) finds the answer of its twin
    alike = (_shape(old), old_rotation, _shape(new), new_rotation, label)
    problem = _ALIKE.get(alike, _MISSING)
    if problem is _MISSING:
        problem = _upgrade_problem(old, old_rotation, new, new_rotation, label)
        if len(_ALIKE) >= 1 << 16:
            _ALIKE.clear()
        _ALIKE[alike] = problem
    if len(_UPGRADES) >= 1 << 16:
        _UPGRADES.clear()
    _UPGRADES[key] = (old, new, cast(str | None, problem))
    return cast(str | None, problem)


_MISSING: Final = object()
#: a colour -> the colour an upgrade of it has (``_upgrade_problem``'s first rule)
_NEXT_COLOUR: Final = dict(pairwise(COLOURS))
#: the same answers by what ``_upgrade_problem`` reads of the two tiles (``_shape``)
_ALIKE: dict[tuple[Any, ...], object] = {}


def _shape(tile: TileDef) -> tuple[Any, ...]:
    """All ``_upgrade_problem`` reads of a tile: its colour, label, the kind of each
    stop in order, and its track."""
    return tile.colour, tile.label, tuple(s.kind for s in tile.stops), tile.paths


def _upgrade_problem(old: TileDef, old_rotation: int, new: TileDef,
                     new_rotation: int, label: str | None = None) -> str | None:
    """Why ``new`` may not replace ``old`` (a reason code), or None if it may.

    The base rules of every title here: the next colour only, the same label,
    the same cities and towns, and every piece of existing track kept, the old
    cities possibly renumbered (``stop_mapping``, issue 30 item 1).
    ``label`` is the label the new tile must carry when the hex prints one that
    starts at a later colour (default: the old tile's).
    """
    if old.colour not in COLOURS or COLOURS.index(old.colour) + 1 >= len(COLOURS):
        return "tile/wrong_colour"
    if new.colour != COLOURS[COLOURS.index(old.colour) + 1]:
        return "tile/wrong_colour"
    if (old.label if label is None else label) != new.label:
        return "tile/label_mismatch"
    if old.stop_kinds() != new.stop_kinds():
        return "tile/stops_mismatch"
    if stop_mapping(old, old_rotation, new, new_rotation) is None:
        return "tile/track_not_kept"
    return None


#: old stop index -> new stop index
StopMap = dict[int, int]


def _mapped(path: Path, mapping: StopMap) -> Path:
    def end(e: End) -> End:
        return ("s", mapping[e[1]]) if e[0] == "s" else e
    return frozenset(end(e) for e in path)


def stop_mapping(old: TileDef, old_rotation: int, new: TileDef,
                 new_rotation: int) -> StopMap | None:
    """A mapping of old stops to new ones that keeps all the old track, or None.

    The identity is tried first, so a tile that keeps its numbering keeps its
    tokens where they are; among the others the first in index order is taken.
    """
    if len(old.stops) != len(new.stops):
        return None
    old_paths = old.rotated_paths(old_rotation)
    new_paths = new.rotated_paths(new_rotation)
    for order in permutations(range(len(new.stops))):
        if any(old.stops[i].kind != new.stops[j].kind for i, j in enumerate(order)):
            continue
        mapping = dict(enumerate(order))
        if all(_mapped(p, mapping) in new_paths for p in old_paths):
            return mapping
    return None
