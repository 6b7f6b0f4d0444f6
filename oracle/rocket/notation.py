"""A compact ASCII drawing of a board and the pieces on it.

Boards in scenarios and tests are drawn like this::

       1  2  3  4  5
    A  .  .  YO .  .
    B   .  .  y=  y@ .
    C  ~  .  .1 .  LE

* Row lines start with the row letter; each whitespace-separated token is one
  space, columns counted from 1. Odd rows (B, D, ...) sit half a space to the
  right, so indent them by one character to keep the picture honest.
* ``.`` land, ``~`` water, ``-`` not on the board (rows may also just stop).
* Two capitals: a place (``YO`` York, ``LE`` Leeds ...; oracle/rocket/places.py).
* ``.1``: player 1's station in the open.
* ``y=``: a track tile of the line named by that letter (``y`` York, ``l`` Liverpool,
  ...); ``y=2``: the same tile with player 2's station on it.
* ``y@``: York's locomotive, heading inferred from the one neighbouring York track
  tile or starting town; ``y@ne`` gives the heading; ``y@ne1`` / ``y@1`` stand on
  player 1's station. A line with no ``@`` has not started.
* Optional ``name:`` / ``approximate:`` lines, and an ``industries:`` block with one
  ``  city: a b c`` line per city (cities not listed take the default board's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from oracle.core import hexgrid
from oracle.core.errors import MalformedInput
from oracle.rocket.board import Board
from oracle.rocket.places import BY_ABBREV, CITY, LETTER_LINES, PLACES

_ROW = re.compile(r"^([A-Z])(\s+)(.*)$")
_STATION = re.compile(r"^\.([1-4])$")
_TRACK = re.compile(r"^([a-z])=([1-4])?$")
_LOCO = re.compile(r"^([a-z])@(ne|nw|se|sw|e|w)?([1-4])?$")


@dataclass
class Drawing:
    """What a drawing says: the board, and the pieces (track, locomotives, stations)."""

    board: Board
    track: dict[str, set[str]] = field(default_factory=dict)
    locos: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    #: player number (1-4) -> station spaces
    stations: dict[int, set[str]] = field(default_factory=dict)


def _line_of(letter: str, where: str) -> str:
    line = LETTER_LINES.get(letter)
    if line is None:
        raise MalformedInput(where, f"{letter!r} names no line (known: {sorted(LETTER_LINES)})")
    return line


def parse_drawing(text: str) -> Drawing:
    """Parse a drawing; raises MalformedInput naming the row and column at fault."""
    name, approximate = "drawn", False
    land: set[str] = set()
    water: set[str] = set()
    places: dict[str, str] = {}
    industries: dict[str, tuple[str, ...]] = {}
    track: dict[str, set[str]] = {}
    locos: dict[str, tuple[str, str | None]] = {}
    stations: dict[int, set[str]] = {}
    in_industries = False
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if in_industries and raw[:1].isspace() and ":" in stripped:
            city, _, rest = stripped.partition(":")
            industries[city.strip()] = tuple(sorted(rest.split()))
            continue
        in_industries = False
        if stripped == "industries:":
            in_industries = True
            continue
        if stripped.startswith("name:"):
            name = stripped.removeprefix("name:").strip()
            continue
        if stripped.startswith("approximate:"):
            approximate = stripped.removeprefix("approximate:").strip() == "true"
            continue
        if stripped.split()[0].isdigit():
            continue  # the column-number header
        m = _ROW.match(stripped)
        if not m:
            raise MalformedInput("drawing", f"cannot read line {stripped!r}")
        row = ord(m.group(1)) - ord("A")
        for col, token in enumerate(m.group(3).split()):
            space = hexgrid.make_id(row, col)
            where = f"drawing.{space}"
            if token == "-":
                continue
            if token == "~":
                water.add(space)
                continue
            land.add(space)
            if token == ".":
                continue
            if token in BY_ABBREV:
                pid = BY_ABBREV[token].id
                if pid in places:
                    raise MalformedInput(where, f"{PLACES[pid].name} drawn twice")
                places[pid] = space
            elif sm := _STATION.match(token):
                stations.setdefault(int(sm.group(1)), set()).add(space)
            elif tm := _TRACK.match(token):
                track.setdefault(_line_of(tm.group(1), where), set()).add(space)
                if tm.group(2):
                    stations.setdefault(int(tm.group(2)), set()).add(space)
            elif lm := _LOCO.match(token):
                line_id = _line_of(lm.group(1), where)
                if line_id in locos:
                    raise MalformedInput(where, f"the {line_id} locomotive is drawn twice")
                locos[line_id] = (space, lm.group(2))
                if lm.group(3):
                    stations.setdefault(int(lm.group(3)), set()).add(space)
            else:
                raise MalformedInput(where, f"unknown token {token!r}")
    defaults = default_industries()
    for pid in places:
        if PLACES[pid].kind == CITY and pid not in industries:
            industries[pid] = defaults[pid]
    board = Board(name=name, approximate=approximate, land=frozenset(land),
                  water=frozenset(water), places=places, industries=industries)
    for line_id in list(track) + list(locos):
        if line_id not in places:
            raise MalformedInput(f"drawing.{line_id}",
                                 f"the {line_id} line is drawn but its starting town is not")
    return Drawing(board, track, locos, stations)


@cache
def default_drawing_text() -> str:
    return resources.files("oracle.rocket.data").joinpath("england.txt").read_text("utf-8")


@cache
def default_industries() -> dict[str, tuple[str, ...]]:
    """The industries of the default board, read from its data file."""
    text = default_drawing_text()
    out: dict[str, tuple[str, ...]] = {}
    in_block = False
    for raw in text.splitlines():
        if raw.strip() == "industries:":
            in_block = True
            continue
        if in_block and ":" in raw:
            city, _, rest = raw.strip().partition(":")
            out[city] = tuple(sorted(rest.split()))
    return out


@cache
def default_board() -> Board:
    """The approximate England board shipped with railrules."""
    return parse_drawing(default_drawing_text()).board
