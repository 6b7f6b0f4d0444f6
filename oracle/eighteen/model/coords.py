"""Hex IDs as the published 18xx maps print them (``F16``, ``L6``, ``I12``).

Those maps use "doubled" coordinates: a letter and a number where neighbours
differ by (0, +-2) or (+-1, +-1). On a pointy-top map (1830, 1835, 18GA, 18Kaas)
the letter is the row; on a flat-top map the letter is the column (1856) or,
on 18AL, the row with vertical neighbours two letters apart.

Edges are numbered 0..5 clockwise. Pointy: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.
Flat: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE. Edge ``e`` faces edge ``(e + 3) % 6``
of the neighbour. A tile rotated by ``r`` moves its edge ``e`` to ``(e + r) % 6``.
"""

from __future__ import annotations

import re
from typing import Final

from oracle.core.errors import MalformedInput

#: layout -> (letter delta, number delta) for edges 0..5
EDGE_DELTAS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "pointy": ((1, -1), (0, -2), (-1, -1), (-1, 1), (0, 2), (1, 1)),
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    # flat-top hexes whose letter is the row (18AL): vertical neighbours are two letters apart
    "flat_rows": ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)),
}
_HEX_ID = re.compile(r"^([A-Z])([0-9]{1,2})$")


def parse_hex(hex_id: str) -> tuple[int, int]:
    """``'F16'`` -> ``(5, 16)`` (letter index, number)."""
    m = _HEX_ID.match(hex_id)
    if not m:
        raise MalformedInput("hex", f"{hex_id!r} is not a hex ID like 'F16'")
    return ord(m.group(1)) - ord("A"), int(m.group(2))


def make_hex(letter: int, number: int) -> str | None:
    if not 0 <= letter < 26 or not 0 <= number < 100:
        return None
    return f"{chr(ord('A') + letter)}{number}"


def neighbour(hex_id: str, edge: int, layout: str) -> str | None:
    """The ID of the hex across ``edge`` (it may not exist on the map)."""
    letter, number = parse_hex(hex_id)
    dl, dn = EDGE_DELTAS[layout][edge % 6]
    return make_hex(letter + dl, number + dn)


def opposite(edge: int) -> int:
    return (edge + 3) % 6


def edge_between(a: str, b: str, layout: str) -> int | None:
    """The edge of ``a`` that faces ``b``, or None if they are not neighbours."""
    for edge in range(6):
        if neighbour(a, edge, layout) == b:
            return edge
    return None


def hex_distance(a: str, b: str, layout: str) -> int:
    """Hexes between ``a`` and ``b`` in a straight line, whatever lies between or
    off the map ("as a crow without a passport flies": 1835 token costs)."""
    (la, na), (lb, nb) = parse_hex(a), parse_hex(b)
    single, doubled = abs(la - lb), abs(na - nb)
    if layout == "flat_rows":  # the letter is the doubled axis there
        single, doubled = doubled, single
    return single + max(0, (doubled - single) // 2)
