"""18xx mutants for 1870's destination token, the connection run and its dividend
(DS-10..DS-17): each the oracle with one rule wrong, swapped in as
``eighteen_destinations.py`` explains (its helpers build them); the eligibility and
timing mutants (DS-01..DS-09) are there.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from oracle.core.errors import IllegalAction
from oracle.eighteen.mechanisms.connection_runs import ConnectionRuns
from oracle.eighteen.mechanisms.destinations import (
    CHARTER,
    PLACED,
    RUN_MADE,
    destination_hex,
    destination_stops,
    home_stop,
)
from oracle.eighteen.model.actions import PlaceToken, RunRoutes
from oracle.eighteen.model.market import DividendRule
from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.state import Company, State, Token
from oracle.eighteen.routes.revenue import RevenueHooks, StopRef, VisitedStop
from oracle.eighteen.routes.route import Route, StopTable, parse_node
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.protocol import RulesContext
from oracle.eighteen.turn.tokens import TokenLays
from oracle.harness.mutants import Mutant
from oracle.harness.mutants.eighteen_destinations import _api, _m, _retable


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
