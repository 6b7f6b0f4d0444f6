"""The path search: the optimal run where trains differ in the track they may run.

``route_search`` (stop sequences, track realised on demand) takes track to be the
same for every train. Under 1825's single-track variant a train that is not a T
train may not run single track (ST-04), so two trains could run the same stops on
different terms; ``route_search.best_run`` hands such positions (a train with
barred track on the board) to this search, which lists explicit track paths and
values each one per train. It is exact, and it is the first version of the route
search; on a dense board its path listing grows fast, so every step counts against
the caller's ``Budget`` (``SearchTooLarge``, never a hang).

Two phases:

1. **Candidates.** The track graph is compressed into *links*: the ways from one
   stop to the next through hex sides only, each with the bitmask of the track
   segments (tile paths) and hex sides it uses. A depth-first walk over links from
   every stop the company reaches lists every simple path between two stops that
   holds one of its tokens, passes through no blocked city or off-board area,
   and is still runnable by *some* of the company's trains (a path that no train
   could run cannot become runnable by growing, so the walk stops there). Each
   path is kept once (the walk keeps it only from its lower-numbered end).
2. **Branch and bound over trains.** Each train gets the candidates it may run,
   valued with ``revenue.route_revenue`` and sorted best first. Trains are taken
   one at a time; each either runs a candidate whose segment mask is disjoint from
   the routes already chosen, or runs nothing. Pruning, all of it exact:

   * *bound*: the revenue so far plus, for every train still to place, the best
     value its type could earn alone (for k trains of one type, the k best
     values) never underestimates; a branch that cannot beat the best complete
     run found so far is cut, and since candidates are sorted, so is the rest of
     that train's list;
   * *incumbent*: a greedy run (each train takes its best free candidate) is the
     first best-so-far, so the bound cuts from the start;
   * *symmetry*: trains of one type are interchangeable, so the second of two
     ``3`` trains only takes candidates after the first one's in the sorted list;
   * zero-value candidates are dropped (running nothing is as good).

Revenue is a sum over routes (``revenue`` keeps hooks per route), which is what
makes the bound sound. ``brute_force`` is the reference the tests and the
benchmark compare against: every simple path, checked by the validator, and
every assignment of paths to trains.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from oracle.eighteen.graph import Node
from oracle.eighteen.records import TrainType
from oracle.eighteen.revenue import RevenueHooks, _best_assignment, counted_stops, route_revenue
from oracle.eighteen.route_tracks import Budget
from oracle.eighteen.routes import Route, StopTable


@dataclass(frozen=True, slots=True)
class Link:
    """A way from one stop to the next through hex sides only."""

    to: int  # stop id
    nodes: tuple[Node, ...]  # the nodes after the start, ending with the stop
    segments: int  # bitmask of tile paths
    sides: int  # bitmask of hex sides


@dataclass(frozen=True, slots=True)
class Candidate:
    stops: tuple[tuple[str, int], ...]
    start: Node
    links: tuple[Link, ...]
    segments: int

    @property
    def nodes(self) -> tuple[Node, ...]:
        return (self.start, *(n for link in self.links for n in link.nodes))


@dataclass(frozen=True, slots=True)
class Run:
    """The answer: one route per running train, their revenues and the total."""

    routes: tuple[Route, ...]
    revenues: tuple[int, ...]
    total: int
    candidates: int = 0  # how many candidate paths phase 1 listed
    branches: int = 0  # how many nodes the branch and bound visited


class _Index:
    """Integer ids for stops, bits for segments and sides."""

    def __init__(self, table: StopTable, budget: Budget) -> None:
        self.budget = budget
        self.adjacent = table.graph.adjacent
        self.stop_ids: dict[Node, int] = {}
        self.segment_bits: dict[frozenset[Node], int] = {}
        self.side_bits: dict[Node, int] = {}
        for node in sorted(self.adjacent):
            if node[0] == "stop":
                self.stop_ids[node] = len(self.stop_ids)
            else:
                self.side_bits[node] = 1 << len(self.side_bits)

    def segment(self, a: Node, b: Node) -> int:
        key = frozenset((a, b))
        bit = self.segment_bits.get(key)
        if bit is None:
            bit = self.segment_bits[key] = 1 << len(self.segment_bits)
        return bit

    def links_from(self, start: Node) -> list[Link]:
        out: list[Link] = []

        def walk(node: Node, path: list[Node], segments: int, sides: int) -> None:
            self.budget.tick()
            if node[0] == "stop":
                if node != start:
                    out.append(Link(self.stop_ids[node], tuple(path), segments, sides))
                return
            for nxt in sorted(self.adjacent.get(node, ())):
                if nxt == start or nxt in path:
                    continue
                bit = self.side_bits[nxt] if nxt[0] == "side" else 0
                path.append(nxt)
                walk(nxt, path, segments | self.segment(node, nxt), sides | bit)
                path.pop()

        for nxt in sorted(self.adjacent.get(start, ())):
            bit = self.side_bits[nxt] if nxt[0] == "side" else 0
            walk(nxt, [nxt], self.segment(start, nxt), bit)
        return out


def candidate_paths(table: StopTable, trains: Sequence[TrainType],
                    budget: Budget) -> list[Candidate]:
    """Every path some of ``trains`` might run (phase 1 above)."""
    index = _Index(table, budget)
    stops = sorted(index.stop_ids, key=index.stop_ids.__getitem__)
    reach = table.graph.reach(table.company).stops
    links = {index.stop_ids[s]: index.links_from(s) for s in stops if (s[1], s[2]) in reach}
    kinds = sorted({table.length_kind(s[1], s[2]) for s in index.stop_ids})
    kind = {i: kinds.index(table.length_kind(s[1], s[2])) for s, i in index.stop_ids.items()}
    end_only = {i: bool(table.end_only(s[1], s[2])) for s, i in index.stop_ids.items()}
    tokened = {i: (s[1], s[2]) in table.tokened for s, i in index.stop_ids.items()}
    refs = [(s[1], s[2]) for s in stops]
    feasible: dict[tuple[int, ...], bool] = {}

    def runnable(counts: tuple[int, ...]) -> bool:
        """Some train may run stops of these kinds (``counts`` per kind)."""
        known = feasible.get(counts)
        if known is None:
            zero = tuple((k, 0) for k, n in zip(kinds, counts, strict=True) for _ in range(n))
            known = feasible[counts] = any(
                _best_assignment(t.distance, zero) is not None for t in trains)
        return known

    out: list[Candidate] = []

    def walk(first: int, here: int, seq: tuple[int, ...], chain: tuple[Link, ...],
             counts: tuple[int, ...], segments: int, sides: int, visited: int,
             tokens: int) -> None:
        budget.tick()
        if len(seq) >= 2:
            if first < here and tokens:
                out.append(Candidate(tuple(refs[i] for i in seq), stops[first], chain,
                                     segments))
            if end_only[here]:
                return
        for link in links.get(here, ()):
            to = link.to
            if visited >> to & 1 or link.sides & sides or link.segments & segments:
                continue
            k = kind[to]
            grown = (*counts[:k], counts[k] + 1, *counts[k + 1:])
            if not runnable(grown):
                continue
            walk(first, to, (*seq, to), (*chain, link), grown, segments | link.segments,
                 sides | link.sides, visited | 1 << to, tokens + tokened[to])

    for start in links:
        counts = tuple(int(kind[start] == k) for k in range(len(kinds)))
        walk(start, start, (start,), (), counts, 0, 0, 1 << start, int(tokened[start]))
    return out


def best_run(table: StopTable, owned: Sequence[str], budget: Budget) -> Run:
    """The exact best run of the trains named in ``owned`` (phase 2 above); past the
    ``budget``, ``SearchTooLarge`` rather than an answer that might not be the best."""
    ctx = table.ctx
    types = sorted({name for name in owned if name in ctx.trains})
    trains = [ctx.trains[name] for name in types]
    candidates = candidate_paths(table, trains, budget) if trains else []
    valued = {name: _value(table, train, candidates) for name, train in zip(types, trains,
                                                                        strict=True)}
    order = sorted((n for n in owned if n in ctx.trains),
                   key=lambda n: (-(valued[n][0][0] if valued[n] else 0), n))
    search = _BranchAndBound(order, valued, table, candidates, budget)
    pick = search.solve()
    return _run(order, pick, candidates, valued, len(candidates), search.branches)


Row = tuple[int, int, int]  # (value, segments, candidate index)


class HasStops(Protocol):
    """A candidate of either search: the stops it visits, in order."""

    @property
    def stops(self) -> tuple[tuple[str, int], ...]: ...


C = TypeVar("C", bound=HasStops)


class SuffixSearch(Generic[C]):
    """What both route searches' branch and bound share: ``solve`` finds the exact
    optimum of every suffix of the trains (the last one, the last two, ...), which
    bounds what the remaining trains can add, conflicts among them included
    ("Russian doll" search); the leaf check; the cross-type symmetry rule. A search
    supplies ``_greedy`` (the first incumbent) and ``_branch``."""

    order: list[str]
    ids: list[list[int]]
    values: list[list[int]]
    value_of: list[dict[int, int]]
    table: StopTable
    candidates: list[C]
    valued: dict[str, list[Row]]
    n: int
    suffix: list[int]
    best_total: int
    best_pick: list[int]
    pick: list[int]
    start: int

    def _greedy(self) -> None:
        raise NotImplementedError

    def _branch(self, i: int, used: int, total: int, hint: Sequence[int]) -> None:
        raise NotImplementedError

    def solve(self) -> list[int]:
        for start in range(self.n - 1, -1, -1):
            self.start = start
            self.best_total, self.best_pick = -1, []
            self._greedy()
            self._branch(start, 0, 0, ())
            self.suffix[start] = max(self.best_total, 0)
        return self.best_pick

    def _leaf(self, total: int) -> None:
        if total <= self.best_total:
            return
        # a title's constraint on the whole set applies to the whole set only
        if self.start == 0 and not _combination_ok(self.table, self.order, self.pick,
                                                   self.candidates, self.valued):
            return
        self.best_total, self.best_pick = total, list(self.pick)

    def _swapped(self, i: int, k: int) -> bool:
        """Cross-type symmetry: trains of two types that value both their routes alike
        could swap them. Of the two assignments only the one giving the earlier
        train the route first in (value, id) order is searched; the search keeps the
        lexicographically first optimal assignment, which this never excludes."""
        mine = self.ids[i][k]
        value = self.values[i][k]
        for j in range(self.start, i):
            p = self.pick[j - self.start]
            if p < 0 or self.order[j] == self.order[i]:
                continue
            theirs, their_value = self.ids[j][p], self.values[j][p]
            if (-value, mine) < (-their_value, theirs) and \
                    self.value_of[i].get(theirs) == their_value and \
                    self.value_of[j].get(mine) == value:
                return True
        return False


class _BranchAndBound(SuffixSearch[Candidate]):
    """Phase 2 on explicit track paths (``SuffixSearch`` says how it bounds)."""

    def __init__(self, order: list[str], valued: dict[str, list[Row]], table: StopTable,
                 candidates: list[Candidate], budget: Budget) -> None:
        self.budget = budget
        self.order = order
        self.rows = [valued[n] for n in order]
        self.masks = [[r[1] for r in rows] for rows in self.rows]
        self.ids = [[r[2] for r in rows] for rows in self.rows]
        #: train position -> candidate id -> value, for the swap rule
        self.value_of = [{r[2]: r[0] for r in rows} for rows in self.rows]
        # the swap rule compares routes across trains, so no hook may tell trains apart
        self.swaps = type(table.ctx.hooks) is RevenueHooks
        self.values = [[r[0] for r in rows] for rows in self.rows]
        self.table = table
        self.candidates = candidates
        self.valued = valued
        self.n = len(order)
        self.suffix = [0] * (self.n + 1)  # exact optimum of trains i.. (0 beyond the end)
        self.branches = 0
        self.best_total = -1
        self.best_pick: list[int] = []
        self.pick: list[int] = []
        self.start = 0
        self.tail = 0  # set by _free_bound: its bound less the first train's part

    def _same_type_start(self, i: int) -> int:
        """Symmetry: a train takes candidates after its same-type predecessor's."""
        if i > self.start and self.order[i - 1] == self.order[i]:
            prev = self.pick[i - 1 - self.start]
            return len(self.rows[i]) if prev < 0 else prev + 1
        return 0

    def _greedy(self) -> None:
        """The first incumbent: each train takes its best free candidate."""
        used = total = 0
        for i in range(self.start, self.n):
            first = self._same_type_start(i)
            k = next((k for k in range(first, len(self.rows[i]))
                      if not self.rows[i][k][1] & used), -1)
            self.pick.append(k)
            if k >= 0:
                used |= self.rows[i][k][1]
                total += self.rows[i][k][0]
        self._leaf(total)
        self.pick.clear()

    def _free_bound(self, i: int, used: int, first: int,
                    hint: Sequence[int]) -> tuple[int, list[int] | None, list[int]]:
        """What trains i.. could add at most: the smaller of their exact optimum on
        the whole board and the sum of each one's best candidate free of ``used``
        (a type's k trains: its k best free candidates, in symmetry order), ignoring
        their conflicts with one another. When those best free candidates happen to
        be disjoint, they are also the best completion: their picks come back.

        ``hint`` holds where the parent node's scans stopped: the candidates before
        those conflicted with the parent's track, hence with this node's (a superset),
        so the scans resume there. The scan positions come back for the children."""
        total = 0
        start = first
        picks: list[int] = []
        positions: list[int] = []
        taken = used
        disjoint = True
        for j in range(i, self.n):
            masks = self.masks[j]
            if j > i and self.order[j] != self.order[j - 1]:
                start = 0
            k = max(start, hint[j - i]) if hint else start
            end = len(masks)
            while k < end and masks[k] & used:
                k += 1
            positions.append(k)
            if k < end:
                total += self.values[j][k]
                disjoint = disjoint and not masks[k] & taken
                taken |= masks[k]
                picks.append(k)
            else:
                picks.append(-1)
            start = k + 1
        self.tail = total - (self.values[i][picks[0]] if picks[0] >= 0 else 0)
        if i > self.start and self.suffix[i] < total:
            return self.suffix[i], None, positions
        return total, (picks if disjoint else None), positions

    def _branch(self, i: int, used: int, total: int, hint: Sequence[int]) -> None:
        self.branches += 1
        self.budget.tick()
        if i == self.n:
            self._leaf(total)
            return
        first = self._same_type_start(i)
        bound, completion, positions = self._free_bound(i, used, first, hint)
        if total + bound <= self.best_total:
            return
        if completion is not None:
            depth = len(self.pick)
            self.pick.extend(completion)
            self._leaf(total + bound)
            del self.pick[depth:]
            if self.best_total == total + bound:
                return  # nothing in this subtree can beat its own bound
        masks, values = self.masks[i], self.values[i]
        # trains i+1.. add at most their suffix optimum, and at most their best
        # candidates free of this node's track (the children's track is more)
        rest = min(self.suffix[i + 1], self.tail)
        below = positions[1:]
        for k in range(positions[0], len(masks)):
            value = values[k]
            if total + value + rest <= self.best_total:
                break
            if masks[k] & used or (self.swaps and self._swapped(i, k)):
                continue
            self.pick.append(k)
            self._branch(i + 1, used | masks[k], total + value, below)
            self.pick.pop()
        self.pick.append(-1)  # this train runs nothing
        self._branch(i + 1, used, total, below)
        self.pick.pop()


