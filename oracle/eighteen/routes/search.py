"""The optimal run: the best routes for all of a company's trains at once. Exact.

Two phases (docs/18xx.md, "The optimal run", says the same in prose):

1. **Candidates are stop sequences.** What a route pays depends on its stops only
   (``revenue``), so the search lists sequences of stops, not ways through the
   track (on a dense board two stops may be joined by thousands of ways). A
   depth-first walk from every stop the company reaches extends a sequence by a
   stop one *leg* away (a way through hex sides only, ``tracks``), while
   the sequence still holds a stop some train could run, passes no blocked city
   or off-board area, and can still be run as one simple path: a shortest leg
   that avoids the track of the sequence so far, or, when there is none, the
   exact joint realisation (``Tracks.realize``); a sequence that cannot be run
   cannot grow into one that can. Each sequence with a token is kept once (from
   its lower-numbered end), with one way to run it and the segments every way
   must use (bridges: a sure conflict with any other route needing them). Every
   leg crosses the hex sides it passes, never turning back at a junction
   (``routes``; ``tracks`` says which of its walks keep the rule and why the
   others may ignore it).
2. **Branch and bound over trains.** Each train type values every candidate
   (zero-value ones are dropped) and sorts them best first. Trains are placed one
   at a time, each running a candidate that still fits on the track with the
   chosen ones (``_push``: disjoint from their track as it is, else rerouted
   together, exactly), or nothing. Pruning, all of it exact:

   * *Russian-doll suffix bounds*: the optimum of the last train, then the last
     two, ... is solved first and bounds what trains i.. can add;
   * *free bound*: what trains i.. can add is also at most the sum of each
     one's best candidate not surely in conflict with the chosen ones; when
     those candidates fit together they are the best completion;
   * *sorted cut*, *greedy incumbent*, *symmetry* between trains of one type
     (nondecreasing candidate order; the same stops twice only while their
     stops have track for both) and between types that value two routes alike;
   * *memo*: whether two candidates fit together is remembered, and a set that
     holds two that do not is refused without a search.

With ``connection`` (1870 connection runs, DS-15) one train must run home ->
destination: ``_connection_run``.

Revenue is a sum over routes, which is what makes the bounds sound. Every step
counts against a ``Budget``: over it, ``SearchTooLarge``. ``brute_force`` is the
reference the tests and the benchmark compare against: every simple path,
checked by the validator, and every assignment of paths to trains.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from oracle.eighteen.model.records import TrainType
from oracle.eighteen.routes import search_paths as route_search_paths
from oracle.eighteen.routes.bnb import (
    CONNECTION,
    Row,
    SuffixSearch,
    real_train,
    train_order,
    value_rows,
)
from oracle.eighteen.routes.brute import brute_force, simple_paths
from oracle.eighteen.routes.route import Route, StopTable
from oracle.eighteen.routes.search_paths import Run
from oracle.eighteen.routes.stops import StopFacts
from oracle.eighteen.routes.tracks import Budget, Demand, Leg, SearchTooLarge, Tracks

__all__ = ["Candidate", "Connection", "Run", "SearchTooLarge", "best_run", "brute_force",
           "candidate_paths", "connects", "simple_paths"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sequence of stops some train may run, and one way to run it alone."""

    stops: tuple[tuple[str, int], ...]
    seq: tuple[int, ...]  # the stops' node ids (``Tracks``)
    legs: tuple[Leg, ...]  # one realisation of the sequence on its own
    segments: int  # the segments of that realisation
    mandatory: int = 0  # segments every realisation uses (a sure conflict)

    def demands(self, route: int) -> list[Demand]:
        return [(route, a, b) for a, b in itertools.pairwise(self.seq)]


