"""The track graph of the route search as integers and bitmasks, and the walks over
it (``tracks.py`` has the whole story): which stops a stop reaches, the segments and
hex sides every leg must pass (bridges and cut vertices), one shortest leg or every
leg between two stops. Every step counts against a ``Budget``: over it,
``SearchTooLarge``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from oracle.core.errors import RailrulesError
from oracle.eighteen.routes.graph import Node

#: how many legs ``shortest`` keeps per pair of stops
_LEGS_KEPT = 6


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


class TrackWalks:
    """The track graph with integer node ids and one bit per segment, and the walks
    over it: reachability, the segments and sides every leg must pass, shortest legs
    and every leg (``Tracks`` adds the joint realisation)."""

    def __init__(self, adjacent: Mapping[Node, set[Node]], budget: Budget,
                 path_hex: Mapping[frozenset[Node], str] | None = None) -> None:
        self.budget = budget
        self.nodes: list[Node] = sorted(adjacent)
        self.ids = {n: i for i, n in enumerate(self.nodes)}
        self.is_stop = [n[0] == "stop" for n in self.nodes]
        self.adj: list[list[tuple[int, int]]] = [[] for _ in self.nodes]
        #: per node, per segment bit at it: the segments a walk that came in on that
        #: one may not leave by (at a hex side, the paths of the same hex: no
        #: reversal; none at a stop, or without ``path_hex``)
        self.back: list[dict[int, int]] = [{} for _ in self.nodes]
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
            if path_hex is not None and a[0] == "side":
                by_hex: dict[str, int] = {}
                for b in adjacent[a]:
                    h = path_hex[frozenset((a, b))]
                    by_hex[h] = by_hex.get(h, 0) | self._bit(bits, i, self.ids[b])
                self.back[i] = {self._bit(bits, i, self.ids[b]):
                                by_hex[path_hex[frozenset((a, b))]] for b in adjacent[a]}
        self._dist: dict[int, list[int]] = {}
        #: legs found between two stops (``shortest``), a few per ordered pair
        self._legs: dict[tuple[int, int], list[Leg]] = {}
        self._bridges: dict[int, dict[int, int]] = {}
        self._cuts: dict[int, dict[int, int]] = {}
        #: small sets of demands (routes numbered from 0) known not to fit
        self._cores: list[tuple[Demand, ...]] = []
        #: whether the demands around one stop fit (routes numbered from 0)
        self._around: dict[tuple[Demand, ...], bool] = {}

    @staticmethod
    def _bit(bits: dict[tuple[int, int], int], i: int, j: int) -> int:
        key = (min(i, j), max(i, j))
        bit = bits.get(key)
        if bit is None:
            bit = bits[key] = 1 << len(bits)
        return bit

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
        uses (see ``musts``)."""
        known = self._bridges.get(a)
        if known is None:
            found = self.musts(a, 0, 0)
            known = self._bridges[a] = {b: m[0] for b, m in found.items()}
            self._cuts[a] = {b: m[1] for b, m in found.items()}
        return known

    def musts(self, a: int, banned_nodes: int, banned_edges: int) -> dict[int, tuple[int, int]]:
        """For each stop ``b`` a leg from ``a`` still reaches, avoiding the banned sides
        and segments: the segments and the hex sides every such leg runs through.
        Tarjan's lowlinks on a depth-first tree from ``a`` in which other stops are
        leaves, one leaf per segment into them (a leg never runs through a stop): a
        bridge or cut vertex on the tree path to every leaf of ``b`` is a must."""
        tin, low, parent, leaves = self._lowlinks(a, banned_nodes, banned_edges)
        above: dict[int, tuple[int, int]] = {a: (0, 0)}

        def on_path(node: int) -> tuple[int, int]:
            """The bridges and the cut vertices on the tree path from ``a`` to
            ``node`` (``node`` itself counted as passed)."""
            chain = []
            while node not in above:
                chain.append(node)
                node = parent[node][0]
            for n in reversed(chain):
                up, bit = parent[n]
                edges, nodes = above[up]
                if low[n] > tin[up]:
                    edges |= bit
                if up != a and low[n] < tin[up]:
                    nodes &= ~(1 << up)
                above[n] = (edges, nodes | 1 << n)
            return above[node] if not chain else above[chain[0]]

        found: dict[int, tuple[int, int]] = {}
        for stop, node, bit in leaves:
            must, sides = on_path(node)
            must |= bit
            if stop in found:
                old = found[stop]
                found[stop] = (old[0] & must, old[1] & sides)
            else:
                found[stop] = (must, sides)
        return found

    def _lowlinks(self, a: int, banned_nodes: int, banned_edges: int) -> tuple[
            dict[int, int], dict[int, int], dict[int, tuple[int, int]],
            list[tuple[int, int, int]]]:
        """The depth-first tree ``musts`` reads: entry times, lowlinks, each node's
        parent and segment, and the leaves (stop reached, the tree node it hangs
        from, the segment)."""
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
                if bit == in_bit or bit & banned_edges:
                    continue
                if is_stop[nxt]:
                    if nxt != a:
                        leaves.append((nxt, node, bit))
                    else:
                        low[node] = 0
                    continue
                if banned_nodes >> nxt & 1:
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
        return tin, low, parent, leaves

    def cuts_from(self, a: int) -> dict[int, int]:
        """For each stop one leg from ``a`` reaches: the hex sides every such leg
        passes (see ``bridges_from``)."""
        self.bridges_from(a)
        return self._cuts[a]

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
        """A shortest leg from ``a`` to ``b`` avoiding the banned sides and segments,
        or None (see ``_shortest``). The legs found before between the two stops are
        tried first: one that avoids the bans is as good an answer (callers want a
        leg that fits, and its length only guides them), and the search asks the
        same pairs again and again with different bans."""
        key = (a, b)
        known = self._legs.get(key)
        if known is None:
            known = self._legs[key] = []
        for leg in known:
            if not (leg.inner & banned_nodes or leg.edges & banned_edges):
                return leg
        found = self._shortest(a, b, banned_nodes, banned_edges)
        if found is not None and len(known) < _LEGS_KEPT:
            known.append(found)
        return found

    def _shortest(self, a: int, b: int, banned_nodes: int, banned_edges: int) -> Leg | None:
        """A shortest leg from ``a`` to ``b`` avoiding the banned sides and segments,
        or None. A breadth-first search over (node, the hex it was entered from):
        at a side a walk leaves into the other hex (no reversal). Its shortest walk
        may pass a side twice (once each way); that is no leg, and None then only
        sends the caller to the exact search (``realize``), as when none exists."""
        # state: (node, the segment it came in on); at a side only its hex matters
        start = (a, 0)
        parent: dict[tuple[int, int], tuple[int, int]] = {}
        seen: set[tuple[int, int]] = {start}
        frontier = [start]
        is_stop, back, adj = self.is_stop, self.back, self.adj
        steps = 0
        while frontier:
            grown = []
            for state in frontier:
                node, came = state
                forbid = back[node].get(came, 0) if came else 0
                for nxt, bit in adj[node]:
                    steps += 1
                    if bit & (banned_edges | forbid):
                        continue
                    if nxt != b and (is_stop[nxt] or banned_nodes >> nxt & 1):
                        continue
                    key = (nxt, back[nxt].get(bit, 0))
                    if key in seen:
                        continue
                    seen.add(key)
                    parent[(nxt, bit)] = state
                    if nxt == b:
                        self.budget.tick(steps)
                        return self._leg(a, (nxt, bit), parent)
                    grown.append((nxt, bit))
            frontier = grown
        self.budget.tick(steps)
        return None

    def _leg(self, a: int, end: tuple[int, int],
             parent: Mapping[tuple[int, int], tuple[int, int]]) -> Leg | None:
        """The leg the states lead back through, if it passes no node twice."""
        nodes, inner, edges = [end[0]], 0, 0
        at = end
        while at[0] != a or at[1]:
            prev = parent[at]
            edges |= at[1]
            if prev[0] != a:
                if inner >> prev[0] & 1:
                    return None
                inner |= 1 << prev[0]
            nodes.append(prev[0])
            at = prev
        return Leg(tuple(reversed(nodes)), inner, edges)

    def paths(self, a: int, b: int, banned_nodes: int, banned_edges: int) -> Iterator[Leg]:
        """Every leg from ``a`` to ``b`` avoiding the banned sides and segments, the
        ones heading straight for ``b`` first."""
        dist = self.distances(b)
        far = len(self.nodes) + 1
        is_stop, adj, tick, connected = self.is_stop, self.adj, self.budget.tick, self.connected
        path = [a]

        back = self.back

        def walk(node: int, inner: int, edges: int, came: int) -> Iterator[Leg]:
            tick()
            # at a side, not back into the hex the walk came from (no reversal)
            barred = edges | banned_edges | (back[node].get(came, 0) if came else 0)
            options = sorted(((dist[n], n, bit) for n, bit in adj[node]
                              if not bit & barred),
                             key=lambda t: t[0])
            for d, nxt, bit in options:
                if nxt == b:
                    yield Leg((*path, b), inner, edges | bit)
                    continue
                if d >= far or is_stop[nxt] or (inner | banned_nodes) >> nxt & 1:
                    continue
                # only where ``b`` can still be reached: the walk then never wanders
                # into track it cannot leave again (each step leads to some leg)
                if not connected(nxt, b, inner | banned_nodes | 1 << nxt,
                                 edges | bit | banned_edges):
                    continue
                path.append(nxt)
                yield from walk(nxt, inner | 1 << nxt, edges | bit, bit)
                path.pop()

        yield from walk(a, 0, 0, 0)
