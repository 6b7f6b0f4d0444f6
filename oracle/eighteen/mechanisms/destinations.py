"""1870 destinations as data, and connection eligibility computed from routes.

Seed 004 (1870 rules section 11). Each company's destination is its charter's
``destination`` hex in ``data/1870.json`` (a city, or a red edge area: Southwest
N1, Chicago A22, Denver A2, Southeast M22). A company is eligible for its one
connection run when a train it owns now can run a legal route from its home
token to its destination, counting every stop (DS-01, DS-06), over track laid by
anyone (DS-02); eligibility is recomputed from the position every time it is
asked, so it comes and goes with tokens and trains (DS-03).

The destination token (DS-11..DS-13) is not a separate record: after the run,
``Company.destination`` says how it ended, and the company's token on its
destination hex is the destination token when that says ``placed`` or
``promoted``. It takes no slot (DS-12).
"""

from __future__ import annotations

import heapq
import itertools

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.state import Company, State, Token
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Node, hex_content
from oracle.eighteen.routes.revenue import StopRef
from oracle.eighteen.routes.route import Route, StopTable, check_route

#: how a connection run ended (``Company.destination``); absent before it (DS-09)
PLACED, PROMOTED, CHARTER = "placed", "promoted", "charter"
RUN_MADE = (PLACED, PROMOTED, CHARTER)
#: the token kept on the charter costs this much (DS-11, DS-13)
EXTRA_TOKEN_PRICE = 100


#: the option deciding whether the destination already doubles in the connection run
#: (DS-17; ``connection`` and the ``routes`` query read it)
DOUBLE_OPTION = "destination_double_in_connection_run"

def destination_hex(title: TitleData, company_id: str) -> str:
    cdef = title.company(company_id)
    return cdef.destination if cdef is not None else ""


def token_on_destination(company: Company) -> bool:
    """The run placed or promoted a destination token (DS-11, DS-13)."""
    return company.destination in (PLACED, PROMOTED)


def destination_token(title: TitleData, state: State, company: Company) -> Token | None:
    """The company's destination token on the map, if it has one."""
    if not token_on_destination(company):
        return None
    where = destination_hex(title, company.id)
    return next((t for t in state.tokens if t.company == company.id and t.hex == where), None)


def destination_tokens(title: TitleData, state: State) -> frozenset[Token]:
    found = (destination_token(title, state, c) for c in state.companies)
    return frozenset(t for t in found if t is not None)


def extra_tokens(company: Company) -> int:
    """Tokens beyond the charter: one once the run is made (DS-11)."""
    return 1 if company.destination in RUN_MADE else 0


def token_price(title: TitleData, state: State, company: Company) -> int:
    """The next station token's price: the charter's tokens in order, then the $100
    token the run added (DS-11; after a promotion too, DS-13). A placed destination
    token came free and is not one of the charter's."""
    cdef = title.company(company.id)
    costs = cdef.token_costs if cdef is not None else (0,)
    used = sum(1 for t in state.tokens if t.company == company.id)
    if company.destination == PLACED:
        used -= 1
    return costs[used] if used < len(costs) else EXTRA_TOKEN_PRICE


def home_stop(title: TitleData, state: State, company_id: str) -> StopRef | None:
    """The stop holding the company's home token (none before it starts)."""
    cdef = title.company(company_id)
    if cdef is None:
        return None
    return next(((t.hex, t.city) for t in state.tokens
                 if t.company == company_id and t.hex == cdef.home), None)


def destination_stops(title: TitleData, state: State, company_id: str) -> tuple[StopRef, ...]:
    where = destination_hex(title, company_id)
    if not where or where not in title.map.hexes:
        return ()
    tile, _ = hex_content(title.map, state, where)
    return tuple((where, i) for i in range(len(tile.stops)))


