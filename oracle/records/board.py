"""The board side of the translation: tile instances, token cities and routes.

A record names a laid tile by instance (``"57-1"``: the second tile 57) and a city by
its tile instance and the city's index among the tile's cities (``"57-1-0"``); a
preprinted hex's own content is named by the hex (``"D14-0-0"``). A route names the
hexes of its stops in order (``hexes``) and, between each two, the chain of hexes its
track runs through (``connections``: chain ``i`` joins ``hexes[i]`` and
``hexes[i + 1]``, either way round); railrules names the nodes a route runs through
(``oracle/eighteen/routes/route.py``: stops ``E19.s0``, hex sides ``E19.e4``). The
chains become nodes on the track graph of the current position, built with the
oracle's route code (a translation aid: it reads only the position JSON and the title's
map and tile data).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Node, TrackGraph, side_node
from oracle.eighteen.routes.route import node_name
from oracle.records.reader import RecordError

JSON = dict[str, Any]


def tile_number(instance: str) -> str:
    """``'57-1'`` -> ``'57'`` (a tile number may itself hold a dash: ``'X-1-0'``)."""
    number, sep, copy = str(instance).rpartition("-")
    if not sep or not copy.isdigit() or not number:
        raise RecordError(f"tile {instance!r} is not a tile instance like '57-1'")
    return number


def train_name(instance: str) -> str:
    """``'2-1'`` -> ``'2'``, ``'D-0'`` -> ``'D'``."""
    return tile_number(instance)


class Board:
    def __init__(self, title: TitleData) -> None:
        self.title = title
        self.map = title.map
        #: tile instance -> the hex it was last laid on
        self.laid: dict[str, str] = {}

    def lay(self, instance: str, hex_id: str) -> None:
        self.laid[str(instance)] = hex_id

    def city_hex(self, city: str, where: str) -> tuple[str, int]:
        """``'57-1-0'`` -> (the hex of tile instance 57-1, its city 0)."""
        instance, sep, index = str(city).rpartition("-")
        if not sep or not index.isdigit():
            raise RecordError(f"{where}: city {city!r} is not like '57-1-0'")
        if instance in self.laid:
            return self.laid[instance], int(index)
        hex_id = instance.rpartition("-")[0]
        if hex_id in self.map.hexes:
            return hex_id, int(index)
        raise RecordError(f"{where}: city {city!r}: tile {instance} was never laid")

    def stop_index(self, position: JSON, hex_id: str, city: int) -> int:
        """The railrules stop of a hex's ``city``-th city (towns and off-boards are
        stops too, but no cities)."""
        tile = self.content(position, hex_id)
        cities = [i for i, s in enumerate(tile.stops) if s.kind == "city"]
        return cities[city] if city < len(cities) else city

    def content(self, position: JSON, hex_id: str) -> TileDef:
        for laid in position.get("tiles", []):
            if laid.get("hex") == hex_id:
                tile = self.map.tile(str(laid["tile"]))
                if tile is not None:
                    return tile
        return self.map.hexes[hex_id].content

    # -- routes ------------------------------------------------------------------
    def route_path(self, position: JSON, route: JSON, where: str) -> list[str]:
        """The node path of one recorded route on the position's track."""
        graph = TrackGraph(self.map, State.from_json(position))
        legs = _legs(route, where)
        found = self._walk(graph, legs, 0, None)
        if found is None:
            raise RecordError(f"{where}: route {route.get('revenue_str') or legs} does not "
                              f"follow the track of the position")
        return [node_name(n) for n in found]

    def _walk(self, graph: TrackGraph, legs: Sequence[list[str]], k: int,
              at: Node | None) -> list[Node] | None:
        """Legs ``k``.. from stop ``at`` (None: any stop of the first hex)."""
        if k == len(legs):
            return []
        hexes = legs[k]
        sides = [self._side(a, b) for a, b in itertools.pairwise(hexes)]
        for i in range(1, len(sides)):
            if not _joined(graph, sides[i - 1], sides[i], hexes[i]):
                return None
        starts = [at] if at is not None else _stops(graph, hexes[0], sides[0])
        for start in starts:
            if start is None or not _joined(graph, start, sides[0], hexes[0]):
                continue
            for end in _stops(graph, hexes[-1], sides[-1]):
                if end == start:
                    continue
                rest = self._walk(graph, legs, k + 1, end)
                if rest is not None:
                    return ([start] if k == 0 else []) + [*sides, end, *rest]
        return None

    def _side(self, a: str, b: str) -> Node:
        for edge in range(6):
            if self.map.neighbour(a, edge) == b:
                return side_node(self.map, a, edge)
        raise RecordError(f"route: hexes {a} and {b} are not neighbours")


def _legs(route: JSON, where: str) -> list[list[str]]:
    """The route's chains, each from one stop's hex to the next, in run order: the
    chains as ``hexes`` orders the stops (a single chain as recorded)."""
    chains = [list(map(str, c)) for c in route.get("connections") or []]
    hexes = [str(h) for h in route.get("hexes") or []]
    if not chains or any(len(c) < 2 for c in chains):
        raise RecordError(f"{where}: a route needs connections of two hexes or more")
    if len(chains) == 1:
        return chains
    if len(hexes) != len(chains) + 1:
        raise RecordError(f"{where}: a route's hexes do not match its connections")
    out = []
    for i, chain in enumerate(chains):
        ends = (hexes[i], hexes[i + 1])
        if (chain[0], chain[-1]) == ends:
            out.append(chain)
        elif (chain[-1], chain[0]) == ends:
            out.append(chain[::-1])
        else:
            raise RecordError(f"{where}: connection {chain} does not join {ends[0]} and "
                              f"{ends[1]}")
    return out


def _joined(graph: TrackGraph, a: Node, b: Node, hex_id: str) -> bool:
    """Whether a path of hex ``hex_id`` joins nodes ``a`` and ``b``."""
    return graph.path_hex.get(frozenset((a, b))) == hex_id


def _stops(graph: TrackGraph, hex_id: str, side: Node) -> list[Node]:
    """The stops of ``hex_id`` a path of that hex joins to ``side``."""
    return sorted(n for n in graph.adjacent.get(side, ())
                  if n[0] == "stop" and n[1] == hex_id and _joined(graph, n, side, hex_id))
