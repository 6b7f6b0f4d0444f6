"""1870 connection runs: the steps between company turns (seed 004 section 11).

When a company's turn ends (``Rules.end_turn``), every company eligible for its
connection run (``destinations``) makes it before the next company operates: the
company that just finished first if it is eligible, then the others in share-price
order (DS-07, DS-08). That covers a connection nobody noticed when it was made: it
runs after the company operating when it is found (DS-04). A connection made in a
stock round is a position whose turn stands in a connection step with ``after``
null: the runs open the operating round, then its first company operates (DS-05).

A run is three steps the ``ConnectionRuns`` mechanism adds to the title's turn (its
handlers at the end of this module; ``turn/compose.py``):

* ``connection_token``: ``place_token`` on the destination, or ``pass`` to keep the
  destination token as a $100 token (DS-10, DS-11, DS-12, DS-13);
* ``connection_route``: ``run_routes`` with one train home -> destination (DS-15, DS-06);
* ``connection_dividend``: ``payout`` (the price moves right) or ``withhold`` (it
  stays), never ``half`` (DS-16).

``ConnectionRuns`` is the mechanism: the title lists it (``connection_runs``) and the
rules object finds it in its table of mechanisms (``turn/registry.py``), so a changed
one (a subclass, or another dividend record) is swapped in by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from oracle.core.errors import IllegalAction
from oracle.eighteen.mechanisms import connection_withhold, destination_connection
from oracle.eighteen.mechanisms.destinations import (
    CHARTER,
    DOUBLE_OPTION,
    PLACED,
    PROMOTED,
    RUN_MADE,
    connection_route,
    destination_hex,
    destination_stops,
    double_stops,
    fewest_stops_path,
    home_stop,
)
from oracle.eighteen.model.actions import Dividend, Pass, PlaceToken, RunRoutes
from oracle.eighteen.model.market import DividendRule
from oracle.eighteen.model.state import Company, State, Token, Turn
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.routes.revenue import StopRef
from oracle.eighteen.routes.route import Route, StopTable, check_route, check_routes, parse_node
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext

CONNECTION_STEPS = ("connection_token", "connection_route", "connection_dividend")
#: DS-16: a full dividend moves the price (right, as a normal full dividend does),
#: withholding leaves it; there is no half dividend
CONNECTION_DIVIDEND = DividendRule(kinds=("payout", "withhold"), payout="right", withhold="",
                                   half="", zero="")
#: which ruling a refusal of the home -> destination route cites, by code
ROUTE_RULINGS = {"route/too_long": "DS-06", "route/no_such_train": "DS-01"}


def refuse(code: str, reason: str, ruling: str = "") -> IllegalAction:
    return IllegalAction(code, ruling, reason)


class ConnectionRuns(Mechanism):
    """1870's connection runs between company turns, read from the title's data and
    the position: three steps after the base turn (the title's ``operating_steps`` end
    with them), and the queue of runs when a turn ends (``flow.end_turn``)."""

    name = "connection_runs"

    def __init__(self, dividend: DividendRule = CONNECTION_DIVIDEND) -> None:
        #: DS-16: what the connection run's dividend may be and how the price moves
        self.dividend_record = dividend

    def steps(self) -> dict[str, tuple[Handler, ...]]:
        return {
            "connection_token": (DESTINATION_TOKEN, TRAINS_WAIT, KEEP_TOKEN),
            "connection_route": (CONNECTION_RUN, NO_RUN),
            "connection_dividend": (RUN_DIVIDEND, CHOOSE_DIVIDEND),
        }

    def applies(self, title: TitleData) -> bool:
        """Titles whose turn declares the connection steps (1870)."""
        return "connection_token" in title.operating_steps

    # -- tables and revenue ------------------------------------------------------
    def doubles(self, rules: TurnContext, state: State, company_id: str) -> frozenset[StopRef]:
        """Stops that count twice on the company's routes (DS-17)."""
        return double_stops(rules.title(state), state, company_id)

    def table(self, rules: TurnContext, state: State, company_id: str,
              doubles: frozenset[StopRef] | None = None) -> StopTable:
        from oracle.eighteen.queries import route_table
        chosen = self.doubles(rules, state, company_id) if doubles is None else doubles
        return route_table(rules.title(state), state, company_id, chosen)

    def doubles_fn(self, rules: TurnContext, state: State) -> Callable[[str], frozenset[StopRef]]:
        return lambda company_id: self.doubles(rules, state, company_id)

    # -- eligibility (DS-01, DS-02, DS-03, DS-06, DS-09) ----------------------------
    def run_for(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        """The home -> destination route that makes the company eligible, or None."""
        company = state.company(company_id)
        if company is None or company.destination in RUN_MADE:
            return None  # DS-09: one run a game
        return self.connecting(rules, state, company_id)

    def connecting(self, rules: TurnContext, state: State, company_id: str) -> Route | None:
        """A route home -> destination for a train the company owns now (DS-01)."""
        company = state.company(company_id)
        if company is None or not company.trains:
            return None
        title = rules.title(state)
        table = self.table(rules, state, company_id)
        if destination_connection.by_track(state.options):  # the option's track reading
            return self.joined(title, state, table, company.trains)
        return connection_route(title, state, table, company.trains)

    def joined(self, title: TitleData, state: State, table: StopTable,
               trains: tuple[str, ...]) -> Route | None:
        """``destination_connection=track``: the home -> destination path on track
        the company may use, run by a train that can if one can, else by its first."""
        made = connection_route(title, state, table, trains)
        home = home_stop(title, state, table.company)
        ends = destination_stops(title, state, table.company)
        path = fewest_stops_path(table, home, ends) if home is not None and ends else None
        if made is not None or path is None:
            return made
        return Route(sorted(set(trains))[0], path)

    def eligible(self, rules: TurnContext, state: State, company_id: str) -> bool:
        return self.run_for(rules, state, company_id) is not None

    def candidates(self, rules: TurnContext, state: State, finished: str | None) -> list[str]:
        """Whose connections are looked for when ``finished``'s turn ends (all)."""
        return [c.id for c in state.companies]

    def by_price(self, state: State, ids: list[str]) -> list[str]:
        """Share-price order (the operating-order rule, on today's prices)."""
        from oracle.eighteen.operating import operating_order
        known = [c for c in state.operating_order if c in ids]
        ranked = operating_order(replace(state, operating_order=tuple(
            known + [c for c in ids if c not in known])))
        return [c for c in ranked if c in ids]

    def queue(self, rules: TurnContext, state: State, finished: str | None) -> list[str]:
        """DS-08: the company that just finished first, if eligible; then the other
        eligible companies in share-price order."""
        found = [c for c in self.candidates(rules, state, finished)
                 if self.eligible(rules, state, c)]
        ordered = self.by_price(state, found)
        if finished in ordered:
            ordered.remove(finished)
            ordered.insert(0, finished)
        return ordered

    # -- between turns (DS-04, DS-05, DS-07) ----------------------------------------
    def after_turn(self, rules: TurnContext, state: State, finished: str | None) -> State:
        """Where play goes when a turn (or a connection run) ends."""
        waiting = self.queue(rules, state, finished)
        if waiting:
            return replace(state, turn=Turn(waiting[0], "connection_token", after=finished))
        return self.resume(rules, state, finished)

    def resume(self, rules: TurnContext, state: State, finished: str | None) -> State:
        """The next company operates; after runs that opened the round, its first."""
        if finished is None:
            order = state.operating_order
            if not order:
                return replace(state, turn=Turn(None, "done"))
            return replace(state, turn=Turn(order[0], rules.first_step(state, order[0])))
        return rules.next_company(state, finished)

    # -- the destination token (DS-10..DS-14) ----------------------------------------
    def place(self, rules: TurnContext, state: State, company: Company,
              action: PlaceToken) -> State:
        title = rules.title(state)
        where = destination_hex(title, company.id)
        if action.private:
            raise refuse("step/wrong_step", "no private power in a connection run")
        if action.hex != where:
            raise refuse("connection/not_destination",
                         f"{company.id}'s destination token goes on {where}", "DS-11")
        tile, _ = hex_content(title.map, state, where)
        if action.city >= len(tile.stops):
            raise refuse("token/no_such_city", f"{where} has no stop {action.city}", "DS-12")
        if any(t.company == company.id and t.hex == where for t in state.tokens):
            return self.promote(rules, state, company)
        return self.put(rules, state, company, Token(where, action.city, company.id))

    def put(self, rules: TurnContext, state: State, company: Company, token: Token) -> State:
        """DS-12: whatever the free slots, reserved home slots included; the token is
        new (DS-11), so none of the charter's is used."""
        state = state.with_company(replace(company, destination=PLACED))
        return self.to_route(replace(state, tokens=(*state.tokens, token)).canonical())

    def promote(self, rules: TurnContext, state: State, company: Company) -> State:
        """DS-13: the token already there becomes the destination token, the new one
        a $100 token on the charter."""
        company = replace(company, destination=PROMOTED, tokens_left=company.tokens_left + 1)
        return self.to_route(state.with_company(company))

    def keep(self, rules: TurnContext, state: State, company: Company) -> State:
        """DS-11: ``pass`` keeps the destination token as a $100 token."""
        company = replace(company, destination=CHARTER, tokens_left=company.tokens_left + 1)
        return self.to_route(state.with_company(company))

    def to_route(self, state: State) -> State:
        return replace(state, turn=replace(state.turn, step="connection_route"))

    def run_before_token(self, rules: TurnContext, state: State, company: Company,
                         action: RunRoutes) -> State:
        raise refuse("connection/token_first",
                     "the destination token is decided before the trains run", "DS-10")

    # -- the run (DS-15, DS-06, DS-17) -------------------------------------------------
    def run_table(self, rules: TurnContext, state: State, company_id: str) -> StopTable:
        """The run's own revenue table: the destination doubles already in this run
        unless the option says otherwise (DS-17, ``destination_double_in_connection_run``)."""
        if dict(state.options).get(DOUBLE_OPTION, "yes") == "no":
            return self.table(rules, state, company_id, frozenset())
        return self.table(rules, state, company_id)

    def is_connection(self, rules: TurnContext, state: State, company_id: str,
                      route: Route) -> bool:
        stops = route.stops()
        home = home_stop(rules.title(state), state, company_id)
        ends = set(destination_stops(rules.title(state), state, company_id))
        if home is None or len(stops) < 2:
            return False
        first, last = stops[0], stops[-1]
        return (first == home and last in ends) or (last == home and first in ends)

    def run(self, rules: TurnContext, state: State, company: Company, action: RunRoutes) -> State:
        """DS-15: one train runs home -> destination, long enough for every stop
        (DS-06); the others run any legal routes."""
        title = rules.title(state)
        routes = [Route(train, tuple(parse_node(title.map, n) for n in path))
                  for train, path in action.routes]
        table = self.run_table(rules, state, company.id)
        main = next((r for r in routes if self.is_connection(rules, state, company.id, r)), None)
        if main is None and self.none_can_run(rules, state, company):
            # destination_connection=track, no train reaches: the trains run as usual
            revenue = sum(check_routes(table, routes, company.trains))
            return replace(state, turn=replace(state.turn, step="connection_dividend",
                                               revenue=revenue))
        if main is None:
            raise refuse("connection/no_destination_run",
                         "one train must run from the home city to the destination", "DS-15")
        if main.train not in company.trains:
            raise refuse("route/no_such_train", f"{company.id} owns no {main.train} train",
                         "DS-01")
        try:
            check_route(table, main)
        except IllegalAction as err:
            raise refuse(err.code, err.reason, ROUTE_RULINGS.get(err.code, "DS-15")) from None
        revenue = sum(check_routes(table, routes, company.trains))
        return replace(state, turn=replace(state.turn, step="connection_dividend",
                                           revenue=revenue))

    def none_can_run(self, rules: TurnContext, state: State, company: Company) -> bool:
        """Under ``destination_connection=track``, no train of the company can run home
        -> destination (eligible by track alone)."""
        if not destination_connection.by_track(state.options):
            return False
        table = self.table(rules, state, company.id)
        return connection_route(rules.title(state), state, table, company.trains) is None

    def no_run(self, rules: TurnContext, state: State, company: Company) -> State:
        raise refuse("connection/must_run", "the connection run runs a train home -> "
                     "destination", "DS-15")

    # -- the dividend (DS-16) ---------------------------------------------------------
    def dividend_rule(self) -> DividendRule:
        return self.dividend_record

    def dividend(self, rules: TurnContext, state: State, company: Company,
                 action: Dividend) -> State:
        from oracle.eighteen.operating import pay_dividend
        rule = self.dividend_rule()
        moved = connection_withhold.withhold_move(state.options)  # the option's reading
        if moved:
            rule = replace(rule, withhold=moved)
        if action.kind not in rule.kinds:
            raise refuse("dividend/not_allowed",
                         f"a connection run pays no {action.kind} dividend", "DS-16")
        after = state.turn.after
        state = pay_dividend(rules, state, company, action, rule)
        return self.after_turn(rules, state, after)


# -- the steps the connection runs add to the turn (DS-07, DS-10, DS-15, DS-16) --------
def _choose(rules: RulesContext, state: State, company: Company, action: Any) -> State:
    raise refuse("dividend/choose", "the dividend step needs a choice", "DS-16")


#: DS-10..DS-13: the destination token on the destination (``place_token``)
DESTINATION_TOKEN = Handler(PlaceToken, lambda r, s, c, a: r.connections.place(r, s, c, a))
#: DS-10: trains do not run before the destination token is decided
TRAINS_WAIT = Handler(RunRoutes, lambda r, s, c, a: r.connections.run_before_token(r, s, c, a))
#: DS-10: passing keeps the tokens as they are
KEEP_TOKEN = Handler(Pass, lambda r, s, c, a: r.connections.keep(r, s, c))
#: DS-15, DS-06: one train home -> destination
CONNECTION_RUN = Handler(RunRoutes, lambda r, s, c, a: r.connections.run(r, s, c, a))
#: passing the run: no connection run this time
NO_RUN = Handler(Pass, lambda r, s, c, a: r.connections.no_run(r, s, c))
#: DS-16: full dividend or withhold, never half
RUN_DIVIDEND = Handler(Dividend, lambda r, s, c, a: r.connections.dividend(r, s, c, a))
#: DS-16: the dividend step needs a choice; it is not passed
CHOOSE_DIVIDEND = Handler(Pass, _choose)


CONNECTION_RUNS = ConnectionRuns()
