"""Pointy-top hex grids addressed by offset IDs such as ``B3``.

Rows are letters (``A`` is the top row), columns are numbers from 1. Odd rows
(``B``, ``D``, ...) sit half a space to the right, so an ASCII drawing that
indents every other row by half a cell shows the real neighbours. Internally we
use axial coordinates ``(q, r)``; the six directions are named by compass points.
"""

from __future__ import annotations

import re
from typing import Final

from oracle.core.errors import MalformedInput

Axial = tuple[int, int]

#: Directions in counter-clockwise order, so index +-1 is a 60 degree turn.
DIRECTIONS: Final[tuple[str, ...]] = ("e", "ne", "nw", "w", "sw", "se")
DELTAS: Final[dict[str, Axial]] = {
    "e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1),
}
_ID = re.compile(r"^([A-Z])([1-9][0-9]?)$")


#: a valid space ID -> its ``parse_id``: every checked action names a space, and a game
#: names the same few hundred again and again (26 letters by 99 numbers at most)
_PARSED: dict[str, tuple[int, int]] = {}


def parse_id(space: str) -> tuple[int, int]:
    """``'B3'`` -> ``(row, col)`` zero-based."""
    found = _PARSED.get(space)
    if found is not None:
        return found
    m = _ID.fullmatch(space)  # (``match`` let a newline follow: ``$`` matches before it)
    if not m:
        raise MalformedInput("space", f"{space!r} is not a space ID like 'B3'")
    parsed = _PARSED[space] = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
    return parsed


def make_id(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def to_axial(space: str) -> Axial:
    row, col = parse_id(space)
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> str | None:
    """The ID of axial ``(q, r)``, or None when it has no ID (off any grid)."""
    col = q + (r - (r & 1)) // 2
    if r < 0 or col < 0 or r > 25 or col > 98:
        return None
    return make_id(r, col)


def step(space: str, direction: str) -> str | None:
    q, r = to_axial(space)
    dq, dr = DELTAS[direction]
    return from_axial(q + dq, r + dr)


def direction_between(a: str, b: str) -> str | None:
    """The direction from ``a`` to adjacent ``b``, or None if not adjacent."""
    qa, ra = to_axial(a)
    qb, rb = to_axial(b)
    delta = (qb - qa, rb - ra)
    for name, d in DELTAS.items():
        if d == delta:
            return name
    return None


def turn(direction: str, by: int) -> str:
    """Rotate by ``by`` sixths of a turn, positive counter-clockwise."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + by) % 6]
