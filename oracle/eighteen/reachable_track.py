"""Which hexes of a position's board are joined by track, for ``reachable.py``.

A coarse picture on purpose: a hex is one node (all its track and stops together), and
two neighbours are joined where both run track to their common edge, or where one of
them holds a station token (a company lays a tile from the city its token is in). It
ignores borders, rivers, turn-backs and cities that tokens block. Every join play could
use is a join here, so "not joined here" proves "never joined in play"; the converse is
not claimed (a check built on it only finds positions play cannot reach).
"""

from __future__ import annotations

from collections.abc import Iterable

from oracle.eighteen.model.coords import neighbour
from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import hex_content


def track_edges(title: TitleData, state: State, hex_id: str) -> frozenset[int]:
    """The edges of ``hex_id`` its tile (or preprint) runs track to, and the edges it
    prints as exits off the modelled board."""
    tile, rotation = hex_content(title.map, state, hex_id)
    edges = {end[1] for path in tile.rotated_paths(rotation) for end in path
             if end[0] == "e"}
    return frozenset(edges | set(title.map.hexes[hex_id].exits))


def components(title: TitleData, state: State) -> dict[str, int]:
    """Each hex with track or a station token -> the number of its joined group."""
    board = title.map
    tokened = {t.hex for t in state.tokens}
    edges = {h: track_edges(title, state, h) for h in board.hexes}
    live = [h for h in board.hexes if edges[h] or h in tokened]
    group: dict[str, int] = {}
    for number, start in enumerate(live):
        if start in group:
            continue
        group[start] = number
        stack = [start]
        while stack:
            here = stack.pop()
            for edge in range(6):
                there = neighbour(here, edge, board.layout)
                if there is None or there not in board.hexes or there in group:
                    continue
                near = edge in edges[here] or here in tokened
                far = (edge + 3) % 6 in edges[there] or there in tokened
                if near and far:
                    group[there] = number
                    stack.append(there)
    return group


def groups_of(group: dict[str, int], hexes: Iterable[str]) -> set[int]:
    """The groups ``hexes`` lie in (a hex with neither track nor a token is in none)."""
    return {group[h] for h in hexes if h in group}
