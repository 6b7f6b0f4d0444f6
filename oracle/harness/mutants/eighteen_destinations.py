"""18xx mutants for 1870 destinations and connection runs (DS-01..DS-17).

Each is the oracle with one connection-run rule wrong, as an engine could have it,
swapped in through the rules object's constructor (``Rules(mechanisms=...,
handlers=...)``, ``turn/registry.py``): most replace the ``connection_runs``
mechanism by one with one method changed, or by one with another dividend record
(DS-16); a few replace one of the base turn's rules (the turn's order, the token
lays) or swap the tile-lay step's handler.
``ds_existing_token_not_promoted`` is the public engine difference the research
notes record (tobymao offers only "Charter" when a token is already there).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.mechanisms.connection_runs import CONNECTION_STEPS, ConnectionRuns
from oracle.eighteen.mechanisms.destinations import (
    CHARTER,
    PLACED,
    RUN_MADE,
    connection_route,
    destination_hex,
    destination_stops,
    fewest_stops_path,
    home_stop,
)
from oracle.eighteen.model.actions import Dividend, LayTile, PlaceToken, RunRoutes
from oracle.eighteen.model.market import DividendRule
from oracle.eighteen.model.records import Allowance, TrainType
from oracle.eighteen.model.state import Company, State, Token, Turn
from oracle.eighteen.routes.revenue import RevenueHooks, StopRef, VisitedStop
from oracle.eighteen.routes.route import Route, RouteContext, StopTable, parse_node
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.flow import TurnOrder
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext
from oracle.eighteen.turn.steps import TRACK
from oracle.eighteen.turn.tokens import TokenLays
from oracle.harness.mutants import Mutant

GAME = "18xx"


def _api(connections: ConnectionRuns | None = None, *,
         base: Mechanism | None = None,
         handlers: Mapping[Handler, Handler] | None = None) -> Callable[[], EighteenAPI]:
    """The oracle with the connection runs, a base rule or a step's handler replaced."""
    mechanisms: dict[str, Mechanism] = {}
    if connections is not None:
        mechanisms[connections.name] = connections
    if base is not None:
        mechanisms[base.name] = base
    return lambda: EighteenAPI(Rules(mechanisms=mechanisms, handlers=handlers))


def _m(name: str, rulings: tuple[str, ...], description: str,
       make: Callable[[], Any]) -> Mutant:
    return Mutant(name, GAME, rulings, description, make)


def _retable(table: StopTable, cls: type[StopTable] | None = None,
             ctx: RouteContext | None = None) -> StopTable:
    """The same company's table built again with another class or context."""
    made = (cls or StopTable)(table._board, table._state, table.company, ctx or table.ctx)
    return made


def _trains_by(table: StopTable, extra: int) -> StopTable:
    """The table with every train ``extra`` stops longer (negative: shorter)."""
    trains = {name: dataclasses.replace(t, distance=tuple(
        Allowance(a.kinds, max(a.visit + extra, 0), max(a.pay + extra, 0)) for a in t.distance))
        for name, t in table.ctx.trains.items()}
    return _retable(table, ctx=dataclasses.replace(table.ctx, trains=trains))


# -- eligibility ------------------------------------------------------------------------
class _EligibleWithoutTrain(ConnectionRuns):
    """DS-01, DS-03: a company with no train is eligible as if it owned any."""

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        company = state.company(company_id)
        if company is None:
            return None
        trains = company.trains or tuple(t.name for t in rules.title(state).trains)
        title = rules.title(state)
        return connection_route(title, state, self.table(rules, state, company_id), trains)


class _OnlyTheOperatingCompany(ConnectionRuns):
    """DS-02: a connection counts only over the finishing company's own track: only
    that company is looked at when its turn ends."""

    def candidates(self, rules: TurnContext, state: State, finished: str | None) -> list[str]:
        if finished is not None and state.turn.step not in CONNECTION_STEPS:
            return [finished]
        return super().candidates(rules, state, finished)


class _NoBlockTable(StopTable):
    def end_only(self, hex_id: str, index: int) -> str:
        why = super().end_only(hex_id, index)
        return "" if why == "route/blocked_city" else why


class _AnyTokenBlocksTable(StopTable):
    def end_only(self, hex_id: str, index: int) -> str:
        if any(t.hex == hex_id and t.city == index and t.company != self.company
               for t in self._state.tokens):
            return "route/blocked_city"
        return super().end_only(hex_id, index)


