"""The board picture's printed lines between hexes: rivers, water borders, borders.

Drawn by ``svg.board_svg`` above the hexes and under the track, from the same data
the rules read (docs/18xx-rivers.md):

* a river hex (1870's Mississippi, ``river.rivers``) gets a blue line through the
  hex from one corner where its two banks meet to the other, so each bank's edges
  lie on their own side of it; in a hex with a stop the line bends into the
  other bank (``track_side``), so the stop is seen on its own bank;
* a water border (1835's C9-B10, ``water_borders.listed``) is a thick blue hex edge,
  drawn whatever the option's reading, since it is printed on the map;
* an impassable border (``HexDef.borders``) is a thick dark hex edge.

Edges listed on both sides are drawn once.
"""

from __future__ import annotations

import math
from html import escape

from oracle.eighteen.mechanisms.river import River, rivers
from oracle.eighteen.mechanisms.water_borders import listed
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.render.geometry import SIZE, Point, centre, edge_point

RIVER = "#2f7fd1"
WATER_BORDER = "#1f5fbf"
BORDER = "#3a2a1a"


def edge_corners(hex_id: str, edge: int, layout: str) -> tuple[Point, Point]:
    """The two ends of a hex side: the corners 30 degrees either side of the
    direction to the neighbour."""
    x, y = centre(hex_id, layout)
    mx, my = edge_point(hex_id, edge, layout)
    angle = math.atan2(my - y, mx - x)
    return ((x + SIZE * math.cos(angle - math.pi / 6), y + SIZE * math.sin(angle - math.pi / 6)),
            (x + SIZE * math.cos(angle + math.pi / 6), y + SIZE * math.sin(angle + math.pi / 6)))


def shared_corner(hex_id: str, a: int, b: int, layout: str) -> Point:
    """The corner where two neighbouring sides of a hex meet."""
    first, second = edge_corners(hex_id, a, layout), edge_corners(hex_id, b, layout)
    return min(((p, q) for p in first for q in second),
               key=lambda pq: math.dist(pq[0], pq[1]))[0]


def river_path(hex_id: str, river: River, layout: str) -> str:
    """The SVG path data of the river line through ``hex_id``."""
    left, right = river.sides
    corners = [shared_corner(hex_id, e, (e + 1) % 6, layout) for e in range(6)
               if (e in left) != ((e + 1) % 6 in left)]
    x, y = centre(hex_id, layout)
    if river.track_side is not None and len(corners) == 2:
        # pass the middle of the line well into the other bank, so the stop (drawn
        # at or near the centre) is seen on its own bank
        other = river.sides[1 - river.track_side]
        mids = [edge_point(hex_id, e, layout) for e in sorted(other)]
        dx = sum(p[0] for p in mids) / len(mids) - x
        dy = sum(p[1] for p in mids) / len(mids) - y
        scale = 0.55 * SIZE / max(math.hypot(dx, dy), 1e-9)
        tx, ty = x + dx * scale, y + dy * scale
        (ax, ay), (bx, by) = corners
        x, y = 2 * tx - (ax + bx) / 2, 2 * ty - (ay + by) / 2  # the control point
    if len(corners) != 2 or not right:
        # banks that are not two runs of edges: a line from each meeting corner in
        return " ".join(f"M{cx:.1f},{cy:.1f} L{x:.1f},{y:.1f}" for cx, cy in corners)
    (ax, ay), (bx, by) = corners
    return f"M{ax:.1f},{ay:.1f} Q{x:.1f},{y:.1f} {bx:.1f},{by:.1f}"


def _edge_line(hex_id: str, edge: int, layout: str, css: str, colour: str,
               width: float, label: str) -> str:
    (ax, ay), (bx, by) = edge_corners(hex_id, edge, layout)
    return (f'<line class="{css}" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
            f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round">'
            f'<title>{escape(label)}</title></line>')


def _edges(board: MapDef, table: dict[str, frozenset[int]]) -> list[tuple[str, int]]:
    """Each listed edge once, named by the hex that lists it (the lower hex ID if both do)."""
    seen: set[frozenset[tuple[str, int]]] = set()
    out = []
    for hex_id in sorted(table):
        for edge in sorted(table[hex_id]):
            other = board.neighbour(hex_id, edge)
            key = frozenset({(hex_id, edge)} | ({(other, (edge + 3) % 6)} if other else set()))
            if key not in seen:
                seen.add(key)
                out.append((hex_id, edge))
    return out


def water_svg(title_id: str, board: MapDef) -> list[str]:
    """SVG elements for a title's rivers, water borders and impassable borders."""
    layout = board.layout
    out = []
    for hex_id, river in sorted(rivers(title_id).items()):
        if hex_id in board.hexes:
            out.append(f'<path class="river" d="{river_path(hex_id, river, layout)}" '
                       f'fill="none" stroke="{RIVER}" stroke-width="3" '
                       f'stroke-linecap="round" stroke-opacity="0.8">'
                       f'<title>river {escape(hex_id)}</title></path>')
    water = {h: e for h, e in listed(title_id).items() if h in board.hexes}
    for hex_id, edge in _edges(board, water):
        out.append(_edge_line(hex_id, edge, layout, "water-border", WATER_BORDER, 3.5,
                              f"water border {hex_id} edge {edge}"))
    borders = {h: frozenset(d.borders) for h, d in board.hexes.items() if d.borders}
    for hex_id, edge in _edges(board, borders):
        out.append(_edge_line(hex_id, edge, layout, "border", BORDER, 3.5,
                              f"impassable border {hex_id} edge {edge}"))
    return out
