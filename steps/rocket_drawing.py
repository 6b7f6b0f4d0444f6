"""The Stephenson's Rocket reading of a board drawing, as canonical position JSON.

The suite draws its own positions so that every implementation, the oracle
included, is judged on the same JSON: nothing here imports an engine. The notation
(docs/rocket-scenarios.md) is read token by token:

* ``.`` land, ``~`` water, ``-`` off the board; two capitals a place (``YO`` York);
* ``.1`` player p1's station in the open; ``y=`` a York track tile, ``y=2`` with p2's
  station on it;
* ``y@`` York's locomotive, heading read from the one York track tile or York itself
  behind it; ``y@ne`` names the heading, ``y@ne1`` / ``y@1`` stand on p1's station;
* ``name:`` / ``approximate:`` settings and an ``industries:`` block
  (``  london: steel steel textiles``; cities not listed take their default tokens).

The position then holds only what the position format states (oracle/rocket/
position.schema.json): a line reaches its own starting town plus, once started,
every place next to its locomotive or track; nobody holds anything; p1 is to play;
tiles left are 60 less the tiles drawn. The facts this needs (places, line letters,
default industries, the starting counts, the options and their defaults) come from
the suite's own ``steps/data/rocket_legend.json``; option defaults are taken from the
legend, not from ``hello()``, because the protocol's handshake need not state them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from steps.drawing import Cell, DrawingError, direction_between, neighbours, read_drawing
from steps.drawing import space_key as _key

JSON = dict[str, Any]

_STATION = re.compile(r"^\.([1-4])$")
_TRACK = re.compile(r"^([a-z])=([1-4])?$")
_LOCO = re.compile(r"^([a-z])@(ne|nw|se|sw|e|w)?([1-4])?$")


@cache
def legend() -> JSON:
    text = resources.files("steps.data").joinpath("rocket_legend.json").read_text("utf-8")
    data: JSON = json.loads(text)
    return data


class _Pieces:
    """What the cells say, collected in one pass."""

    def __init__(self) -> None:
        self.land: set[str] = set()
        self.water: set[str] = set()
        self.places: dict[str, str] = {}  # place ID -> space
        self.track: dict[str, set[str]] = {}
        self.locos: dict[str, tuple[str, str | None]] = {}
        self.stations: dict[int, set[str]] = {}

    def read(self, cell: Cell) -> None:
        token, space = cell.token, cell.space
        if token == "-":
            return
        if token == "~":
            self.water.add(space)
            return
        self.land.add(space)
        by_abbrev: dict[str, JSON] = legend()["places"]
        if token == ".":
            return
        if token in by_abbrev:
            pid = by_abbrev[token]["id"]
            if pid in self.places:
                raise DrawingError(cell.where, f"{by_abbrev[token]['name']} drawn twice")
            self.places[pid] = space
        elif m := _STATION.match(token):
            self.stations.setdefault(int(m.group(1)), set()).add(space)
        elif m := _TRACK.match(token):
            self.track.setdefault(_line_of(m.group(1), cell), set()).add(space)
            if m.group(2):
                self.stations.setdefault(int(m.group(2)), set()).add(space)
        elif m := _LOCO.match(token):
            line = _line_of(m.group(1), cell)
            if line in self.locos:
                raise DrawingError(cell.where, f"the {line} locomotive is drawn twice")
            self.locos[line] = (space, m.group(2))
            if m.group(3):
                self.stations.setdefault(int(m.group(3)), set()).add(space)
        else:
            raise DrawingError(cell.where, f"unknown token {token!r}")


def _line_of(letter: str, cell: Cell) -> str:
    lines = {p["line_letter"]: p["id"] for p in legend()["places"].values()
             if "line_letter" in p}
    if letter not in lines:
        raise DrawingError(cell.where, f"{letter!r} names no line (known: {sorted(lines)})")
    line: str = lines[letter]
    return line


def _options(given: Mapping[str, Any] | None) -> JSON:
    """The declared defaults overridden by the scenario's; values are the
    implementation's to judge (an undeclared reading is graded unsupported)."""
    out: JSON = dict(legend()["options"])
    for name, value in (given or {}).items():
        if name not in out:
            raise DrawingError(f"options.{name}", f"unknown option (known: {sorted(out)})")
        out[name] = value
    return out