def _value(table: StopTable, train: TrainType,
           candidates: list[Candidate]) -> list[tuple[int, int, int]]:
    """(value, segments, candidate index) of each candidate the train may run with a
    positive value, best first."""
    hooks = table.ctx.hooks
    rows = []
    single = train.distance[0] if len(train.distance) == 1 else None
    plain = single is not None and not train.doubles and not hooks.hex_bonus and \
        not hooks.double_stops and \
        ("halt" not in single.kinds or train.name in hooks.halt_trains) and \
        type(hooks) is RevenueHooks
    barred = table.ctx.barred.get(train.name)  # track the train may not run (ST-04)
    for i, cand in enumerate(candidates):
        if barred and any(frozenset(p) in barred for p in itertools.pairwise(cand.nodes)):
            continue
        stops = [table.visited(h, s) for h, s in cand.stops]
        if plain and single is not None:
            # the common case, without the general machinery: one allowance
            values = sorted((s.value for s in stops if s.kind in single.kinds), reverse=True)
            if not 2 <= len(values) <= single.visit:
                continue
            value: int | None = sum(values[:single.pay])
        else:
            if counted_stops(train, [hooks.visible(train, s) for s in stops]) < 2:
                continue
            value = route_revenue(train, stops, hooks)
        if value:
            rows.append((value, cand.segments, i))
    rows.sort(key=lambda r: (-r[0], r[2]))
    return rows


def _combination_ok(table: StopTable, order: list[str], pick: list[int],
                    candidates: Sequence[HasStops],
                    valued: dict[str, list[tuple[int, int, int]]]) -> bool:
    chosen = [(table.ctx.trains[n], [table.visited(h, s) for h, s in
                                     candidates[valued[n][k][2]].stops])
              for n, k in zip(order, pick, strict=True) if k >= 0]
    return table.ctx.hooks.combination_ok(chosen)


def _run(order: list[str], pick: list[int], candidates: list[Candidate],
         valued: dict[str, list[tuple[int, int, int]]], listed: int, branches: int) -> Run:
    routes, revenues = [], []
    for name, k in zip(order, pick, strict=False):
        if k < 0:
            continue
        value, _, c = valued[name][k]
        routes.append(Route(name, candidates[c].nodes))
        revenues.append(value)
    return Run(tuple(routes), tuple(revenues), sum(revenues), listed, branches)
