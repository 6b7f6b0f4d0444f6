"""Draw a position as an inline SVG picture for the HTML report.

Rocket positions (and any position with the same ``board`` shape) are drawn on
pointy-top hexes, odd rows shifted half a hex right (oracle/core/hexgrid.py):
land, water, places, each line's track and locomotive, and stations. 18xx
positions are drawn by ``oracle/eighteen/render/svg.py`` (the whole map, routes in
colour). Other games get a box saying no picture is available yet. Everything taken from the
position is escaped: an adapter may have sent it.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from oracle.core.canonical import digest
from oracle.core.errors import MalformedInput
from oracle.core.hexgrid import to_axial

SIZE = 18.0  # hex radius in pixels
PALETTE = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65", "#5d6d7e",
           "#a04000")
PLACE_STYLE = {"city": "#8e44ad", "railway": "#d35400", "start": "#2c3e50"}
#: the legend's words for each kind of place (SR-TWN-01)
PLACE_WORDS = {"city": "city", "railway": "railway town", "start": "starting town"}
#: how wide a place's name may be drawn (a hex and a half), at most how large, and the
#: longest name drawn whole (a longer one, which no board has, is cut; its tooltip is not)
LABEL_WIDTH = SIZE * 2.6
LABEL_FONT = 6.5
LABEL_LONGEST = 48


def _center(space: str) -> tuple[float, float] | None:
    try:
        q, r = to_axial(space)
    except (MalformedInput, TypeError):
        return None
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def _hexagon(x: float, y: float, radius: float) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _spaces(value: Any) -> list[str]:
    return [s for s in value if isinstance(s, str)] if isinstance(value, list) else []


def placeholder(game: str, why: str = "") -> str:
    text = f"No board picture is available for game {game or '?'} yet."
    if why:
        text += f" ({why})"
    return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" width="420" height="60" '
            f'role="img"><rect x="1" y="1" width="418" height="58" fill="#f4f4f4" '
            f'stroke="#999" stroke-dasharray="4 3"/><text x="12" y="35" font-size="12">'
            f'{escape(text)}</text></svg>')


def board_svg(game: str, position: Any, symbols: dict[str, str] | None = None) -> str:
    """An SVG picture of ``position``, or a placeholder box.

    With ``symbols``, the land and water (the same in every scenario on a board) are
    drawn once as an SVG symbol stored there, and each picture refers to it.
    """
    if not isinstance(position, dict):
        return placeholder(game, "no position was reached")
    board = position.get("board")
    if not isinstance(board, dict) or not (board.get("land") or board.get("water")):
        return placeholder(game)
    try:
        return _draw(position, board, symbols)
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        return placeholder(game, f"the position could not be drawn: {err}")


def eighteen_svg(game: str, position: Any, symbols: dict[str, str] | None = None) -> str:
    """18xx (the game record's ``board`` entry): the whole board of the title, with
    the operating company's best run."""
    from oracle.eighteen.render.svg import position_svg
    if not isinstance(position, dict):
        return placeholder(game, "no position was reached")
    try:
        return position_svg(position)
    except (MalformedInput, TypeError, ValueError, KeyError, AttributeError) as err:
        return placeholder("18xx", f"the position could not be drawn: {err}")


def label_lines(name: str) -> list[str]:
    """A place's name on one line, or on two split at the space or hyphen nearest its
    middle when it is long and has one."""
    if len(name) <= 10:
        return [name]
    cuts = [i + 1 for i, ch in enumerate(name) if ch in " -" and 0 < i < len(name) - 1]
    if not cuts:
        return [name]
    cut = min(cuts, key=lambda i: abs(len(name) - 2 * i))
    return [name[:cut].rstrip(), name[cut:].lstrip()]


def place_label(x: float, y: float, name: str) -> str:
    """A place's whole name under its marker, shrunk to fit ``LABEL_WIDTH`` (about 0.6
    of the font size a character), with a white halo over the track."""
    if len(name) > LABEL_LONGEST:
        name = name[:LABEL_LONGEST - 1] + "\u2026"
    lines = label_lines(name)
    size = min(LABEL_FONT, LABEL_WIDTH / (0.6 * max(1, *(len(line) for line in lines))))
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else size:.1f}">{escape(line)}'
                    f"</tspan>" for i, line in enumerate(lines))
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" '
            f'font-weight="bold" stroke="#fff" stroke-width="1.2" paint-order="stroke">'
            f"{spans}</text>")


def kinds_legend(x: float, y: float) -> str:
    """The legend of place kinds, stations, locomotives and water, one row."""
    def word(at: float, text: str) -> str:
        return f'<text x="{at + 12:.1f}" y="{y:.1f}" font-size="8">{text}</text>'

    out: list[str] = []
    for kind, colour in PLACE_STYLE.items():
        out.append(f'<rect x="{x:.1f}" y="{y - 7:.1f}" width="8" height="8" fill="{colour}"/>'
                   + word(x, PLACE_WORDS[kind]))
        x += 20 + 4.6 * len(PLACE_WORDS[kind])
    out.append(f'<rect x="{x:.1f}" y="{y - 7:.1f}" width="7" height="7" fill="#fff" '
               f'stroke="#000"/>' + word(x, "station (player's number)"))
    x += 122
    out.append(f'<circle cx="{x + 4:.1f}" cy="{y - 3:.1f}" r="4" fill="#999" stroke="#000"/>'
               + word(x, "locomotive"))
    x += 66
    out.append(f'<rect x="{x:.1f}" y="{y - 7:.1f}" width="8" height="8" fill="#aed6f1"/>'
               + word(x, "water"))
    return "".join(out)


