"""The 18xx queries the protocol carries (``query`` with a name and arguments):

* ``routes`` ``{"company": "PRR"}``: the company's best run with the trains it owns:
  ``{"routes": [{"train", "path"}], "revenues": [...], "total": n}``; a search
  that passes its budget (``route_search.DEFAULT_WORK`` steps or
  ``DEFAULT_SECONDS`` of CPU) raises ``SearchTooLarge`` (``route/search_too_large``),
  which the protocol reports as an ``errored`` reply. With ``"connection_run": true``
  (1870): the best connection run, one train from the home city to the destination
  and the others free (DS-15), its first route the connection; the destination
  doubles as in the run itself (DS-17, ``destination_double_in_connection_run``);
  no such route: an empty run, total 0;
* ``revenue`` ``{"company": "PRR", "routes": [...]}``: the given routes checked
  (``{"legal": true, "revenues": [...], "total": n}``) or refused
  (``{"legal": false, "code": ..., "reason": ...}``); with ``"connection_run": true``
  one of them must also run home -> destination (``connection/no_destination_run``,
  DS-15).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.mechanisms import destination_slot
from oracle.eighteen.mechanisms.destinations import (
    DOUBLE_OPTION,
    destination_stops,
    double_stops,
    home_stop,
)
from oracle.eighteen.model.rosters import phase_def, roster
from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes import search as route_search
from oracle.eighteen.routes.revenue import RevenueHooks, StopRef
from oracle.eighteen.routes.route import Route, RouteContext, StopTable, check_routes
from oracle.eighteen.train_events import bonus_counts

JSON = dict[str, Any]
QUERIES = ("routes", "revenue")


def route_table(title: TitleData, state: State, company: str,
                doubles: frozenset[StopRef] | None = None) -> StopTable:
    """The company's view of the track, with the title's trains, phase and bonuses.
    ``doubles``: stops counted twice at a route's end (1870 destinations, DS-17);
    None reads them from the position."""
    if state.company(company) is None:
        raise MalformedInput("company", f"unknown company {company!r}")
    bonus: dict[str, int] = {}
    for b in state.bonus_tokens:  # TP-BONUS-01: the bonus counts on the owner's routes
        # and an open token's ``others`` on every other company's (1870's open port)
        amount = b.value if b.company == company else b.others
        if amount and bonus_counts(title, state, b):
            bonus[b.hex] = bonus.get(b.hex, 0) + amount
    ctx = RouteContext(roster(title), phase_def(title, state.phase),
                       getattr(title, "offboards", None) or {},
                       RevenueHooks(hex_bonus=bonus, double_stops=double_stops(
                           title, state, company) if doubles is None else doubles))
    if title.route_context is not None:  # 1825 single track: ST-04, ST-05, ST-06, ST-11
        ctx = title.route_context(title, state, ctx)
    # DS-12, option destination_token_slot: extra-slot destination tokens block no one
    return StopTable(title.map, state, company, ctx,
                     destination_slot.outside_slots(title, state))


def _connection_arg(title: TitleData, state: State, company: str,
                    args: JSON) -> route_search.Connection | None:
    """The ``connection_run`` argument: absent or false, a free run; true, the run's
    ends (the home stop and the destination's stops), where the title has them."""
    flag = args.get("connection_run", False)
    if not isinstance(flag, bool):
        raise MalformedInput("args.connection_run", "true or false")
    if not flag:
        return None
    home = home_stop(title, state, company)
    ends = destination_stops(title, state, company)
    if home is None or not ends:
        raise MalformedInput("args.connection_run",
                             f"{company} has no home city and destination to connect")
    return home, frozenset(ends)


def owned_trains(title: TitleData, state: State, company: str) -> list[str]:
    found = state.company(company)
    return list(found.trains) if found is not None else []


def query(title: TitleData, state: State, name: str, args: JSON,
          doubles: Callable[[str], frozenset[StopRef]] | None = None) -> JSON:
    company = args.get("company")
    if not isinstance(company, str):
        raise MalformedInput("args.company", "a company ID")
    if state.company(company) is None:
        raise MalformedInput("company", f"unknown company {company!r}")
    connection = _connection_arg(title, state, company, args)
    chosen = doubles(company) if doubles else None
    if connection is not None and dict(state.options).get(DOUBLE_OPTION, "yes") == "no":
        chosen = frozenset()  # the destination doubles only after the run (DS-17 option)
    table = route_table(title, state, company, chosen)
    owned = owned_trains(title, state, company)
    if name == "routes":
        # a budget, so a caller always gets an answer or SearchTooLarge, never a hang
        run = route_search.best_run(table, owned, route_search.DEFAULT_WORK,
                                    seconds=route_search.DEFAULT_SECONDS,
                                    connection=connection)
        return {"routes": [r.to_json() for r in run.routes], "revenues": list(run.revenues),
                "total": run.total}
    if name == "revenue":
        given = args.get("routes")
        if not isinstance(given, list) or not all(
                isinstance(r, dict) and isinstance(r.get("path"), list) for r in given):
            raise MalformedInput("args.routes", "a list of {train, path} routes")
        routes = [Route.from_json(title.map, r) for r in given]
        try:
            revenues = check_routes(table, routes, owned)
            if connection is not None and not any(
                    route_search.connects(r.stops(), *connection) for r in routes):
                raise IllegalAction("connection/no_destination_run", "DS-15",
                                    "one train must run from the home city to the "
                                    "destination")
        except IllegalAction as err:
            return {"legal": False, "code": err.code, "reason": err.reason}
        return {"legal": True, "revenues": revenues, "total": sum(revenues)}
    raise MalformedInput("name", f"unknown query {name!r} (known: {', '.join(QUERIES)})")