def _board(pieces: _Pieces, settings: dict[str, str], blocks: dict[str, str]) -> JSON:
    kinds = {p["id"]: p for p in legend()["places"].values()}
    industries: dict[str, list[str]] = {}
    for city, rest in blocks.items():
        tokens = sorted(rest.split())
        if city not in pieces.places or kinds[city]["kind"] != "city":
            raise DrawingError(f"drawing.industries.{city}", "not a city on this board")
        if len(tokens) != 3 or any(t not in legend()["industries"] for t in tokens):
            raise DrawingError(f"drawing.industries.{city}",
                               f"a city has three tokens from {legend()['industries']}")
        industries[city] = tokens
    for pid in pieces.places:
        if kinds[pid]["kind"] == "city" and pid not in industries:
            industries[pid] = sorted(kinds[pid]["industries"])
    return {
        "name": settings.get("name", "drawn"),
        "approximate": settings.get("approximate") == "true",
        "land": sorted(pieces.land, key=_key),
        "water": sorted(pieces.water, key=_key),
        "places": {pid: {"space": s, "kind": kinds[pid]["kind"], "name": kinds[pid]["name"]}
                   for pid, s in sorted(pieces.places.items())},
        "industries": dict(sorted(industries.items())),
    }


def _heading(pieces: _Pieces, line: str, loco: str) -> str:
    """The one neighbour holding the line's track or starting town is behind it."""
    behind = [s for s in neighbours(loco).values()
              if s in pieces.track.get(line, set()) or s == pieces.places[line]]
    if len(behind) != 1:
        raise DrawingError(f"drawing.{loco}", f"cannot tell which way the {line} locomotive "
                           "faces; write its heading, e.g. '@ne'")
    d = direction_between(behind[0], loco)
    assert d is not None
    return d


def _line(pieces: _Pieces, line: str, place_at: dict[str, str]) -> JSON:
    track = pieces.track.get(line, set())
    loco, heading = pieces.locos.get(line, (None, None))
    connected = {line}
    if loco is not None:
        heading = heading or _heading(pieces, line, loco)
        # A started line reaches every place next to its locomotive or its track.
        for s in {loco, *track}:
            connected.update(place_at[n] for n in neighbours(s).values() if n in place_at)
    return {"started": loco is not None, "status": "active", "loco": loco,
            "heading": heading, "track": sorted(track, key=_key),
            "connected": sorted(connected), "pile": legend()["counts"]["shares_per_line"],
            "discarded": 0, "merged_into": None}


def position_from_drawing(text: str, players: Sequence[str],
                          options: Mapping[str, Any] | None = None) -> JSON:
    """The canonical position of a drawn board; ``DrawingError`` names what is wrong."""
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise DrawingError("players", "two to four distinct players")
    drawing = read_drawing(text, settings=("name", "approximate"), blocks=("industries",))
    pieces = _Pieces()
    for cell in drawing.cells:
        pieces.read(cell)
    board = _board(pieces, drawing.settings, drawing.blocks.get("industries", {}))
    for line in sorted({*pieces.track, *pieces.locos}):
        if line not in pieces.places:
            raise DrawingError(f"drawing.{line}",
                               f"the {line} line is drawn but its starting town is not")
    for number in pieces.stations:
        if number > len(players):
            raise DrawingError("drawing", f"station of player {number}, but only "
                               f"{len(players)} players")
    counts = legend()["counts"]
    laid = sum(len(t) for t in pieces.track.values())
    if laid > counts["tiles"]:
        raise DrawingError("drawing", f"{laid} track tiles drawn; there are {counts['tiles']}")
    place_at = {s: pid for pid, s in pieces.places.items()}
    starts = sorted(pid for pid in pieces.places
                    if board["places"][pid]["kind"] == "start")
    return {
        "game": legend()["game"],
        "version": legend()["version"],
        "options": _options(options),
        "board": board,
        "players": list(players),
        "turn": {"active": players[0], "actions_taken": 0, "moved": []},
        "phase": "action",
        "pending": None,
        "lines": {line: _line(pieces, line, place_at) for line in starts},
        "holdings": {p: {"money": 0, "shares": {}, "stations": sorted(
            pieces.stations.get(i, set()), key=_key), "tokens": {}, "passengers": 0}
            for i, p in enumerate(players, start=1)},
        "city_tokens": {c: list(t) for c, t in board["industries"].items()},
        "supply": {"passengers": counts["passengers"], "supplementary_issued": 0,
                   "tiles_left": counts["tiles"] - laid, "tiles_elsewhere": 0,
                   "imaginary_tiles": 0, "bank_paid": 0},
        "end_reason": None,
    }