class _Tabled(ConnectionRuns):
    """Eligibility over a table of another class."""

    table_class: type[StopTable] = StopTable

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        company = state.company(company_id)
        if company is None or not company.trains:
            return None
        table = _retable(self.table(rules, state, company_id), self.table_class)
        return connection_route(rules.title(state), state, table, company.trains)


class _BlockedCitiesIgnored(_Tabled):
    """DS-03: a city full of other companies' tokens does not cut the connection."""

    table_class = _NoBlockTable


class _AnyTokenBlocks(_Tabled):
    """DS-02, DS-03: any other company's token in a city cuts the connection."""

    table_class = _AnyTokenBlocksTable


class _ShortTrainAccepted(ConnectionRuns):
    """DS-06: any train the company owns will do once the track connects."""

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        company = state.company(company_id)
        if company is None or not company.trains:
            return None
        title = rules.title(state)
        home = home_stop(title, state, company_id)
        ends = destination_stops(title, state, company_id)
        if home is None or not ends:
            return None
        path = fewest_stops_path(self.table(rules, state, company_id), home, ends)
        return Route(company.trains[0], path) if path is not None else None


class _EndsNotCounted(ConnectionRuns):
    """DS-06: home and destination are not counted against the train's length."""

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        company = state.company(company_id)
        if company is None or not company.trains:
            return None
        table = _trains_by(self.table(rules, state, company_id), 2)
        return connection_route(rules.title(state), state, table, company.trains)

    def run_table(self, rules: TurnContext, state: State, company_id: str) -> StopTable:
        return _trains_by(super().run_table(rules, state, company_id), 2)


class _TrainOneLonger(ConnectionRuns):
    """DS-06: the train must be longer than the run (an off-by-one)."""

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        company = state.company(company_id)
        if company is None or not company.trains:
            return None
        table = _trains_by(self.table(rules, state, company_id), -1)
        return connection_route(rules.title(state), state, table, company.trains)


