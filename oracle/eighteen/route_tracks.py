"""Track-level help for the route search: which stops a stop reaches, one path or
every path between two stops, and the exact joint realisation of several routes.

The route search (``route_search``) works on *stop sequences*: what a route pays
depends on its stops alone (``revenue``), so two routes through the same stops
are worth the same whatever track they take. The track only decides whether the
chosen routes fit together. On a dense late-game board two stops may be joined
by thousands of different ways through plain track, so listing every way (as
the first version of the search did) explodes; here the track is consulted on
demand instead:

* a *demand* is one leg of a route, ``(route, a, b)``: stop ``a`` to stop ``b``
  through hex sides only (a leg never passes a stop: a stop on the way is a stop
  of the route);
* ``realize`` decides exactly whether all the demands can be given paths at once,
  legs of one route sharing no node (a route visits no hex side twice), legs of
  different routes sharing no track segment (a tile path), and returns the paths.
  It is a depth-first search over each leg's simple paths (shortest first), cut
  as soon as a later leg can no longer reach its end at all.

Every step counts against a ``Budget`` (work units and CPU seconds): a caller that
must answer in time gets ``SearchTooLarge`` instead of a hang.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from oracle.core.errors import RailrulesError
from oracle.eighteen.graph import Node


class SearchTooLarge(RailrulesError):
    """The search used more work or time than the caller allowed. The code is the
    refusal the protocol reports (``route/search_too_large``)."""

    code = "route/search_too_large"

    def __init__(self, message: str) -> None:
        super().__init__(f"{self.code}: {message}")


class Budget:
    """Work units (path steps, branch-and-bound nodes) and CPU seconds to spend."""

    def __init__(self, max_work: int | None = None, seconds: float | None = None) -> None:
        self.max_work = max_work
        self.deadline = None if seconds is None else time.process_time() + seconds
        self.seconds = seconds
        self.work = 0

    def tick(self, n: int = 1) -> None:
        self.work += n
        if self.max_work is not None and self.work > self.max_work:
            raise SearchTooLarge(f"more than {self.max_work} search steps")
        if self.deadline is not None and self.work & 1023 < n and \
                time.process_time() > self.deadline:
            raise SearchTooLarge(f"more than {self.seconds} s of search")


@dataclass(frozen=True, slots=True)
class Leg:
    """One realised leg: node ids from ``a`` to ``b``, its interior (hex sides) as a
    bitmask, and the bitmask of the track segments it uses."""

    nodes: tuple[int, ...]
    inner: int
    edges: int


Demand = tuple[int, int, int]  # (route, stop a, stop b), node ids


class Tracks:
    """The track graph with integer node ids and one bit per segment."""

    def __init__(self, adjacent: Mapping[Node, set[Node]], budget: Budget) -> None:
        self.budget = budget
        self.nodes: list[Node] = sorted(adjacent)
        self.ids = {n: i for i, n in enumerate(self.nodes)}
        self.is_stop = [n[0] == "stop" for n in self.nodes]
        self.adj: list[list[tuple[int, int]]] = [[] for _ in self.nodes]
        bits: dict[tuple[int, int], int] = {}
        for a in self.nodes:
            i = self.ids[a]
            for b in sorted(adjacent[a]):
                j = self.ids[b]
                key = (min(i, j), max(i, j))
                bit = bits.get(key)
                if bit is None:
                    bit = bits[key] = 1 << len(bits)
                self.adj[i].append((j, bit))
        self._dist: dict[int, list[int]] = {}
        self._bridges: dict[int, dict[int, int]] = {}

    def legs_from(self, a: int) -> set[int]:
        """The stops one leg from ``a`` reaches."""
        seen = {a}
        out: set[int] = set()
        frontier = [a]
        is_stop = self.is_stop
        while frontier:
            node = frontier.pop()
            for nxt, _ in self.adj[node]:
                if nxt in seen:
                    continue
                seen.add(nxt)
                if is_stop[nxt]:
                    out.add(nxt)
                else:
                    frontier.append(nxt)
        self.budget.tick(len(seen))
        return out

    def bridges_from(self, a: int) -> dict[int, int]:
        """For each stop ``b`` one leg from ``a`` reaches: the segments every such leg
        uses (a bridge between ``a`` and every way into ``b``; Tarjan's lowlinks on
        a depth-first tree from ``a`` in which other stops are leaves, one leaf per
        segment into them, since a leg never runs through a stop)."""
        known = self._bridges.get(a)
        if known is not None:
            return known
        tin: dict[int, int] = {a: 0}
        low: dict[int, int] = {a: 0}
        parent: dict[int, tuple[int, int]] = {}
        #: (stop reached, the tree node it hangs from, the segment)
        leaves: list[tuple[int, int, int]] = []
        is_stop = self.is_stop
        stack: list[tuple[int, int, int]] = [(a, 0, 0)]  # node, next edge index, in-bit
        clock = 1
        steps = 0
        while stack:
            node, at, in_bit = stack[-1]
            edges = self.adj[node]
            if at < len(edges):
                stack[-1] = (node, at + 1, in_bit)
                nxt, bit = edges[at]
                steps += 1
                if bit == in_bit:
                    continue
                if is_stop[nxt]:
                    if nxt != a:
                        leaves.append((nxt, node, bit))
                    else:
                        low[node] = min(low[node], 0)
                    continue
                if nxt in tin:
                    low[node] = min(low[node], tin[nxt])
                    continue
                tin[nxt] = low[nxt] = clock
                clock += 1
                parent[nxt] = (node, bit)
                stack.append((nxt, 0, bit))
            else:
                stack.pop()
                if node in parent:
                    up = parent[node][0]
                    low[up] = min(low[up], low[node])
        self.budget.tick(steps)
        bridge_cache: dict[int, int] = {}

        def bridges_above(node: int) -> int:
            """The bridges on the tree path from ``a`` down to ``node``."""
            out = bridge_cache.get(node)
            if out is None:
                if node == a:
                    out = 0
                else:
                    up, bit = parent[node]
                    out = bridges_above(up) | (bit if low[node] > tin[up] else 0)
                bridge_cache[node] = out
            return out

        found: dict[int, int] = {}
        copies: dict[int, int] = {}
        for stop, node, bit in leaves:
            mask = bridges_above(node) | bit
            copies[stop] = copies.get(stop, 0) + 1
            found[stop] = found[stop] & mask if stop in found else mask
        for stop, count in copies.items():
            if count > 1:  # several segments into the stop: none of them is a must
                found[stop] &= ~_leaf_bits(self.adj[stop])
        self._bridges[a] = found
        return found

    def distances(self, b: int) -> list[int]:
        """Steps from each node to stop ``b`` through hex sides (a guide for ``paths``)."""
        known = self._dist.get(b)
        if known is None:
            far = len(self.nodes) + 1
            known = [far] * len(self.nodes)
            known[b] = 0
            frontier = [b]
            while frontier:
                nxt_frontier = []
                for node in frontier:
                    d = known[node] + 1
                    for nxt, _ in self.adj[node]:
                        if known[nxt] > d and not self.is_stop[nxt]:
                            known[nxt] = d
                            nxt_frontier.append(nxt)
                frontier = nxt_frontier
            self.budget.tick(len(self.nodes))
            self._dist[b] = known
        return known

    def connected(self, a: int, b: int, banned_nodes: int, banned_edges: int) -> bool:
        """Some leg from ``a`` to ``b`` avoids the banned sides and segments."""
        seen = 1 << a
        frontier = [a]
        is_stop = self.is_stop
        steps = 0
        while frontier:
            node = frontier.pop()
            for nxt, bit in self.adj[node]:
                steps += 1
                if bit & banned_edges or seen >> nxt & 1:
                    continue
                if nxt == b:
                    self.budget.tick(steps)
                    return True
                if is_stop[nxt] or banned_nodes >> nxt & 1:
                    continue
                seen |= 1 << nxt
                frontier.append(nxt)
        self.budget.tick(steps)
        return False

    def shortest(self, a: int, b: int, banned_nodes: int, banned_edges: int) -> Leg | None:
        """A shortest leg from ``a`` to ``b`` avoiding the banned sides and segments."""
        parent: dict[int, tuple[int, int]] = {a: (-1, 0)}
        frontier = [a]
        is_stop = self.is_stop
        steps = 0
        while frontier:
            grown = []
            for node in frontier:
                for nxt, bit in self.adj[node]:
                    steps += 1
                    if bit & banned_edges or nxt in parent:
                        continue
                    if nxt != b and (is_stop[nxt] or banned_nodes >> nxt & 1):
                        continue
                    parent[nxt] = (node, bit)
                    if nxt == b:
                        self.budget.tick(steps)
                        nodes, inner, edges = [b], 0, 0
                        at = b
                        while at != a:
                            prev, e = parent[at]
                            edges |= e
                            if prev != a:
                                inner |= 1 << prev
                            nodes.append(prev)
                            at = prev
                        return Leg(tuple(reversed(nodes)), inner, edges)
                    grown.append(nxt)
            frontier = grown
        self.budget.tick(steps)
        return None

    def paths(self, a: int, b: int, banned_nodes: int, banned_edges: int) -> Iterator[Leg]:
        """Every leg from ``a`` to ``b`` avoiding the banned sides and segments, the
        ones heading straight for ``b`` first."""
        dist = self.distances(b)
        far = len(self.nodes) + 1
        is_stop, adj, tick = self.is_stop, self.adj, self.budget.tick
        path = [a]

        def walk(node: int, inner: int, edges: int) -> Iterator[Leg]:
            tick()
            options = sorted(((dist[n], n, bit) for n, bit in adj[node]
                              if not bit & edges and not bit & banned_edges),
                             key=lambda t: t[0])
            for d, nxt, bit in options:
                if nxt == b:
                    yield Leg((*path, b), inner, edges | bit)
                    continue
                if d >= far or is_stop[nxt] or (inner | banned_nodes) >> nxt & 1:
                    continue
                path.append(nxt)
                yield from walk(nxt, inner | 1 << nxt, edges | bit)
                path.pop()

        yield from walk(a, 0, 0)

    def realize(self, demands: list[Demand], fixed_edges: int = 0,
                fixed_nodes: Mapping[int, int] | None = None) -> list[Leg] | None:
        """Paths for every demand at once (see the module's docstring), avoiding the
        segments ``fixed_edges`` and, per route, the sides in ``fixed_nodes``; None
        when there are none."""
        if not self._degrees_allow(demands, fixed_edges):
            return None
        # legs of two routes that must both take one segment never fit together
        seen: dict[int, int] = {}
        for r, a, b in demands:
            must = self.bridges_from(a).get(b, 0)
            if must & fixed_edges:
                return None
            for other, mask in seen.items():
                if other != r and mask & must:
                    return None
            seen[r] = seen.get(r, 0) | must
        n = len(demands)
        out: list[Leg] = []

        def rec(k: int, used: int, route_nodes: dict[int, int]) -> bool:
            if k == n:
                return True
            r, a, b = demands[k]
            own = route_nodes.get(r, 0)
            for leg in self.paths(a, b, own, used):
                grown = dict(route_nodes)
                grown[r] = own | leg.inner
                now = used | leg.edges
                if all(self.connected(ra, rb, grown.get(rr, 0), now)
                       for rr, ra, rb in demands[k + 1:]):
                    out.append(leg)
                    if rec(k + 1, now, grown):
                        return True
                    out.pop()
            return False

        return out if rec(0, fixed_edges, dict(fixed_nodes or {})) else None

    def _degrees_allow(self, demands: list[Demand], fixed_edges: int) -> bool:
        """A stop has as many legs ending there as it has free track, at most."""
        ends: dict[int, int] = {}
        for _, a, b in demands:
            ends[a] = ends.get(a, 0) + 1
            ends[b] = ends.get(b, 0) + 1
        return all(sum(1 for _, bit in self.adj[s] if not bit & fixed_edges) >= count
                   for s, count in ends.items())


def _leaf_bits(edges: list[tuple[int, int]]) -> int:
    out = 0
    for _, bit in edges:
        out |= bit
    return out
