"""Impassable borders: a hex edge printed as a border carries no track across it.

Base rules of the titles whose maps print them (1830's lake shores, 1870's and
18AL's rivers and lakes as transcribed): no tile may be laid so that its track
runs to a border edge, and no route joins the two hexes across one. The data
may list a border on one hex only; either hex's listing closes the edge.

Nor may a tile run track off the map (1830 rules, laying track: no track may run
off the grid edge of the map; issue 30 item 4): an edge with no hex beyond it takes
track only where the hex prints it (``exits``, or track already there).
"""

from __future__ import annotations

from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.coords import opposite
from oracle.eighteen.model.tiles import TileDef


def is_border(board: MapDef, hex_id: str, edge: int) -> bool:
    """Is ``edge`` of ``hex_id`` an impassable border (listed on either side)?"""
    here = board.hexes.get(hex_id)
    if here is not None and edge in here.borders:
        return True
    other = board.neighbour(hex_id, edge)
    return other is not None and opposite(edge) in board.hexes[other].borders


def crossing_edges(board: MapDef, hex_id: str, tile: TileDef, rotation: int) -> list[int]:
    """The border edges of ``hex_id`` that ``tile`` laid at ``rotation`` runs track to."""
    edges = {(end[1] + rotation) % 6 for path in tile.paths for end in path if end[0] == "e"}
    return sorted(e for e in edges if is_border(board, hex_id, e))


def off_map_edges(board: MapDef, hex_id: str, tile: TileDef, rotation: int,
                  kept: frozenset[int] = frozenset()) -> list[int]:
    """The edges of ``hex_id`` with no hex beyond them that ``tile`` laid at
    ``rotation`` runs new track to (``kept``: edges with track on the hex already)."""
    edges = {(end[1] + rotation) % 6 for path in tile.paths for end in path if end[0] == "e"}
    exits = set(board.hexes[hex_id].exits) | kept
    return sorted(e for e in edges - exits if board.neighbour(hex_id, e) is None)
