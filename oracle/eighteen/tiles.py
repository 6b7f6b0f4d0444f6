"""Tiles as data: a tile is a colour, its stops (cities with slots, towns), its
track as paths between edges and stops, and a label.

The catalogue is written in a compact notation of our own:

* stops: ``C20`` a city worth 20 with one slot, ``C30x2`` two slots, ``T10`` a town;
* track: ``e0-s0 s0-e3`` (edge 0 to stop 0, stop 0 to edge 3), ``e0-e3`` plain track.

Tile numbers, colours, revenues and track are the published ones (the common
18xx tile manifest); edge numbers follow ``oracle.eighteen.coords``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

#: the order tiles are upgraded in; preprinted hexes start white (or later)
COLOURS: Final[tuple[str, ...]] = ("white", "yellow", "green", "brown", "gray")
#: an end of a path: ("e", edge) or ("s", stop index)
End = tuple[str, int]
Path = frozenset[End]


@dataclass(frozen=True, slots=True)
class Stop:
    kind: str  # "city" | "town"
    revenue: int
    slots: int


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile number (or a hex's preprinted content), without rotation."""

    id: str
    colour: str
    stops: tuple[Stop, ...]
    paths: tuple[Path, ...]
    label: str = ""

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
              label: str = "") -> TileDef:
    """Build a tile from the catalogue notation (see the module docstring)."""
    parsed: list[Stop] = []
    for spec in stops.split():
        kind = {"C": "city", "T": "town"}[spec[0]]
        value, _, slots = spec[1:].partition("x")
        parsed.append(Stop(kind, int(value), int(slots or 1)))
    paths: list[Path] = []
    for spec in track.split():
        a, b = spec.split("-")
        paths.append(frozenset((_end(a), _end(b))))
    return TileDef(tile_id, colour, tuple(parsed), tuple(paths), label)


_Y, _G, _B = "yellow", "green", "brown"

#: the tile catalogue: number -> definition
CATALOGUE: Final[dict[str, TileDef]] = {t.id: t for t in (
    # yellow
    make_tile("1", _Y, "T10 T10", "e1-s0 s0-e3 e0-s1 s1-e4"),
    make_tile("2", _Y, "T10 T10", "e0-s0 s0-e3 e1-s1 s1-e2"),
    make_tile("3", _Y, "T10", "e0-s0 s0-e1"),
    make_tile("4", _Y, "T10", "e0-s0 s0-e3"),
    make_tile("5", _Y, "C20", "e0-s0 e1-s0"),
    make_tile("6", _Y, "C20", "e0-s0 e2-s0"),
    make_tile("7", _Y, "", "e0-e1"),
    make_tile("8", _Y, "", "e0-e2"),
    make_tile("9", _Y, "", "e0-e3"),
    make_tile("55", _Y, "T10 T10", "e0-s0 s0-e3 e1-s1 s1-e4"),
    make_tile("56", _Y, "T10 T10", "e0-s0 s0-e2 e1-s1 s1-e3"),
    make_tile("57", _Y, "C20", "e0-s0 s0-e3"),
    make_tile("58", _Y, "T10", "e0-s0 s0-e2"),
    make_tile("69", _Y, "T10 T10", "e0-s0 s0-e3 e2-s1 s1-e4"),
    make_tile("201", _Y, "C30", "e0-s0 e1-s0", "Y"),
    make_tile("202", _Y, "C30", "e0-s0 e2-s0", "Y"),
    # green
    make_tile("12", _G, "C30", "e0-s0 e1-s0 e2-s0"),
    make_tile("13", _G, "C30", "e0-s0 e2-s0 e4-s0"),
    make_tile("14", _G, "C30x2", "e0-s0 e1-s0 e3-s0 e4-s0"),
    make_tile("15", _G, "C30x2", "e0-s0 e1-s0 e2-s0 e3-s0"),
    make_tile("16", _G, "", "e0-e2 e1-e3"),
    make_tile("18", _G, "", "e0-e3 e1-e2"),
    make_tile("19", _G, "", "e0-e3 e2-e4"),
    make_tile("20", _G, "", "e0-e3 e1-e4"),
    make_tile("23", _G, "", "e0-e3 e0-e4"),
    make_tile("24", _G, "", "e0-e3 e0-e2"),
    make_tile("25", _G, "", "e0-e2 e0-e4"),
    make_tile("26", _G, "", "e0-e3 e0-e5"),
    make_tile("27", _G, "", "e0-e3 e0-e1"),
    make_tile("28", _G, "", "e0-e4 e0-e5"),
    make_tile("29", _G, "", "e0-e2 e0-e1"),
    make_tile("59", _G, "C40 C40", "e0-s0 e2-s1", "OO"),
    # 1835 green XX tiles (the PfB may lay any of them on L6)
    make_tile("210", _G, "C30 C30", "e0-s0 e3-s0 e5-s1 e4-s1", "XX"),
    make_tile("211", _G, "C30 C30", "e2-s0 e3-s0 e0-s1 e1-s1", "XX"),
    make_tile("212", _G, "C30 C30", "e2-s0 e3-s0 e0-s1 e5-s1", "XX"),
    make_tile("213", _G, "C30 C30", "e2-s0 e3-s0 e0-s1 e4-s1", "XX"),
    make_tile("214", _G, "C30 C30", "e4-s0 e3-s0 e0-s1 e2-s1", "XX"),
    make_tile("215", _G, "C30 C30", "e1-s0 e3-s0 e0-s1 e4-s1", "XX"),
    # brown
    make_tile("39", _B, "", "e0-e2 e0-e1 e1-e2"),
    make_tile("40", _B, "", "e0-e2 e2-e4 e0-e4"),
    make_tile("41", _B, "", "e0-e3 e0-e1 e1-e3"),
    make_tile("42", _B, "", "e0-e3 e3-e5 e0-e5"),
    make_tile("63", _B, "C40x2", "e0-s0 e1-s0 e2-s0 e3-s0 e4-s0 e5-s0"),
)}


def upgrade_problem(old: TileDef, old_rotation: int, new: TileDef,
                    new_rotation: int) -> str | None:
    """Why ``new`` may not replace ``old`` (a reason code), or None if it may.

    The base rules of every title here: the next colour only, the same label,
    the same cities and towns, and every piece of existing track kept.
    """
    if old.colour not in COLOURS or COLOURS.index(old.colour) + 1 >= len(COLOURS):
        return "tile/wrong_colour"
    if new.colour != COLOURS[COLOURS.index(old.colour) + 1]:
        return "tile/wrong_colour"
    if old.label != new.label:
        return "tile/label_mismatch"
    if old.stop_kinds() != new.stop_kinds():
        return "tile/stops_mismatch"
    if not old.rotated_paths(old_rotation) <= new.rotated_paths(new_rotation):
        return "tile/track_not_kept"
    return None
