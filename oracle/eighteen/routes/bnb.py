"""The branch and bound over trains that both route searches share.

``search`` (stop sequences, track realised on demand) and
``search_paths`` (explicit track paths, for trains barred from some track)
differ in their candidates and in how they decide that chosen routes fit on the
track together; everything else is here: valuing candidates per train, the
"Russian doll" suffix optimum, the free bound, the greedy incumbent, symmetry
between trains of one type and across types, and the leaf check.

A search says how candidates fit through four hooks: ``_take`` (add train i's
candidate k to the chosen routes if they all still fit), ``_depth`` and
``_release_to`` (undo to an earlier depth), and ``_completion_fits`` (whether a
set of picks for the remaining trains fits with the chosen routes). For explicit
paths a route's segment mask is all its track, so disjoint masks are the whole
test and the track hooks do nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from oracle.eighteen.model.records import TrainType
from oracle.eighteen.routes.revenue import RevenueHooks, counted_stops, route_revenue
from oracle.eighteen.routes.route import StopTable
from oracle.eighteen.routes.tracks import Budget

Row = tuple[int, int, int]  # (value, conflict mask, candidate index)

#: the suffix of the name the connection run's train searches under (a train of
#: its own, valuing only routes home -> destination: ``search.best_run``)
CONNECTION = "~connection"


def real_train(name: str) -> str:
    """The train a searched name stands for (the connection run's train is one of
    the company's own)."""
    return name.removesuffix(CONNECTION)


class HasStops(Protocol):
    """A candidate of either search: the stops it visits, in order."""

    @property
    def stops(self) -> tuple[tuple[str, int], ...]: ...


C = TypeVar("C", bound=HasStops)


def value_rows(table: StopTable, train: TrainType, candidates: Sequence[C],
               mask: Callable[[C], int],
               allowed: Callable[[C], bool] | None = None) -> list[Row]:
    """(value, ``mask(candidate)``, candidate index) of each candidate the train may
    run (``allowed``) with a positive value, best first."""
    hooks = table.ctx.hooks
    rows = []
    single = train.distance[0] if len(train.distance) == 1 else None
    plain = single is not None and not train.doubles and not hooks.hex_bonus and \
        not hooks.double_stops and \
        ("halt" not in single.kinds or train.name in hooks.halt_trains) and \
        type(hooks) is RevenueHooks
    for i, cand in enumerate(candidates):
        if allowed is not None and not allowed(cand):
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
            rows.append((value, mask(cand), i))
    rows.sort(key=lambda r: (-r[0], r[2]))
    return rows


def train_order(owned: Sequence[str], valued: dict[str, list[Row]],
                known: Callable[[str], bool]) -> list[str]:
    """The trains searched, the one with the best single candidate first."""
    return sorted((n for n in owned if known(n)),
                  key=lambda n: (-(valued[n][0][0] if valued[n] else 0), n))


def combination_ok(table: StopTable, order: list[str], pick: list[int],
                   candidates: Sequence[HasStops], valued: dict[str, list[Row]]) -> bool:
    chosen = [(table.ctx.trains[real_train(n)], [table.visited(h, s) for h, s in
                                     candidates[valued[n][k][2]].stops])
              for n, k in zip(order, pick, strict=True) if k >= 0]
    return table.ctx.hooks.combination_ok(chosen)


class SuffixSearch(Generic[C]):
    """``solve`` finds the exact optimum of every suffix of the trains (the last
    one, the last two, ...), which bounds what the remaining trains can add,
    conflicts among them included ("Russian doll" search). Within each suffix a
    depth-first branch and bound places trains one at a time; the module doc
    lists the hooks a search supplies."""

    def __init__(self, order: list[str], valued: dict[str, list[Row]], table: StopTable,
                 candidates: list[C], budget: Budget, repeats: list[int]) -> None:
        self.budget = budget
        #: the first train must run one of its candidates (a connection run's train,
        #: DS-15): it never runs nothing, and no leaf without it is an answer
        self.forced = bool(order) and order[0].endswith(CONNECTION)
        self.order = order
        self.rows = [valued[n] for n in order]
        self.masks = [[r[1] for r in rows] for rows in self.rows]
        self.ids = [[r[2] for r in rows] for rows in self.rows]
        #: train position -> candidate id -> value, for the swap rule
        self.value_of = [{r[2]: r[0] for r in rows} for rows in self.rows]
        # the swap rule compares routes across trains, so no hook may tell trains apart
        self.swaps = type(table.ctx.hooks) is RevenueHooks and not self.forced
        self.values = [[r[0] for r in rows] for rows in self.rows]
        self.table = table
        self.candidates = candidates
        self.valued = valued
        #: how many routes may run one candidate's stops at once (same-type symmetry)
        self.repeats = repeats
        self.n = len(order)
        self.suffix = [0] * (self.n + 1)  # exact optimum of trains i.. (0 beyond the end)
        self.branches = 0
        self.best_total = -1
        self.best_pick: list[int] = []
        self.pick: list[int] = []
        self.start = 0
        self.tail = 0  # set by _free_bound: its bound less the first train's part

    # -- the hooks ------------------------------------------------------------------
    def _take(self, i: int, k: int) -> bool:
        """Add train ``i``'s candidate ``k`` to the chosen routes if they still fit."""
        raise NotImplementedError

    def _depth(self) -> int:
        raise NotImplementedError

    def _release_to(self, depth: int) -> None:
        raise NotImplementedError

    def _completion_fits(self, i: int, picks: Sequence[int]) -> bool:
        """Trains i.. running ``picks`` fit on the track with the chosen routes."""
        raise NotImplementedError

    # -- the search -----------------------------------------------------------------
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
        if self.forced and self.start == 0 and self.pick[0] < 0:
            return
        # a title's constraint on the whole set applies to the whole set only
        if self.start == 0 and not combination_ok(self.table, self.order, self.pick,
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

    def _same_type_start(self, i: int) -> int:
        """Symmetry: a train takes candidates after its same-type predecessor's (the
        same stops again, on other track, while the stops have track left)."""
        if i > self.start and self.order[i - 1] == self.order[i]:
            prev = self.pick[i - 1 - self.start]
            if prev < 0:
                return len(self.rows[i])
            same = 1
            while i - 1 - same >= self.start and self.order[i - 1 - same] == self.order[i] \
                    and self.pick[i - 1 - same - self.start] == prev:
                same += 1
            return prev if same < self.repeats[self.ids[i][prev]] else prev + 1
        return 0

    def _greedy(self) -> None:
        """The first incumbent: each train takes its best candidate that still fits
        (trying a few only: this is a starting point, not the answer)."""
        used = total = 0
        depth = self._depth()
        for i in range(self.start, self.n):
            first = self._same_type_start(i)
            pick = -1
            tries = 0
            for k in range(first, len(self.rows[i])):
                if self.rows[i][k][1] & used:
                    continue
                tries += 1
                if tries > 8:
                    break
                if self._take(i, k):
                    pick = k
                    break
            self.pick.append(pick)
            if pick >= 0:
                used |= self.rows[i][pick][1]
                total += self.rows[i][pick][0]
        self._leaf(total)
        self.pick.clear()
        self._release_to(depth)

    def _free_bound(self, i: int, used: int, first: int,
                    hint: Sequence[int]) -> tuple[int, list[int] | None, list[int]]:
        """What trains i.. could add at most: the smaller of their exact optimum on
        the whole board and the sum of each one's best candidate not in conflict
        with ``used`` (a type's k trains: its k best such candidates, in symmetry
        order), ignoring their conflicts with one another. When those candidates
        fit on the track with the chosen ones, they are also the best completion:
        their picks come back.

        ``hint`` holds where the parent node's scans stopped: the candidates before
        those conflicted with the parent's track, hence with this node's (a
        superset), so the scans resume there. The scan positions come back for the
        children."""
        total = 0
        start = first
        picks: list[int] = []
        positions: list[int] = []
        same = 0
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
                picks.append(k)
                same = same + 1 if picks[-2:-1] == [k] and self.order[j] == self.order[j - 1] \
                    else 1
                start = k if same < self.repeats[self.ids[j][k]] else k + 1
            else:
                picks.append(-1)
                start = k + 1
        self.tail = total - (self.values[i][picks[0]] if picks[0] >= 0 else 0)
        if i > self.start and self.suffix[i] < total:
            return self.suffix[i], None, positions
        return total, (picks if self._completion_fits(i, picks) else None), positions

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
        depth = self._depth()
        for k in range(positions[0], len(masks)):
            value = values[k]
            if total + value + rest <= self.best_total:
                break
            if masks[k] & used or (self.swaps and self._swapped(i, k)):
                continue
            if not self._take(i, k):
                continue
            self.pick.append(k)
            self._branch(i + 1, used | masks[k], total + value, below)
            self.pick.pop()
            self._release_to(depth)
        if self.forced and i == 0:
            return  # the connection run's train runs home -> destination
        self.pick.append(-1)  # this train runs nothing
        self._branch(i + 1, used, total, below)
        self.pick.pop()


def pairwise_disjoint(masks: Sequence[int]) -> bool:
    taken = 0
    for mask in masks:
        if mask & taken:
            return False
        taken |= mask
    return True