def _draw(position: dict[str, Any], board: dict[str, Any],
          symbols: dict[str, str] | None) -> str:
    land, water = _spaces(board.get("land")), _spaces(board.get("water"))
    centers = {s: c for s in land + water if (c := _center(s)) is not None}
    if not centers:
        return placeholder(str(position.get("game", "")), "no drawable spaces")
    xs = [c[0] for c in centers.values()]
    ys = [c[1] for c in centers.values()]
    pad = SIZE * 1.2
    left, top = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - left + pad, max(ys) - top + pad
    ground: list[str] = []
    water_set = set(water)
    for space in land + water:
        if space not in centers:
            continue
        x, y = centers[space]
        fill = "#aed6f1" if space in water_set else "#f9f3e3"
        ground.append(f'<polygon points="{_hexagon(x, y, SIZE)}" fill="{fill}" '
                      f'stroke="#c8b99a" stroke-width="0.8"><title>{escape(space)}</title>'
                      f'</polygon><text x="{x:.1f}" y="{y + SIZE * 0.72:.1f}" font-size="5.5" '
                      f'text-anchor="middle" fill="#998">{escape(space)}</text>')
    parts: list[str] = []
    if symbols is None:
        parts.extend(ground)
    else:
        key = "ground-" + digest([land, water])
        symbols.setdefault(key, f'<symbol id="{key}" overflow="visible">{"".join(ground)}'
                                f'</symbol>')
        parts.append(f'<use href="#{key}"/>')
    lines = position.get("lines")
    legend: list[tuple[str, str]] = []
    if isinstance(lines, dict):
        for i, (key, line) in enumerate(sorted(lines.items())):
            if not isinstance(line, dict):
                continue
            colour = PALETTE[i % len(PALETTE)]
            legend.append((colour, str(key)))
            track = [c for s in _spaces(line.get("track")) if (c := _center(s)) is not None]
            for x, y in track:
                parts.append(f'<polygon points="{_hexagon(x, y, SIZE * 0.55)}" '
                             f'fill="{colour}" fill-opacity="0.35"/>')
            if len(track) > 1:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in track)
                parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                             f'stroke-width="3" stroke-linecap="round"/>')
            loco = line.get("loco")
            if isinstance(loco, str) and (c := _center(loco)) is not None:
                parts.append(f'<circle cx="{c[0]:.1f}" cy="{c[1]:.1f}" r="{SIZE * 0.45:.1f}" '
                             f'fill="{colour}" stroke="#000"><title>locomotive of '
                             f'{escape(str(key))} on {escape(loco)}</title></circle>')
    places = board.get("places")
    if isinstance(places, dict):
        for key, place in sorted(places.items()):
            if not isinstance(place, dict) or not isinstance(place.get("space"), str):
                continue
            c = _center(place["space"])
            if c is None:
                continue
            kind = str(place.get("kind", ""))
            name = str(place.get("name", key))
            colour = PLACE_STYLE.get(kind, "#555")
            parts.append(f'<rect x="{c[0] - 4:.1f}" y="{c[1] - 11:.1f}" width="8" height="8" '
                         f'fill="{colour}"><title>{escape(name)} ({escape(kind)})</title></rect>')
            parts.append(place_label(c[0], c[1] + 3, name))
    stations = position.get("stations")
    holdings = position.get("holdings")
    if not isinstance(stations, dict) and isinstance(holdings, dict):
        stations = {p: h.get("stations") for p, h in holdings.items() if isinstance(h, dict)}
    if isinstance(stations, dict):
        for n, (player, spaces) in enumerate(sorted(stations.items())):
            for s in _spaces(spaces):
                c = _center(s)
                if c is None:
                    continue
                parts.append(f'<rect x="{c[0] + 5:.1f}" y="{c[1] - 2:.1f}" width="7" '
                             f'height="7" fill="#fff" stroke="#000"><title>station of '
                             f'{escape(str(player))}</title></rect><text x="{c[0] + 8.5:.1f}" '
                             f'y="{c[1] + 3.5:.1f}" font-size="5" text-anchor="middle">'
                             f'{n + 1}</text>')
    legend_height = 14 * ((len(legend) + 3) // 4) + 14
    parts.append(kinds_legend(left + 6, top + height + 10))
    for i, (colour, key) in enumerate(legend):
        x = left + 6 + (i % 4) * 110
        y = top + height + 24 + 14 * (i // 4)
        parts.append(f'<rect x="{x:.1f}" y="{y - 7:.1f}" width="9" height="9" '
                     f'fill="{colour}"/><text x="{x + 13:.1f}" y="{y + 1:.1f}" '
                     f'font-size="9">line {escape(key)}</text>')
    title = escape(str(board.get("name", "board")))
    note = " (approximate map)" if board.get("approximate") else ""
    total_height = height + legend_height + 6
    return (f'<svg class="board" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'font-family="sans-serif" '
            f'viewBox="{left:.1f} {top:.1f} {max(width, 440):.1f} {total_height:.1f}" '
            f'width="{min(max(width, 440) * 1.4, 900):.0f}"><title>{title}{note}</title>'
            + "".join(parts) + "</svg>")