class _RunAgain(ConnectionRuns):
    """DS-09: a company that made its run is eligible again."""

    def run_for(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        return self.connecting(rules, state, company_id)


# -- timing and order ---------------------------------------------------------------------
class _OnlyAfterTileLay(ConnectionRuns):
    """DS-04: connections are looked for only after a turn that laid a tile."""

    def candidates(self, rules: TurnContext, state: State, finished: str | None) -> list[str]:
        if state.turn.step not in CONNECTION_STEPS and state.turn.tile_lays == 0:
            return []
        return super().candidates(rules, state, finished)


class _ResumeAfterRunner(ConnectionRuns):
    """DS-04, DS-07: after a connection run play goes on after the company that ran."""

    def dividend(self, rules: TurnContext, state: State, company: Company,
                 action: Dividend) -> State:
        state = replace(state, turn=replace(state.turn, after=company.id))
        return super().dividend(rules, state, company, action)


class _OpeningRunResumesSecond(ConnectionRuns):
    """DS-05: runs opening the round are taken as following its first company."""

    def resume(self, rules: TurnContext, state: State, finished: str | None) -> State:
        if finished is None and state.operating_order:
            return rules.next_company(state, state.operating_order[0])
        return super().resume(rules, state, finished)


class _NoRunsFirst(TurnOrder):
    """DS-05, DS-07: a company acting in another's connection run is only 'not operating'."""

    def operating_company(self, rules: RulesContext, state: State, company_id: str) -> Company:
        if state.turn.step in CONNECTION_STEPS and state.turn.company != company_id:
            company = state.company(company_id)
            if company is not None:
                raise IllegalAction("turn/not_operating", "", f"{company_id} is not operating")
        return super().operating_company(rules, state, company_id)


def _lay_then_run(rules: RulesContext, state: State, company: Company, action: Any) -> State:
    """DS-07: the connection run interrupts the turn right after the connecting tile."""
    state = rules.normal_tile(state, company, action)
    if not rules.connections.applies(rules.title(state)):
        return state
    waiting = rules.connections.queue(rules, state, company.id)
    if waiting:
        return replace(state, turn=Turn(waiting[0], "connection_token", after=company.id))
    return state


#: the tile-lay step's normal lay, followed at once by the connection run it makes
_RUN_AT_ONCE = Handler(LayTile, _lay_then_run, private=False)


class _PurePriceOrder(ConnectionRuns):
    """DS-08: the track layer gets no precedence; all go by share price."""

    def queue(self, rules: TurnContext, state: State, finished: str | None) -> list[str]:
        found = [c for c in self.candidates(rules, state, finished)
                 if self.eligible(rules, state, c)]
        return self.by_price(state, found)


class _OperatingOrder(ConnectionRuns):
    """DS-08: the others run in the round's operating order, not by today's price."""

    def by_price(self, state: State, ids: list[str]) -> list[str]:
        known = [c for c in state.operating_order if c in ids]
        return known + [c for c in ids if c not in known]


class _OneRunBetweenTurns(ConnectionRuns):
    """DS-08: after one connection run the next company operates."""

    def dividend(self, rules: TurnContext, state: State, company: Company,
                 action: Dividend) -> State:
        after = state.turn.after
        state = super().dividend(rules, state, company, action)
        if state.turn.step == "connection_token":
            return self.resume(rules, state, after)
        return state


# -- the destination token ----------------------------------------------------------------
class _TrainsBeforeToken(ConnectionRuns):
    """DS-10: the trains may run first; the token is then kept on the charter."""

    def run_before_token(self, rules: TurnContext, state: State, company: Company,
                         action: RunRoutes) -> State:
        state = self.keep(rules, state, company)
        return self.run(rules, state, state.company(company.id) or company, action)


class _KeepForfeits(ConnectionRuns):
    """DS-10, DS-11: declining to place the destination token forfeits it."""

    def keep(self, rules: TurnContext, state: State, company: Company) -> State:
        company = replace(company, destination=CHARTER, tokens_left=company.tokens_left)
        state = state.with_company(company)
        # the run is made, the token gone: the charter keeps only its own tokens
        return self.to_route(state)


class _HomeFirstOnly(ConnectionRuns):
    """DS-15: the connection train must start at home and end at the destination."""

    def is_connection(self, rules: TurnContext, state: State, company_id: str,
                      route: Route) -> bool:
        stops = route.stops()
        home = home_stop(rules.title(state), state, company_id)
        return bool(stops) and stops[0] == home and \
            super().is_connection(rules, state, company_id, route)


class _TokenFromCharter(ConnectionRuns):
    """DS-11: the destination token is one of the charter's tokens."""

    def put(self, rules: TurnContext, state: State, company: Company, token: Token) -> State:
        company = replace(company, tokens_left=company.tokens_left - 1)
        return super().put(rules, state, company, token)


class _TokenAnywhere(ConnectionRuns):
    """DS-11: the destination token may go on any city."""

    def place(self, rules: TurnContext, state: State, company: Company,
              action: PlaceToken) -> State:
        if action.hex != destination_hex(rules.title(state), company.id):
            return self.put(rules, state, company, Token(action.hex, action.city, company.id))
        return super().place(rules, state, company, action)


class _ChartersLastPrice(TokenLays):
    """DS-11, DS-13: the $100 token costs what the charter's last token costs."""

    def token_cost(self, rules: RulesContext, state: State, company: Company) -> int:
        cdef = rules.title(state).company(company.id)
        costs = cdef.token_costs if cdef else (0,)
        placed = sum(1 for t in state.tokens if t.company == company.id)
        if company.destination == PLACED:
            placed -= 1
        return costs[min(placed, len(costs) - 1)]


class _NeedsSlot(ConnectionRuns):
    """DS-12, DS-14: the destination token needs a free slot in a token circle."""

    def place(self, rules: TurnContext, state: State, company: Company,
              action: PlaceToken) -> State:
        if not any(t.company == company.id and t.hex == action.hex for t in state.tokens):
            assert isinstance(rules, Rules)  # the API hands the whole rules object
            rules.check_city(state, company, action.hex, action.city)
        return super().place(rules, state, company, action)


class _HomeBlocked(TokenLays):
    """DS-12: the destination token keeps the unstarted company out of its home."""

    def check_city(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                   city: int, home: bool = False) -> None:
        super().check_city(rules, state, company, hex_id, city, False)


class _TakesNoSpot(TokenLays):
    """DS-12: a destination token takes no spot for anyone."""

    def check_city(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                   city: int, home: bool = False) -> None:
        super().check_city(rules, state, company, hex_id, city, True)


class _NotPromoted(ConnectionRuns):
    """DS-13 (tobymao): with a token already there, the new one can only go on the
    charter; the token in the city is not promoted and the bonus is forfeited."""

    def promote(self, rules: TurnContext, state: State, company: Company) -> State:
        return self.keep(rules, state, company)


class _NoDoubleWhenPromoted(ConnectionRuns):
    """DS-13, DS-17: only a newly placed destination token doubles."""

    def doubles(self, rules: TurnContext, state: State, company_id: str) -> frozenset[StopRef]:
        company = state.company(company_id)
        if company is None or company.destination != PLACED:
            return frozenset()
        return super().doubles(rules, state, company_id)


class _ThroughTable(StopTable):
    """A table where the company's own tokened red area may be run through."""

    def end_only(self, hex_id: str, index: int) -> str:
        if (hex_id, index) in self.tokened and self.kind(hex_id, index) == "offboard":
            return ""
        return super().end_only(hex_id, index)


class _RedThrough(ConnectionRuns):
    """DS-14: a destination token on a red area lets the company run through it."""

    def table(self, rules: TurnContext, state: State, company_id: str,
              doubles: frozenset[StopRef] | None = None) -> StopTable:
        return _retable(super().table(rules, state, company_id, doubles), _ThroughTable)


class _RedNotAStation(ConnectionRuns):
    """DS-14: a token on a red area is no station to run from."""

    def table(self, rules: TurnContext, state: State, company_id: str,
              doubles: frozenset[StopRef] | None = None) -> StopTable:
        table = super().table(rules, state, company_id, doubles)
        table.tokened = {s for s in table.tokened if table.kind(*s) != "offboard"}
        table._visited.clear()  # kind() cached the stops with the old token set
        return table


# -- the run and its dividend ----------------------------------------------------------------
class _NoDestinationRunNeeded(ConnectionRuns):
    """DS-15: any legal routes will do for the connection run."""

    def is_connection(self, rules: TurnContext, state: State, company_id: str,
                      route: Route) -> bool:
        return True


class _RosterTrainRuns(ConnectionRuns):
    """DS-01: the home -> destination run may use any train of the roster."""

    def run(self, rules: TurnContext, state: State, company: Company, action: RunRoutes) -> State:
        extra = tuple(train for train, _ in action.routes if train not in company.trains)
        return super().run(rules, state, replace(company, trains=(*company.trains, *extra)),
                           action)


class _PassSkipsRun(ConnectionRuns):
    """DS-15: ``pass`` in the connection run runs nothing and earns nothing."""

    def no_run(self, rules: TurnContext, state: State, company: Company) -> State:
        return replace(state, turn=replace(state.turn, step="connection_dividend", revenue=0))


class _EveryTrainToDestination(ConnectionRuns):
    """DS-15: every train must run home -> destination."""

    def run(self, rules: TurnContext, state: State, company: Company, action: RunRoutes) -> State:
        title = rules.title(state)
        for train, path in action.routes:
            route = Route(train, tuple(parse_node(title.map, n) for n in path))
            if not self.is_connection(rules, state, company.id, route):
                raise IllegalAction("connection/no_destination_run", "DS-15",
                                    "every train runs home -> destination")
        return super().run(rules, state, company, action)


#: DS-16 read wrong: the connection run's dividend record (``ConnectionRuns(dividend=...)``)
#: the connection run may pay a half dividend
_HALF_ALLOWED = DividendRule(kinds=("payout", "half", "withhold"), payout="right", withhold="",
                             half="", zero="")
#: (tobymao) the price moves right on a withheld connection run too
_WITHHOLD_MOVES_RIGHT = DividendRule(kinds=("payout", "withhold"), payout="right",
                                     withhold="right", half="", zero="")
#: a full dividend from the connection run leaves the price
_PAYOUT_NO_MOVE = DividendRule(kinds=("payout", "withhold"), payout="", withhold="", half="",
                               zero="")
#: the connection dividend follows the normal rule (withhold moves left)
_NORMAL_DIVIDEND = DividendRule()


class _NoDouble(ConnectionRuns):
    """DS-17: the destination never counts double."""

    def doubles(self, rules: TurnContext, state: State, company_id: str) -> frozenset[StopRef]:
        return frozenset()


class _DoubleAfterCharter(ConnectionRuns):
    """DS-17: the destination doubles after any connection run, token kept or not."""

    def doubles(self, rules: TurnContext, state: State, company_id: str) -> frozenset[StopRef]:
        company = state.company(company_id)
        if company is None or company.destination not in RUN_MADE:
            return frozenset()
        return frozenset(destination_stops(rules.title(state), state, company_id))


@dataclasses.dataclass(frozen=True, slots=True)
class _AnywhereHooks(RevenueHooks):
    def route_bonus(self, train: TrainType, stops: Any) -> int:
        visited: list[VisitedStop] = list(stops)
        bonus = sum(amount for hex_id, amount in self.hex_bonus.items()
                    if any(s.ref[0] == hex_id for s in visited))
        return bonus + sum(s.value for s in visited if s.ref in self.double_stops)


class _DoubleAnywhere(ConnectionRuns):
    """DS-17: the destination doubles wherever a route visits it, not only at its ends."""

    def table(self, rules: TurnContext, state: State, company_id: str,
              doubles: frozenset[StopRef] | None = None) -> StopTable:
        table = super().table(rules, state, company_id, doubles)
        hooks = table.ctx.hooks
        ctx = dataclasses.replace(table.ctx, hooks=_AnywhereHooks(
            hex_bonus=hooks.hex_bonus, double_stops=hooks.double_stops,
            halt_trains=hooks.halt_trains))
        return _retable(table, ctx=ctx)


class _DoubleOptionIgnored(ConnectionRuns):
    """DS-17: the destination doubles in the connection run whatever the option says."""

    def run_table(self, rules: TurnContext, state: State, company_id: str) -> StopTable:
        return self.table(rules, state, company_id)


MUTANTS: list[Mutant] = [
    _m("18xx_ds_eligible_without_train", ("DS-01", "DS-03"),
       "a company without a train is eligible as if it owned one",
       _api(_EligibleWithoutTrain())),
    _m("18xx_ds_only_operating_company", ("DS-02",),
       "only the company whose turn ends is checked (its own track)",
       _api(_OnlyTheOperatingCompany())),
    _m("18xx_ds_blocked_cities_ignored", ("DS-03",),
       "a city full of others' tokens does not cut the connection",
       _api(_BlockedCitiesIgnored())),
    _m("18xx_ds_any_token_blocks", ("DS-02", "DS-03"),
       "any other company's token in a city cuts the connection",
       _api(_AnyTokenBlocks())),
    _m("18xx_ds_short_train_accepted", ("DS-06",),
       "any owned train will do once the track connects", _api(_ShortTrainAccepted())),
    _m("18xx_ds_ends_not_counted", ("DS-06",),
       "home and destination do not count against the train's length",
       _api(_EndsNotCounted())),
    _m("18xx_ds_train_one_longer", ("DS-06",),
       "the train must be one stop longer than the run", _api(_TrainOneLonger())),
    _m("18xx_ds_run_again", ("DS-09",), "a company may make a second connection run",
       _api(_RunAgain())),
    _m("18xx_ds_only_after_tile_lay", ("DS-04",),
       "connections are looked for only after a turn that laid a tile",
       _api(_OnlyAfterTileLay())),
    _m("18xx_ds_resume_after_runner", ("DS-04", "DS-07"),
       "after a connection run play goes on after the company that ran",
       _api(_ResumeAfterRunner())),
    _m("18xx_ds_opening_run_resumes_second", ("DS-05",),
       "runs opening the round are taken to follow its first company",
       _api(_OpeningRunResumesSecond())),
    _m("18xx_ds_no_runs_first_code", ("DS-05", "DS-07"),
       "others acting in a connection run are only refused as not operating",
       _api(base=_NoRunsFirst())),
    _m("18xx_ds_run_at_once", ("DS-07",),
       "the connection run interrupts the turn right after the connecting tile",
       _api(handlers={TRACK: _RUN_AT_ONCE})),
    _m("18xx_ds_pure_price_order", ("DS-08",),
       "the track layer gets no precedence; all runs by share price",
       _api(_PurePriceOrder())),
    _m("18xx_ds_operating_order", ("DS-08",),
       "connection runs in the round's operating order, not today's prices",
       _api(_OperatingOrder())),
    _m("18xx_ds_one_run_between_turns", ("DS-08",),
       "one connection run between turns; the next company operates after it",
       _api(_OneRunBetweenTurns())),
    _m("18xx_ds_trains_before_token", ("DS-10",),
       "the trains may run before the destination token is decided",
       _api(_TrainsBeforeToken())),
    _m("18xx_ds_token_from_charter", ("DS-11",),
       "the destination token is one of the charter's tokens", _api(_TokenFromCharter())),
    _m("18xx_ds_keep_forfeits", ("DS-10", "DS-11"),
       "declining to place the destination token forfeits it", _api(_KeepForfeits())),
    _m("18xx_ds_home_first_only", ("DS-15",),
       "the connection train must run from home to the destination, not back",
       _api(_HomeFirstOnly())),
    _m("18xx_ds_token_anywhere", ("DS-11",), "the destination token may go on any city",
       _api(_TokenAnywhere())),
    _m("18xx_ds_charters_last_price", ("DS-11", "DS-13"),
       "the $100 token costs the charter's last token price", _api(base=_ChartersLastPrice())),
    _m("18xx_ds_token_needs_slot", ("DS-12", "DS-14"),
       "the destination token needs a free slot in a token circle", _api(_NeedsSlot())),
    _m("18xx_ds_home_blocked", ("DS-12",),
       "a destination token keeps the unstarted company out of its home",
       _api(base=_HomeBlocked())),
    _m("18xx_ds_takes_no_spot", ("DS-12",), "a destination token takes no spot for anyone",
       _api(base=_TakesNoSpot())),
    _m("18xx_ds_existing_token_not_promoted", ("DS-13",),
       "an existing destination token is not promoted, the bonus forfeited (tobymao)",
       _api(_NotPromoted())),
    _m("18xx_ds_no_double_when_promoted", ("DS-13", "DS-17"),
       "only a newly placed destination token doubles", _api(_NoDoubleWhenPromoted())),
    _m("18xx_ds_red_run_through", ("DS-14",),
       "a destination token on a red area lets routes run through it", _api(_RedThrough())),
    _m("18xx_ds_red_not_a_station", ("DS-14",), "a token on a red area is no station",
       _api(_RedNotAStation())),
    _m("18xx_ds_no_destination_run_needed", ("DS-15",),
       "the connection run needs no train home -> destination",
       _api(_NoDestinationRunNeeded())),
    _m("18xx_ds_roster_train_runs", ("DS-01",),
       "the connection run may use a train the company does not own",
       _api(_RosterTrainRuns())),
    _m("18xx_ds_pass_skips_run", ("DS-15",), "the connection run may run nothing",
       _api(_PassSkipsRun())),
    _m("18xx_ds_every_train_to_destination", ("DS-15",),
       "every train of the connection run must run home -> destination",
       _api(_EveryTrainToDestination())),
    _m("18xx_ds_half_allowed", ("DS-16",), "the connection run may pay half",
       _api(ConnectionRuns(dividend=_HALF_ALLOWED))),
    _m("18xx_ds_withhold_moves_right", ("DS-16",),
       "a withheld connection run moves the price right (tobymao)",
       _api(ConnectionRuns(dividend=_WITHHOLD_MOVES_RIGHT))),
    _m("18xx_ds_payout_no_move", ("DS-16",), "a connection payout leaves the price",
       _api(ConnectionRuns(dividend=_PAYOUT_NO_MOVE))),
    _m("18xx_ds_normal_dividend_rule", ("DS-16",),
       "the connection dividend follows the normal rule (withhold moves left)",
       _api(ConnectionRuns(dividend=_NORMAL_DIVIDEND))),
    _m("18xx_ds_no_double", ("DS-17",), "the destination never counts double",
       _api(_NoDouble())),
    _m("18xx_ds_double_after_charter", ("DS-17",),
       "the destination doubles even with the token kept on the charter",
       _api(_DoubleAfterCharter())),
    _m("18xx_ds_double_anywhere", ("DS-17",),
       "the destination doubles wherever a route visits it", _api(_DoubleAnywhere())),
    _m("18xx_ds_double_option_ignored", ("DS-17",),
       "the destination doubles in the connection run whatever the option",
       _api(_DoubleOptionIgnored())),
]