class _Sequences:
    """Stop sequences realised exactly as one route (``candidate_paths``)."""

    def __init__(self, tracks: Tracks) -> None:
        self.tracks = tracks
        self.runs: dict[tuple[int, ...], tuple[Leg, ...] | None] = {}

    def realized(self, seq: tuple[int, ...]) -> tuple[Leg, ...] | None:
        """The exact joint realisation of the sequence as one route, remembered per
        stop set in order: the walk meets each sequence from both its ends, and
        the windows below ask for the same ones again."""
        key = min(seq, seq[::-1])
        if key not in self.runs:
            found = self.tracks.realize([(0, a, b) for a, b in itertools.pairwise(key)])
            self.runs[key] = tuple(found) if found is not None else None
        legs = self.runs[key]
        if legs is None or key == seq:
            return legs
        return tuple(Leg(leg.nodes[::-1], leg.inner, leg.edges) for leg in reversed(legs))

    def windows_run(self, seq: tuple[int, ...]) -> bool:
        """Every shorter run of consecutive stops ending the sequence can be run on
        its own (a part of a simple path is one): small problems, remembered, that
        often show a long sequence cannot run before the long search starts."""
        return all(self.realized(seq[-size:]) is not None for size in range(3, len(seq)))


def candidate_paths(table: StopTable, trains: Sequence[TrainType],
                    tracks: Tracks | None = None) -> list[Candidate]:
    """Every stop sequence some of ``trains`` might run (phase 1 above)."""
    tracks = tracks or Tracks(table.graph.adjacent, Budget(), table.graph.path_hex)
    reach = table.graph.reach(table.company).stops
    ids = tracks.ids
    stops = sorted(i for ref in reach if (i := ids.get(("stop", *ref))) is not None)
    refs = {i: (tracks.nodes[i][1], tracks.nodes[i][2]) for i in stops}
    inside = set(stops)
    legs_of = {i: sorted(tracks.legs_from(i) & inside) for i in stops}
    facts = StopFacts(table, trains, refs)
    end_only, tokened = facts.end_only, facts.tokened

    out: list[Candidate] = []
    sequences = _Sequences(tracks)

    def walk(seq: tuple[int, ...], legs: tuple[Leg, ...], counts: tuple[int, ...],
             inner: int, edges: int, tokens: int, must: int, passed: int) -> None:
        here = seq[-1]
        if len(seq) >= 2:
            if seq[0] < here and tokens:
                out.append(Candidate(tuple(refs[i] for i in seq), seq, legs, edges, must))
            if end_only[here]:
                return
        for to in legs_of[here]:
            if to in seq:
                continue
            grown = facts.grown(counts, to)
            if grown is None:
                continue
            sides = tracks.cuts_from(here)[to]
            if sides & passed:
                continue  # the legs so far and this one must all pass one hex side
            leg = tracks.shortest(here, to, inner, edges)
            if leg is not None:
                more: tuple[Leg, ...] | None = (*legs, leg)
            elif not sequences.windows_run((*seq, to)):
                more = None
            else:
                # the prefix run another way might leave room: decide exactly
                more = sequences.realized((*seq, to))
            if more is None:
                continue  # no longer sequence through these stops runs either
            walk((*seq, to), more, grown, _inner(more), _edges(more), tokens + tokened[to],
                 must | tracks.bridges_from(here)[to], passed | sides)

    for start in stops:
        walk((start,), (), facts.start(start), 0, 0, int(tokened[start]), 0, 0)
    return out


