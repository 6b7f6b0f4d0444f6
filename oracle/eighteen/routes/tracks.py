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
from collections.abc import Mapping

from oracle.eighteen.routes.flows import segment_flow, side_flow
from oracle.eighteen.routes.walks import Budget, Demand, Leg, SearchTooLarge, TrackWalks

__all__ = ["Budget", "Demand", "Leg", "SearchTooLarge", "Tracks"]


class Tracks(TrackWalks):
    """The track graph (``walks.py``) and the joint realisation of several routes."""

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
