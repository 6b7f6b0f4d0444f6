"""The reference the route tests and the benchmark compare the search with: no
pruning, the validator on every path (moved from ``search``, which still
exports both names)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from oracle.core.errors import IllegalAction
from oracle.eighteen.routes.graph import Node
from oracle.eighteen.routes.route import Route, StopTable, check_route, check_routes


def simple_paths(table: StopTable) -> list[tuple[Node, ...]]:
    """Every simple path in the track graph from a stop to another stop that turns
    back at no hex side (both ways round are listed once)."""
    adjacent, turns_back = table.graph.adjacent, table.graph.turns_back
    out: list[tuple[Node, ...]] = []

    def walk(path: list[Node]) -> None:
        here = path[-1]
        if len(path) > 1 and here[0] == "stop" and path[0] < here:
            out.append(tuple(path))
        for nxt in sorted(adjacent.get(here, ())):
            if nxt not in path and not (len(path) > 1 and turns_back(path[-2], here, nxt)):
                path.append(nxt)
                walk(path)
                path.pop()

    for node in sorted(adjacent):
        if node[0] == "stop":
            walk([node])
    return out


def brute_force(table: StopTable, owned: Sequence[str]) -> int:
    """The best total over every assignment of valid paths to trains (tests, bench)."""
    per_train: list[list[tuple[Route, int]]] = []
    paths = simple_paths(table)
    for name in owned:
        options: list[tuple[Route, int]] = []
        for nodes in paths:
            route = Route(name, nodes)
            try:
                options.append((route, check_route(table, route)))
            except IllegalAction:
                continue
        per_train.append(options)
    best = 0
    for combo in itertools.product(*[[None, *opts] for opts in per_train]):
        chosen = [c for c in combo if c is not None]
        total = sum(v for _, v in chosen)
        if total <= best:
            continue
        try:
            check_routes(table, [r for r, _ in chosen], owned)
        except IllegalAction:
            continue
        best = total
    return best