def _repeats(tracks: Tracks, cand: Candidate) -> int:
    degree = [len(tracks.adj[s]) for s in cand.seq]
    return max(1, min(degree[0], degree[-1], *(d // 2 for d in degree[1:-1])))


def _inner(legs: Sequence[Leg]) -> int:
    out = 0
    for leg in legs:
        out |= leg.inner
    return out


def _edges(legs: Sequence[Leg]) -> int:
    out = 0
    for leg in legs:
        out |= leg.edges
    return out


#: the budget the queries and ``legal_actions`` give the search (work units, CPU s).
#: Not an answer's limit on real play: the largest recorded position of
#: ../shared/real-positions takes about 0.6 million units (a tenth of a second to
#: half a second); the budget only ends adversarial, generated tangles
DEFAULT_WORK = 50_000_000
DEFAULT_SECONDS = 20.0

#: a connection run's ends (1870, DS-15): the home stop and the destination's stops
Connection = tuple[tuple[str, int], frozenset[tuple[str, int]]]


def best_run(table: StopTable, owned: Sequence[str], max_branches: int | None = None, *,
             seconds: float | None = None, connection: Connection | None = None) -> Run:
    """The exact best run of the trains named in ``owned`` (phase 2 above).

    ``max_branches`` (work units: path steps of phase 1 and the realisations, and
    branch-and-bound nodes) and ``seconds`` (CPU time) let a caller with a budget
    give up: ``SearchTooLarge`` rather than an answer that might not be the best.
    ``connection``: the best run in which one train runs from the home stop to a
    stop of the destination (``_connection_run``); an empty run when none can."""
    ctx = table.ctx
    budget = Budget(max_branches, seconds)
    if connection is None and any(ctx.barred.get(name) for name in owned):
        # some train may not run some track on this board (1825 single track, ST-04):
        # stop sequences no longer say what a train may run, explicit paths do
        return route_search_paths.best_run(table, owned, budget)
    tracks = Tracks(table.graph.adjacent, budget, table.graph.path_hex)
    types = sorted({name for name in owned if name in ctx.trains})
    trains = [ctx.trains[name] for name in types]
    candidates = candidate_paths(table, trains, tracks) if trains else []
    valued = {name: value_rows(table, train, candidates, _mandatory)
              for name, train in zip(types, trains, strict=True)}
    if connection is not None:
        return _connection_run(table, owned, connection, candidates, valued, tracks)
    order = train_order(owned, valued, ctx.trains.__contains__)
    search = _BranchAndBound(order, valued, table, candidates, tracks)
    pick = search.solve()
    return _run(order, pick, search, len(candidates))


def _connection_run(table: StopTable, owned: Sequence[str], connection: Connection,
                    candidates: list[Candidate], valued: dict[str, list[Row]],
                    tracks: Tracks) -> Run:
    """The best run with one train home -> destination (DS-15): for each type of
    train the company owns, one of its trains searches first under a name of its
    own, valuing only the candidates from the home stop to the destination, and
    must run one of them (``SuffixSearch.forced``); the other trains run freely.
    Exact for each type, so the best over the types is the optimum."""
    home, ends = connection
    best: Run | None = None
    for kind in sorted(set(owned) & set(valued)):
        linked = [row for row in valued[kind]
                  if connects(candidates[row[2]].stops, home, ends)]
        if not linked:
            continue
        rest = list(owned)
        rest.remove(kind)
        name = kind + CONNECTION
        order = [name, *train_order(rest, valued, table.ctx.trains.__contains__)]
        search = _BranchAndBound(order, {**valued, name: linked}, table, candidates, tracks)
        pick = search.solve()
        if pick and pick[0] >= 0:
            run = _run(order, pick, search, len(candidates))
            if best is None or run.total > best.total:
                best = run
    return best or Run((), (), 0, len(candidates), 0)


def connects(stops: Sequence[tuple[str, int]], home: tuple[str, int],
             ends: frozenset[tuple[str, int]]) -> bool:
    """A route through ``stops`` runs from the home stop to one of the ``ends``."""
    return (stops[0] == home and stops[-1] in ends) or (stops[-1] == home and stops[0] in ends)


def _mandatory(cand: Candidate) -> int:
    """The conflict mask rows carry: the segments every way to run it uses."""
    return cand.mandatory


Placed = tuple[int, tuple[tuple[Leg, ...], ...]]  # (segments used, legs per chosen route)


class _BranchAndBound(SuffixSearch[Candidate]):
    """Phase 2. ``solve`` first finds the exact optimum of every suffix of the
    trains (the last one, the last two, ...): that suffix optimum bounds what the
    remaining trains can add, conflicts among them included ("Russian doll" search).

    A candidate joins the chosen routes only if all of them still fit on the
    track together (``_push``): first with the track they already have, else
    with the newcomer's own realisation where it is disjoint, else by the exact
    joint realisation of them all (remembered per set of stop sequences)."""

    def __init__(self, order: list[str], valued: dict[str, list[Row]], table: StopTable,
                 candidates: list[Candidate], tracks: Tracks) -> None:
        # how many routes could run one stop sequence at once: each end takes one
        # segment at its stop, each stop between two
        super().__init__(order, valued, table, candidates, tracks.budget,
                         [_repeats(tracks, c) for c in candidates])
        self.tracks = tracks
        self.placed: list[Placed] = [(0, ())]  # a stack: the chosen routes' track
        self.chosen: list[int] = []  # candidate ids of the chosen routes, in order
        self.joint: dict[tuple[int, ...], list[Leg] | None] = {}

    # -- the track ------------------------------------------------------------------
    def _push(self, cid: int) -> bool:
        """Add candidate ``cid`` to the chosen routes if they all still fit."""
        used, legs = self.placed[-1]
        cand = self.candidates[cid]
        if not cand.segments & used:
            self.placed.append((used | cand.segments, (*legs, cand.legs)))
            self.chosen.append(cid)
            return True
        more = self.tracks.greedy(cand.demands(0), used, {})
        if more is not None:
            self.placed.append((used | _edges(more), (*legs, tuple(more))))
            self.chosen.append(cid)
            return True
        ids = [*self.chosen, cid]
        key = tuple(sorted(ids))
        # routes that do not fit two by two do not fit in any larger set either
        if any(not self._pair_fits(c, cid) for c in self.chosen):
            return False
        if key not in self.joint:
            demands = [d for r, c in enumerate(key) for d in self.candidates[c].demands(r)]
            self.joint[key] = self.tracks.realize(demands)
        found = self.joint[key]
        if found is None:
            return False
        # the joint answer is per sorted key: hand its legs to the routes in pick order
        split: list[tuple[Leg, ...]] = []
        at = 0
        for c in key:
            size = len(self.candidates[c].seq) - 1
            split.append(tuple(found[at:at + size]))
            at += size
        by_id: dict[int, list[tuple[Leg, ...]]] = {}
        for c, part in zip(key, split, strict=True):
            by_id.setdefault(c, []).append(part)
        ordered = tuple(by_id[c].pop() for c in ids)
        self.placed.append((_edges(found), ordered))
        self.chosen.append(cid)
        return True

    def _pair_fits(self, a: int, b: int) -> bool:
        key = (min(a, b), max(a, b))
        if key not in self.joint:
            one, two = self.candidates[key[0]], self.candidates[key[1]]
            if not one.segments & two.segments:
                return True
            self.joint[key] = self.tracks.realize([*one.demands(0), *two.demands(1)])
        return self.joint[key] is not None

    def _pop(self) -> None:
        self.placed.pop()
        self.chosen.pop()

    def legs(self) -> tuple[tuple[Leg, ...], ...]:
        return self.placed[-1][1]

    # -- the hooks of ``SuffixSearch`` ----------------------------------------------
    def _take(self, i: int, k: int) -> bool:
        return self._push(self.ids[i][k])

    def _depth(self) -> int:
        return len(self.chosen)

    def _release_to(self, depth: int) -> None:
        while len(self.chosen) > depth:
            self._pop()

    def _completion_fits(self, i: int, picks: Sequence[int]) -> bool:
        depth = len(self.chosen)
        fits = all(self._push(self.ids[j][k])
                   for j, k in zip(range(i, self.n), picks, strict=True) if k >= 0)
        self._release_to(depth)
        return fits


def _run(order: list[str], pick: list[int], search: _BranchAndBound, listed: int) -> Run:
    """The routes of the best pick, on track they fit on together."""
    nodes = search.tracks.nodes
    routes, revenues = [], []
    for name, k in zip(order, pick, strict=False):
        if k < 0:
            continue
        value, _, c = search.valued[name][k]
        if not search._push(c):  # pragma: no cover - the pick was realised before
            raise AssertionError("the best run no longer fits its track")
        revenues.append(value)
        routes.append(real_train(name))
    out = []
    for name, legs in zip(routes, search.legs(), strict=True):
        ids = [legs[0].nodes[0]]
        for leg in legs:
            ids.extend(leg.nodes[1:])
        out.append(Route(name, tuple(nodes[i] for i in ids)))
    return Run(tuple(out), tuple(revenues), sum(revenues), listed, search.branches)
