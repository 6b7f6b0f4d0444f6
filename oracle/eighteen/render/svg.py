"""The whole 18xx board as an SVG picture: hexes by their published IDs, tiles in
their colours with their track, stops, station tokens, routes in colour, and the
printed rivers and borders (``water``).

Used by the HTML report (``oracle/harness/reports/board.py``) for ``18xx``
positions; everything drawn comes from the title's data and the position.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.render.geometry import SIZE, Point, centre, edge_point
from oracle.eighteen.render.water import water_svg
from oracle.eighteen.routes.graph import Node, hex_content
from oracle.eighteen.routes.route import Route

FILL = {"white": "#f7f3e8", "yellow": "#f7e27a", "green": "#8fd18b", "brown": "#c99b6d",
        "gray": "#bbbbbb", "red": "#e57373"}
ROUTE_COLOURS = ("#d62728", "#1f77b4", "#9467bd", "#ff7f0e", "#17becf", "#e377c2")


def stop_point(tile: TileDef, rotation: int, hex_id: str, index: int, layout: str) -> Point:
    """A lone stop sits in the middle; several are pulled towards their own sides."""
    x, y = centre(hex_id, layout)
    if len(tile.stops) < 2:
        return x, y
    edges = [end[1] for path in tile.paths if ("s", index) in path
             for end in path if end[0] == "e"]
    if not edges:
        angle = 2 * math.pi * index / len(tile.stops)
        return x + 0.4 * SIZE * math.cos(angle), y + 0.4 * SIZE * math.sin(angle)
    points = [edge_point(hex_id, (e + rotation) % 6, layout) for e in edges]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return x + 0.45 * (mx - x), y + 0.45 * (my - y)


def _corners(x: float, y: float, layout: str) -> str:
    start = 30 if layout == "pointy" else 0
    return " ".join(f"{x + SIZE * math.cos(math.radians(start + 60 * i)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(start + 60 * i)):.1f}" for i in range(6))


def board_svg(title: TitleData, state: State, routes: Sequence[Route] = ()) -> str:
    board = title.map
    layout = board.layout
    parts: list[str] = []
    labels: list[str] = []  # over the rivers, so a river hex's ID stays legible
    names: list[str] = []  # over the track
    track: list[str] = []
    stops: list[str] = []
    points: dict[Node, Point] = {}
    for hex_id in sorted(board.hexes):
        tile, rotation = hex_content(board, state, hex_id)
        x, y = centre(hex_id, layout)
        name = board.hexes[hex_id].name
        parts.append(f'<polygon points="{_corners(x, y, layout)}" '
                     f'fill="{FILL.get(tile.colour, "#eee")}" stroke="#888" stroke-width="0.7">'
                     f'<title>{escape(hex_id)} {escape(name)} {escape(tile.id)}</title></polygon>')
        labels.append(f'<text x="{x:.1f}" y="{y - SIZE * 0.6:.1f}" font-size="5" '
                      f'text-anchor="middle" fill="#555">{escape(hex_id)}</text>')
        if name:  # under the stops, over the track (a white halo)
            names.append(fitted_text(x, y + SIZE * 0.52, name, 4.5, SIZE * 1.5,
                                      'fill="#222" stroke="#fff" stroke-width="0.8" '
                                      'paint-order="stroke"'))
        for i in range(len(tile.stops)):
            points[("stop", hex_id, i)] = stop_point(tile, rotation, hex_id, i, layout)
        for path in tile.paths:
            ends = []
            for kind, index in sorted(path):
                if kind == "e":
                    ends.append(edge_point(hex_id, (index + rotation) % 6, layout))
                else:
                    ends.append(points[("stop", hex_id, index)])
            (ax, ay), (bx, by) = ends
            track.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                         f'stroke="#222" stroke-width="2.2"/>')
        for i, stop in enumerate(tile.stops):
            sx, sy = points[("stop", hex_id, i)]
            label = f"{stop.kind} {stop.revenue}"
            if stop.kind == "town":
                stops.append(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="2.5" fill="#000">'
                             f'<title>{label}</title></circle>')
                continue
            held = [t.company for t in state.tokens if t.hex == hex_id and t.city == i]
            stops.append(f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{SIZE * 0.3:.1f}" '
                         f'fill="#fff" stroke="#000"><title>{label}</title></circle>')
            if held:
                stops.append(fitted_text(sx, sy + 1.6, "/".join(held), 4.5, SIZE * 0.58))
    water = water_svg(title.id, board)  # rivers and borders: over the hexes, under the track
    lines = _route_lines(routes, points, layout)
    xs = [centre(h, layout)[0] for h in board.hexes]
    ys = [centre(h, layout)[1] for h in board.hexes]
    left, top = min(xs) - SIZE * 1.2, min(ys) - SIZE * 1.2
    width, height = max(xs) - left + SIZE * 1.2, max(ys) - top + SIZE * 1.2
    key = legend(left + 4, top + height + 8, routes)
    width = max(width, LEGEND_WIDTH)
    height += 14 + (10 if routes else 0)
    return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'font-family="sans-serif" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
            f'width="{min(width * 1.6, 900):.0f}"><title>{escape(title.id)}</title>'
            + "".join(parts + water + labels + track + names + lines + stops) + key + "</svg>")


def _lines(text: str) -> list[str]:
    """One line, or two split at the space nearest the middle of a long text."""
    cuts = [i for i, ch in enumerate(text) if ch == " "]
    if len(text) <= 12 or not cuts:
        return [text]
    cut = min(cuts, key=lambda i: abs(len(text) - 2 * i))
    return [text[:cut], text[cut + 1:]]


def fitted_text(x: float, y: float, text: str, size: float, room: float,
                extra: str = "") -> str:
    """``text`` whole, centred at (x, y) on one or two lines, its font shrunk from
    ``size`` until it fits ``room`` wide (about 0.6 of the font size a character); a text
    past 40 characters (which no title has) is cut, its tooltip whole."""
    shown = text if len(text) <= 40 else text[:39] + "\u2026"
    lines = _lines(shown)
    fit = min(size, room / (0.6 * max(1, *(len(line) for line in lines))))
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else fit:.1f}">{escape(line)}'
                    f"</tspan>" for i, line in enumerate(lines))
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{fit:.1f}" text-anchor="middle"'
            f'{" " + extra if extra else ""}><title>{escape(text)}</title>{spans}</text>')


#: the legend's row: the hex colours (the tile's colour; red: off-board), the stops and
#: tokens, and each train's run
LEGEND_WIDTH = 420.0
_KINDS = (("white", "no tile"), ("yellow", "yellow"), ("green", "green"), ("brown", "brown"),
          ("gray", "gray"), ("red", "off-board"))


def legend(x: float, y: float, routes: Sequence[Route]) -> str:
    out: list[str] = []
    at = x
    for colour, words in _KINDS:
        out.append(f'<rect x="{at:.1f}" y="{y - 6:.1f}" width="7" height="7" '
                   f'fill="{FILL[colour]}" stroke="#888" stroke-width="0.5"/><text '
                   f'x="{at + 9:.1f}" y="{y:.1f}" font-size="7">{words}</text>')
        at += 14 + 3.9 * len(words)
    out.append(f'<circle cx="{at + 3:.1f}" cy="{y - 2.5:.1f}" r="2.5" fill="#000"/><text '
               f'x="{at + 8:.1f}" y="{y:.1f}" font-size="7">town</text>')
    at += 28
    out.append(f'<circle cx="{at + 3.5:.1f}" cy="{y - 2.5:.1f}" r="3.5" fill="#fff" '
               f'stroke="#000"/><text x="{at + 9:.1f}" y="{y:.1f}" font-size="7">city '
               f"(a token: its company)</text>")
    for n, route in enumerate(routes):
        rx = x + 70 * n
        colour = ROUTE_COLOURS[n % len(ROUTE_COLOURS)]
        out.append(f'<line x1="{rx:.1f}" y1="{y + 7:.1f}" x2="{rx + 10:.1f}" y2="{y + 7:.1f}" '
                   f'stroke="{colour}" stroke-width="2.6"/><text x="{rx + 13:.1f}" '
                   f'y="{y + 9.5:.1f}" font-size="7">train {escape(route.train)}</text>')
    return "".join(out)


def _route_lines(routes: Sequence[Route], points: dict[Node, Point], layout: str) -> list[str]:
    """Each route a polyline in its colour, shifted a little so routes over the same
    track stay apart."""
    lines: list[str] = []
    for n, route in enumerate(routes):
        colour = ROUTE_COLOURS[n % len(ROUTE_COLOURS)]
        shift = (n - (len(routes) - 1) / 2) * 1.6
        coords = []
        for node in route.nodes:
            if node[0] == "side":
                px, py = edge_point(node[1], node[2], layout)
            else:
                px, py = points.get(node, centre(node[1], layout))
            coords.append(f"{px + shift:.1f},{py + shift:.1f}")
        lines.append(f'<polyline class="route" points="{" ".join(coords)}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.6" stroke-opacity="0.85" '
                     f'stroke-linejoin="round"><title>train {escape(route.train)}</title>'
                     f'</polyline>')
    return lines


def position_svg(position: dict[str, object]) -> str:
    """The picture of an 18xx position JSON, with the operating company's best run
    (searched within a budget; a run too long to prove best is left out)."""
    from oracle.eighteen.api import API
    from oracle.eighteen.queries import owned_trains, route_table
    from oracle.eighteen.routes.search import SearchTooLarge, best_run

    state = API.load(dict(position))
    title = API.rules.title(state)
    routes: tuple[Route, ...] = ()
    company = state.turn.company
    if company is not None and owned_trains(title, state, company):
        try:
            routes = best_run(route_table(title, state, company),
                              owned_trains(title, state, company), max_branches=1_000_000).routes
        except SearchTooLarge:
            routes = ()
    return board_svg(title, state, routes)
