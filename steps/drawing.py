"""A game-neutral reader for hex boards drawn in ASCII, and the hex geometry they need.

A drawing is rows of whitespace-separated tokens, one per space::

       1  2  3
    A  .  .  YO
    B   .  y= y@

Each row starts with its letter; tokens are columns counted from 1; odd rows sit half
a space to the right (indenting them keeps the picture honest, the reader ignores
it). Space IDs and neighbours come from ``oracle.core.hexgrid`` (the grid every
game's position format uses). Blank lines, ``#`` comments and a column-number header
are skipped. A game names the ``key: value`` settings and the indented ``block:``
sections it reads; what a token means is the game's business, not this module's.

Problems raise ``DrawingError`` naming the cell (``drawing.C3``) or the line; in a
``Given`` that is a setup-error, never a verdict on an implementation.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from oracle.core import hexgrid

_ROW = re.compile(r"^([A-Z])\s+(.*)$")
#: the position formats' space IDs have at most two digits (``[A-Z][1-9][0-9]?``)
MAX_COLUMNS = 99


class DrawingError(ValueError):
    """A drawing the builder cannot read; ``where`` names the cell or line at fault."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


@dataclass(frozen=True, slots=True)
class Cell:
    space: str
    token: str

    @property
    def where(self) -> str:
        return f"drawing.{self.space}"


@dataclass
class HexDrawing:
    """The cells in reading order, the settings and the block entries found."""

    cells: list[Cell] = field(default_factory=list)
    settings: dict[str, str] = field(default_factory=dict)
    #: block name -> {key: the rest of its line}
    blocks: dict[str, dict[str, str]] = field(default_factory=dict)


def read_drawing(text: str, settings: Collection[str] = (),
                 blocks: Collection[str] = ()) -> HexDrawing:
    """Read ``text``; ``settings`` and ``blocks`` are the names the game accepts."""
    out = HexDrawing()
    rows: set[str] = set()
    block: str | None = None
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        # A block entry is indented ("  london: steel steel textiles"): the indent is
        # what tells it from a row or a setting.
        if block is not None and raw[:1].isspace() and ":" in stripped:
            key, _, rest = stripped.partition(":")
            out.blocks[block][key.strip()] = rest
            continue
        block = None
        name, colon, value = stripped.partition(":")
        if colon and name in blocks and not value.strip():
            block = name
            out.blocks.setdefault(name, {})
            continue
        if colon and name in settings:
            out.settings[name] = value.strip()
            continue
        if stripped.split()[0].isdigit():
            continue  # the column-number header
        m = _ROW.match(stripped)
        if not m:
            raise DrawingError("drawing", f"cannot read line {stripped!r}")
        letter = m.group(1)
        if letter in rows:
            raise DrawingError(f"drawing.row {letter}", "the row is drawn twice")
        rows.add(letter)
        tokens = m.group(2).split()
        if len(tokens) > MAX_COLUMNS:
            raise DrawingError(f"drawing.row {letter}", f"more than {MAX_COLUMNS} columns")
        row = ord(letter) - ord("A")
        out.cells.extend(Cell(hexgrid.make_id(row, col), token)
                         for col, token in enumerate(tokens))
    return out


def neighbours(space: str) -> dict[str, str]:
    """direction -> the neighbouring space on the grid (whatever the board holds there)."""
    near: dict[str, str] = {}
    for d in hexgrid.DIRECTIONS:
        other = hexgrid.step(space, d)
        if other is not None:
            near[d] = other
    return near


def direction_between(a: str, b: str) -> str | None:
    """The direction from ``a`` to neighbouring ``b``, or None if they do not touch."""
    return hexgrid.direction_between(a, b)


def space_key(space: str) -> tuple[int, int]:
    """Sort key of the position formats' space lists: row, then column."""
    return hexgrid.parse_id(space)
