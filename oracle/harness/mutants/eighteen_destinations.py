"""18xx mutants for 1870 destinations and connection runs: who is eligible and when
the runs come (DS-01..DS-09; the destination token, the run and its dividend,
DS-10..DS-17, are in ``eighteen_destination_tokens.py``, built by the helpers here).

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
    connection_route,
    destination_stops,
    fewest_stops_path,
    home_stop,
)
from oracle.eighteen.model.actions import Dividend, LayTile
from oracle.eighteen.model.records import Allowance
from oracle.eighteen.model.state import Company, State, Turn
from oracle.eighteen.routes.route import Route, RouteContext, StopTable
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.flow import TurnOrder
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext
from oracle.eighteen.turn.steps import TRACK
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
]
