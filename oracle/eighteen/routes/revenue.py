"""What a stop and a route pay: stop values, a train's allowances, and per-title hooks.

A route's revenue depends on the route alone (its stops, its train, the company),
never on the company's other routes: the route search relies on that to add
routes up and to bound the sum (see ``search``). A hook that needed the
whole set of routes would go in ``RevenueHooks.combination_ok``, which only
filters, so the search's bounds stay sound.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from oracle.eighteen.model.records import Allowance, OffboardValue, PhaseDef, TrainType
from oracle.eighteen.model.tiles import Stop

#: a stop on the map: (hex, stop index on the tile)
StopRef = tuple[str, int]
#: the kind a hook gives a stop that pays without using one of the train's stops
FREE = "free"


def stop_value(stop: Stop, phase: PhaseDef | None,
               offboard: OffboardValue | None = None) -> int:
    """The printed value of one stop in the phase in force.

    An ``offboard`` stop pays the value of its red area for the phase's off-board
    colour (the value table comes with the map data); any other stop pays what
    its tile prints. A stop printed with values by colour (a red area, 18GA's red
    Jacksonville) pays them when no ``offboard`` table is given.
    """
    table = offboard if stop.kind == "offboard" and offboard is not None else stop.values
    if table is not None:
        return table.value(phase.offboard_colour if phase is not None else "yellow")
    return stop.revenue


@dataclass(frozen=True, slots=True)
class VisitedStop:
    """A stop on a route, as the revenue rules see it."""

    ref: StopRef
    kind: str
    value: int
    tokened: bool  # the running company has a station token here


def train_revenue(train: TrainType, stops: Sequence[VisitedStop]) -> int | None:
    """What ``train`` is paid for visiting ``stops``, or None if it may not run them.

    Every stop whose kind one of the train's allowances lists uses up one visit
    of such an allowance; the train is paid for the best ``pay`` stops of each
    allowance. A stop no allowance lists (a halt for a train that does not call
    there) is passed: it uses nothing and pays nothing.
    """
    # a doubling train (18AL's 4D) counts the stops of its ``doubles`` kinds twice
    base = _best_assignment(train.distance, tuple(sorted(
        ((s.kind, s.value * (2 if s.kind in train.doubles else 1))
         for s in stops if s.kind != FREE), key=lambda kv: -kv[1])))
    # a "free" stop pays and uses no visit (1825 single track: ST-05, ST-11)
    return None if base is None else base + sum(s.value for s in stops if s.kind == FREE)


@lru_cache(maxsize=65536)
def _best_assignment(distance: tuple[Allowance, ...],
                     stops: tuple[tuple[str, int], ...]) -> int | None:
    """Exact best assignment of stops (sorted by value, highest first) to allowances.

    One allowance: the stops it lists must fit its ``visit``; it pays the first
    ``pay`` of them. Several allowances (``2+2``, U3's "3 cities plus towns"): a small
    exhaustive search over which allowance takes each stop.
    """
    allowances = list(distance)
    counted = [(k, v) for k, v in stops if any(k in a.kinds for a in allowances)]
    if len(allowances) == 1:
        a = allowances[0]
        if len(counted) > a.visit:
            return None
        return sum(v for _, v in counted[:a.pay])
    best: int | None = None

    def go(i: int, visits: tuple[int, ...], pays: tuple[int, ...], total: int) -> None:
        nonlocal best
        if i == len(counted):
            best = total if best is None else max(best, total)
            return
        kind, value = counted[i]
        for j, a in enumerate(allowances):
            if kind in a.kinds and visits[j] < a.visit:
                paying = pays[j] < a.pay
                go(i + 1, (*visits[:j], visits[j] + 1, *visits[j + 1:]),
                   (*pays[:j], pays[j] + int(paying), *pays[j + 1:]),
                   total + (value if paying else 0))

    go(0, (0,) * len(allowances), (0,) * len(allowances), 0)
    return best


def counted_stops(train: TrainType, stops: Sequence[VisitedStop]) -> int:
    """How many of ``stops`` the train calls at: those some allowance lists (halts may
    not count), and ``free`` ones (they count for a route's two stops, not its length)."""
    return sum(1 for s in stops
               if s.kind == FREE or any(s.kind in a.kinds for a in train.distance))


@dataclass(frozen=True, slots=True)
class RevenueHooks:
    """A title's additions to a route's revenue. Defaults: none.

    * ``hex_bonus``: hex -> amount added to every route that stops in that hex
      (bonus tokens such as 1856's port and 18AL's coal markers, as tobymao's
      ``revenue_for`` adds them per route: TP-BONUS-01);
    * ``double_stops``: stops whose value counts twice on a route that starts or
      ends there (1870's reached destinations, seed 004 section 11);
    * ``halt_trains``: train names that are paid for halts (1825: 3T and 4T,
      seed 002); other trains pass halts without pay.
    """

    hex_bonus: Mapping[str, int] = field(default_factory=dict)
    double_stops: frozenset[StopRef] = frozenset()
    halt_trains: frozenset[str] = frozenset()

    def route_bonus(self, train: TrainType, stops: Sequence[VisitedStop]) -> int:
        bonus = sum(amount for hex_id, amount in self.hex_bonus.items()
                    if any(s.ref[0] == hex_id for s in stops))
        if stops and self.double_stops:
            for end in {stops[0], stops[-1]}:
                if end.ref in self.double_stops:
                    bonus += end.value
        return bonus

    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        """A halt pays only trains the title names (value 0 for the others)."""
        if stop.kind == "halt" and train.name not in self.halt_trains:
            return VisitedStop(stop.ref, stop.kind, 0, stop.tokened)
        return stop

    def combination_ok(self, routes: Sequence[tuple[TrainType, Sequence[VisitedStop]]]) -> bool:
        """A constraint on the company's routes together (none by default)."""
        return True


NO_HOOKS = RevenueHooks()


def route_revenue(train: TrainType, stops: Sequence[VisitedStop],
                  hooks: RevenueHooks = NO_HOOKS) -> int | None:
    """The revenue of one route (None if the train may not run it)."""
    seen = [hooks.visible(train, s) for s in stops]
    base = train_revenue(train, seen)
    if base is None:
        return None
    return base + hooks.route_bonus(train, seen)