def double_stops(title: TitleData, state: State, company_id: str) -> frozenset[StopRef]:
    """DS-17: with its destination token on the destination, that stop counts twice
    on every route of the company that starts or ends there."""
    company = state.company(company_id)
    if company is None:
        return frozenset()
    token = destination_token(title, state, company)
    return frozenset({(token.hex, token.city)}) if token is not None else frozenset()


#: a walk's state: the node, and the hex of the path it came in on ("" at a stop)
_Walk = tuple[Node, str]


def fewest_stops_path(table: StopTable, start: StopRef, ends: tuple[StopRef, ...]
                      ) -> tuple[Node, ...] | None:
    """The path from ``start`` to one of ``ends`` that visits the fewest stops,
    passing through no stop a route may only end at, and turning back at no hex
    side (``routes``: a train crosses a side into the other hex). A 0/1 Dijkstra
    over (node, the hex it was entered from); its walk may pass a node twice (a
    side once each way), which is no route: then ``_fewest_simple`` decides."""
    graph = table.graph
    source: Node = ("stop", start[0], start[1])
    targets = {("stop", h, i) for h, i in ends}
    if source in targets:
        return None
    first: _Walk = (source, "")
    best: dict[_Walk, int] = {first: 1}
    came: dict[_Walk, _Walk] = {}
    tie = itertools.count()
    frontier: list[tuple[int, int, _Walk]] = [(1, next(tie), first)]
    while frontier:
        cost, _, state = heapq.heappop(frontier)
        node, entered = state
        if cost > best.get(state, cost):
            continue
        if node in targets:
            path = [state]
            while path[-1] != first:
                path.append(came[path[-1]])
            nodes = tuple(n for n, _ in reversed(path))
            simple = len(set(nodes)) == len(nodes)
            return nodes if simple else _fewest_simple(table, source, targets)
        if node != source and node[0] == "stop" and table.end_only(node[1], node[2]):
            continue
        for nxt in sorted(graph.adjacent.get(node, ())):
            hex_id = graph.path_hex[frozenset((node, nxt))]
            if node[0] == "side" and hex_id == entered:
                continue  # a reversal at the hex side
            step = cost + (1 if nxt[0] == "stop" else 0)
            key = (nxt, hex_id if nxt[0] == "side" else "")
            if step < best.get(key, step + 1):
                best[key] = step
                came[key] = state
                heapq.heappush(frontier, (step, next(tie), key))
    return None


def _fewest_simple(table: StopTable, source: Node, targets: set[Node]) -> tuple[Node, ...] | None:
    """The fewest-stops route by a depth-first walk over simple paths that turn back
    nowhere (rarely needed: only when the quick search's walk passes a node twice)."""
    graph = table.graph
    found: list[tuple[int, tuple[Node, ...]]] = []

    def walk(path: list[Node], stops: int) -> None:
        if found and stops >= found[0][0]:
            return
        here = path[-1]
        if here in targets:
            found[:] = [(stops, tuple(path))]
            return
        if here != source and here[0] == "stop" and table.end_only(here[1], here[2]):
            return
        for nxt in sorted(graph.adjacent.get(here, ())):
            if nxt in path or (len(path) > 1 and graph.turns_back(path[-2], here, nxt)):
                continue
            path.append(nxt)
            walk(path, stops + (nxt[0] == "stop"))
            path.pop()

    walk([source], 1)
    return found[0][1] if found else None


def connection_route(title: TitleData, state: State, table: StopTable,
                     trains: tuple[str, ...]) -> Route | None:
    """A legal route home -> destination for one of ``trains`` (the company's own,
    now: DS-01), long enough for every stop (DS-06), on anyone's track (DS-02)."""
    home = home_stop(title, state, table.company)
    ends = destination_stops(title, state, table.company)
    if home is None or not ends:
        return None
    path = fewest_stops_path(table, home, ends)
    if path is None:
        return None
    for train in sorted(set(trains)):
        route = Route(train, path)
        try:
            check_route(table, route)
        except IllegalAction:  # this train cannot run it
            continue
        return route
    return None
