"""Track-level help for the route search: which stops a stop reaches, one path or
every path between two stops, and the exact joint realisation of several routes.

The route search (``search``) works on *stop sequences*: what a route pays
depends on its stops alone (``revenue``), so two routes through the same stops
are worth the same whatever track they take. The track only decides whether the
chosen routes fit together. On a dense late-game board two stops may be joined
by thousands of different ways through plain track, so listing every way (as
the first version of the search did) explodes; here the track is consulted on
demand instead:

* a *demand* is one leg of a route, ``(route, a, b)``: stop ``a`` to stop ``b``
  through hex sides only (a leg never passes a stop: a stop on the way is a stop
  of the route);
* a leg crosses every hex side it passes: it leaves a side on a path of the other
  hex than the one it came on (no reversal at a junction, ``routes``). The walks
  that build legs (``shortest``, ``paths``) keep this; the necessary conditions
  below (reachability, ``musts``, flows) may ignore it, since a condition true of
  every way through the track is true of every legal one;
* ``realize`` decides exactly whether all the demands can be given paths at once,
  legs of one route sharing no node (a route visits no hex side twice), legs of
  different routes sharing no track segment (a tile path), and returns the paths.
  First necessary conditions (enough free segments at each stop; a maximum flow
  from each stop to the other ends of its legs; no two legs that must share a
  segment, or a hex side within a route: bridges and cut vertices), then shortest
  legs in a few orders, and only then a depth-first search over each leg's simple
  paths (shortest first), cut as soon as a later leg can no longer reach its end
  or the flows no longer suffice.

Every step counts against a ``Budget`` (work units and CPU seconds): a caller that
must answer in time gets ``SearchTooLarge`` instead of a hang.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from oracle.core.errors import RailrulesError
from oracle.eighteen.routes.flows import segment_flow, side_flow
from oracle.eighteen.routes.graph import Node


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

    def realize(self, demands: list[Demand], fixed_edges: int = 0,
                fixed_nodes: Mapping[int, int] | None = None, *,
                learn: bool = True) -> list[Leg] | None:
        """Paths for every demand at once (see the module's docstring), avoiding the
        segments ``fixed_edges`` and, per route, the sides in ``fixed_nodes``; None
        when there are none."""
        if not self._degrees_allow(demands, fixed_edges):
            return None
        start = dict(fixed_nodes or {})
        if not self._flows_allow(demands, fixed_edges) or \
                not self._still_possible(demands, fixed_edges, start) or \
                not self._route_flows_allow(demands, fixed_edges, start):
            return None
        quick = self.greedy(demands, fixed_edges, start)
        if quick is not None:
            return quick
        plain = not fixed_edges and not start
        if plain and (self._holds_core(demands) or not self._neighbourhoods_fit(demands)):
            return None
        # The exact search's work depends on the order it takes the legs in (never its
        # answer): taking the legs at the most crowded stops first proves at once that
        # a few legs there cannot fit, where the given order may first try every way
        # to run the legs elsewhere; on other sets the given order is the quick one.
        # So the two orders take turns, each with twice the allowance of its last go,
        # until one finishes: never much more than twice the work of the better one.
        orders = [list(range(len(demands))), self._crowded_first(demands, fixed_edges)]
        allowance = _FIRST_ALLOWANCE
        while True:
            for order in orders:
                found = _OrderedSearch(self, [demands[j] for j in order], allowance).run(
                    fixed_edges, start)
                if found is not None:
                    legs = found[0]
                    if legs is None:
                        if plain and learn and allowance > _FIRST_ALLOWANCE:
                            self._learn_core(demands)
                        return None
                    return [legs[order.index(j)] for j in range(len(demands))]
            allowance *= 2

    def _learn_core(self, demands: list[Demand]) -> None:
        """After a long proof that ``demands`` do not fit: drop the demands the
        failure does not need, one at a time, and remember what is left. The route
        searches ask about many sets of routes that hold the same few crowded legs;
        a set holding a known core fails at once (a set that does not fit makes
        every larger set fail)."""
        core = list(demands)
        for demand in demands:
            trial = [d for d in core if d != demand]
            if trial and self.realize(trial, learn=False) is None:
                core = trial
        self._cores.append(_renumbered(core))

    def _holds_core(self, demands: list[Demand]) -> bool:
        """Some remembered core is among ``demands``, its routes renamed."""
        if not self._cores:
            return False
        legs = {(r, min(a, b), max(a, b)) for r, a, b in demands}
        routes = sorted({r for r, _, _ in demands})
        for core in self._cores:
            size = 1 + max(r for r, _, _ in core)
            for names in itertools.permutations(routes, size):
                if all((names[r], min(a, b), max(a, b)) in legs for r, a, b in core):
                    return True
        return False

    def _neighbourhoods_fit(self, demands: list[Demand]) -> bool:
        """The legs around each crowded stop fit on their own (a necessary condition).
        The legs around a stop are those ending at it or at a stop one of its legs
        reaches; the route searches ask about many sets that share such a
        neighbourhood, so each answer is remembered."""
        ends: dict[int, int] = {}
        for _, a, b in demands:
            ends[a] = ends.get(a, 0) + 1
            ends[b] = ends.get(b, 0) + 1
        for stop in sorted(ends, key=lambda s: (-ends[s], s)):
            if ends[stop] < 3:
                break
            near = {stop}
            for _, a, b in demands:
                if stop in (a, b):
                    near.update((a, b))
            part = [d for d in demands if d[1] in near or d[2] in near]
            if len(part) == len(demands):
                continue
            key = _renumbered(part)
            fits = self._around.get(key)
            if fits is None:
                fits = self._around[key] = self.realize(list(key)) is not None
            if not fits:
                return False
        return True

    def _crowded_first(self, demands: list[Demand], fixed_edges: int) -> list[int]:
        """Demand indices, those ending at the stops with the most legs per free
        segment first."""
        ends: dict[int, int] = {}
        for _, a, b in demands:
            ends[a] = ends.get(a, 0) + 1
            ends[b] = ends.get(b, 0) + 1
        crowd = {s: count / max(1, sum(1 for _, bit in self.adj[s] if not bit & fixed_edges))
                 for s, count in ends.items()}

        def key(j: int) -> tuple[float, float, int]:
            _, a, b = demands[j]
            return (-max(crowd[a], crowd[b]), -min(crowd[a], crowd[b]), j)

        return sorted(range(len(demands)), key=key)

    def _flows_allow(self, demands: list[Demand], used: int) -> bool:
        """At each stop, the legs ending there leave by different segments towards
        their other ends: as many segment-disjoint ways from the stop to those ends
        must exist (a maximum flow, one unit per segment; a necessary condition)."""
        ends: dict[int, dict[int, int]] = {}
        for _, a, b in demands:
            ends.setdefault(a, {})[b] = ends.setdefault(a, {}).get(b, 0) + 1
            ends.setdefault(b, {})[a] = ends.setdefault(b, {}).get(a, 0) + 1
        return all(sum(targets.values()) < 2 or
                   segment_flow(self, s, targets, used) >= sum(targets.values())
                   for s, targets in ends.items())

    def _route_flows_allow(self, demands: list[Demand], used: int,
                           route_nodes: Mapping[int, int]) -> bool:
        """A route passing a stop leaves it by two legs that share no hex side: two
        side-disjoint ways from the stop to the two neighbouring stops must exist."""
        around: dict[tuple[int, int], list[int]] = {}
        for r, a, b in demands:
            around.setdefault((r, a), []).append(b)
            around.setdefault((r, b), []).append(a)
        for (r, stop), ends in around.items():
            if len(ends) == 2 and ends[0] != ends[1] and \
                    side_flow(self, stop, ends, used, route_nodes.get(r, 0)) < 2:
                return False
        return True

    def greedy(self, demands: list[Demand], used: int,
                route_nodes: Mapping[int, int]) -> list[Leg] | None:
        """Shortest legs one after the other, in a few orders (the given one, then
        each demand first in turn): most fits are found here, at once."""
        n = len(demands)
        for first in range(-1, min(n, 8)):
            order = list(range(n)) if first < 0 else [first, *range(first), *range(first + 1, n)]
            legs: list[Leg | None] = [None] * n
            now, own = used, dict(route_nodes)
            for j in order:
                r, a, b = demands[j]
                leg = self.shortest(a, b, own.get(r, 0), now)
                if leg is None:
                    break
                legs[j] = leg
                now |= leg.edges
                own[r] = own.get(r, 0) | leg.inner
            else:
                return [leg for leg in legs if leg is not None]
        return None

    def _still_possible(self, demands: list[Demand], used: int,
                        route_nodes: Mapping[int, int]) -> bool:
        """A necessary condition for the demands left: each still reaches its end,
        no two legs of different routes must both take one segment, and no two legs
        of one route must both pass one hex side (``musts`` on what is left)."""
        known: dict[tuple[int, int], dict[int, tuple[int, int]]] = {}
        edges_of: dict[int, int] = {}
        sides_of: dict[int, int] = {}
        for r, a, b in demands:
            banned = route_nodes.get(r, 0)
            found = known.get((a, banned))
            if found is None:
                found = known[(a, banned)] = self.musts(a, banned, used)
            if b not in found:
                return False
            must, sides = found[b]
            if sides & sides_of.get(r, 0):
                return False
            if any(other != r and mask & must for other, mask in edges_of.items()):
                return False
            edges_of[r] = edges_of.get(r, 0) | must
            sides_of[r] = sides_of.get(r, 0) | sides
        return True

    def _degrees_allow(self, demands: list[Demand], fixed_edges: int) -> bool:
        """A stop has as many legs ending there as it has free track, at most."""
        ends: dict[int, int] = {}
        for _, a, b in demands:
            ends[a] = ends.get(a, 0) + 1
            ends[b] = ends.get(b, 0) + 1
        return all(sum(1 for _, bit in self.adj[s] if not bit & fixed_edges) >= count
                   for s, count in ends.items())



def _renumbered(demands: list[Demand]) -> tuple[Demand, ...]:
    """The demands with their routes numbered 0, 1, ... in order of appearance."""
    renumber: dict[int, int] = {}
    return tuple((renumber.setdefault(r, len(renumber)), a, b) for r, a, b in demands)


#: how many legs ``shortest`` keeps per pair of stops
_LEGS_KEPT = 6

#: work units (``Budget``) the exact search may spend in its first go in each order
#: (doubled each round)
_FIRST_ALLOWANCE = 20_000


class _OutOfAllowance(Exception):
    pass


class _OrderedSearch:
    """The exact joint realisation with the demands in one order: a depth-first
    search over each leg's simple paths, cut as soon as a later leg can no longer
    reach its end or the flows no longer suffice; it gives up (``run`` returns
    None) once it has spent ``allowance`` work units."""

    def __init__(self, tracks: Tracks, todo: list[Demand], allowance: int) -> None:
        self.tracks = tracks
        self.todo = todo
        self.until = tracks.budget.work + allowance
        self.out: list[Leg] = []

    def run(self, used: int, route_nodes: dict[int, int]) -> tuple[list[Leg] | None] | None:
        """(the legs in this order, or None when there are none), or None when the
        allowance ran out first."""
        try:
            return (list(self.out) if self._rec(0, used, route_nodes) else None,)
        except _OutOfAllowance:
            return None

    def _rec(self, k: int, used: int, route_nodes: dict[int, int]) -> bool:
        todo, tracks = self.todo, self.tracks
        if k == len(todo):
            return True
        r, a, b = todo[k]
        own = route_nodes.get(r, 0)
        rest = todo[k + 1:]
        for leg in tracks.paths(a, b, own, used):
            if tracks.budget.work > self.until:
                raise _OutOfAllowance
            grown = dict(route_nodes)
            grown[r] = own | leg.inner
            now = used | leg.edges
            if all(tracks.connected(ra, rb, grown.get(rr, 0), now) for rr, ra, rb in rest) \
                    and tracks._flows_allow(rest, now) and \
                    tracks._route_flows_allow(rest, now, grown):
                self.out.append(leg)
                if self._rec(k + 1, now, grown):
                    return True
                self.out.pop()
        return False
