"""The path search: the optimal run where trains differ in the track they may run.

``search`` (stop sequences, track realised on demand) takes track to be the
same for every train. Under 1825's single-track variant a train that is not a T
train may not run single track (ST-04), so two trains could run the same stops on
different terms; ``search.best_run`` hands such positions (a train with
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from oracle.eighteen.model.records import TrainType
from oracle.eighteen.routes.bnb import Row, SuffixSearch, pairwise_disjoint, train_order, value_rows
from oracle.eighteen.routes.graph import Node
from oracle.eighteen.routes.route import Route, StopTable
from oracle.eighteen.routes.stops import StopFacts
from oracle.eighteen.routes.tracks import Budget


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
        self.turns_back = table.graph.turns_back
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
            before = path[-2] if len(path) > 1 else start
            for nxt in sorted(self.adjacent.get(node, ())):
                if nxt == start or nxt in path or self.turns_back(before, node, nxt):
                    continue  # no loop, and no reversal at a hex side (``routes``)
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
    facts = StopFacts(table, trains, {i: (s[1], s[2]) for s, i in index.stop_ids.items()})
    end_only, tokened = facts.end_only, facts.tokened
    refs = [(s[1], s[2]) for s in stops]

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
            grown = facts.grown(counts, to)
            if grown is None:
                continue
            walk(first, to, (*seq, to), (*chain, link), grown, segments | link.segments,
                 sides | link.sides, visited | 1 << to, tokens + tokened[to])

    for start in links:
        walk(start, start, (start,), (), facts.start(start), 0, 0, 1 << start,
             int(tokened[start]))
    return out


def best_run(table: StopTable, owned: Sequence[str], budget: Budget) -> Run:
    """The exact best run of the trains named in ``owned`` (phase 2 above); past the
    ``budget``, ``SearchTooLarge`` rather than an answer that might not be the best."""
    ctx = table.ctx
    types = sorted({name for name in owned if name in ctx.trains})
    trains = [ctx.trains[name] for name in types]
    candidates = candidate_paths(table, trains, budget) if trains else []
    valued = {name: value_rows(table, train, candidates, _segments, _runs_on(table, name))
              for name, train in zip(types, trains, strict=True)}
    order = train_order(owned, valued, ctx.trains.__contains__)
    search = _BranchAndBound(order, valued, table, candidates, budget)
    pick = search.solve()
    return _run(order, pick, candidates, valued, len(candidates), search.branches)


class _BranchAndBound(SuffixSearch[Candidate]):
    """Phase 2 on explicit track paths: a path's segment mask is all its track, so
    disjoint masks are the whole fit test (``bnb`` says how it bounds)."""

    def __init__(self, order: list[str], valued: dict[str, list[Row]], table: StopTable,
                 candidates: list[Candidate], budget: Budget) -> None:
        # one path is one way through the track: never two routes on it
        super().__init__(order, valued, table, candidates, budget, [1] * len(candidates))

    def _take(self, i: int, k: int) -> bool:
        return True  # the caller has checked the masks

    def _depth(self) -> int:
        return 0

    def _release_to(self, depth: int) -> None:
        return None

    def _completion_fits(self, i: int, picks: Sequence[int]) -> bool:
        return pairwise_disjoint([self.masks[j][k] for j, k in zip(range(i, self.n), picks,
                                                                     strict=True) if k >= 0])


def _segments(cand: Candidate) -> int:
    return cand.segments


def _runs_on(table: StopTable, train: str) -> Callable[[Candidate], bool] | None:
    """Whether the train may run a path: none of its track barred (ST-04)."""
    barred = table.ctx.barred.get(train)
    if not barred:
        return None
    return lambda cand: not any(frozenset(p) in barred
                                for p in itertools.pairwise(cand.nodes))


def _run(order: list[str], pick: list[int], candidates: list[Candidate],
         valued: dict[str, list[Row]], listed: int, branches: int) -> Run:
    routes, revenues = [], []
    for name, k in zip(order, pick, strict=False):
        if k < 0:
            continue
        value, _, c = valued[name][k]
        routes.append(Route(name, candidates[c].nodes))
        revenues.append(value)
    return Run(tuple(routes), tuple(revenues), sum(revenues), listed, branches)
