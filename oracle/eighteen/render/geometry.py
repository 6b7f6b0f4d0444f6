"""Where things sit on the 18xx board picture: hex centres and the middles of hex
sides, in SVG units, for the three layouts ``coords`` numbers (pointy, flat,
flat_rows). Shared by ``svg`` and ``water``.
"""

from __future__ import annotations

import math

from oracle.eighteen.model.coords import EDGE_DELTAS, parse_hex

SIZE = 20.0  # hex radius
Point = tuple[float, float]


def centre(hex_id: str, layout: str) -> Point:
    letter, number = parse_hex(hex_id)
    r3 = math.sqrt(3)
    if layout == "pointy":  # the letter is the row
        return number * r3 / 2 * SIZE, letter * 1.5 * SIZE
    if layout == "flat":  # the letter is the column
        return letter * 1.5 * SIZE, number * r3 / 2 * SIZE
    return number * 1.5 * SIZE, letter * r3 / 2 * SIZE  # flat_rows (18AL)


def edge_point(hex_id: str, edge: int, layout: str) -> Point:
    """The middle of a hex side: halfway to the neighbour's centre."""
    x, y = centre(hex_id, layout)
    letter, number = parse_hex(hex_id)
    dl, dn = EDGE_DELTAS[layout][edge % 6]
    nx, ny = _at(letter + dl, number + dn, layout)
    return (x + nx) / 2, (y + ny) / 2


def _at(letter: int, number: int, layout: str) -> Point:
    r3 = math.sqrt(3)
    if layout == "pointy":
        return number * r3 / 2 * SIZE, letter * 1.5 * SIZE
    if layout == "flat":
        return letter * 1.5 * SIZE, number * r3 / 2 * SIZE
    return number * 1.5 * SIZE, letter * r3 / 2 * SIZE
