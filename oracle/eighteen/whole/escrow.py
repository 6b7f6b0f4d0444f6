"""An escrow company reaching its destination (1856; ``escrow_release``): after every
tile lay, each escrow company whose home is joined by track to its destination hex
(any company's track, no station token needed, as 18xx.games's 1856 checks it) is
paid the money the bank held for it in escrow, and its later shares are paid to it
as they are sold (``capital.release_escrow``). A company not yet parred whose home is
so joined while companies are parred as escrow companies has reached it too: its par
makes it incremental (18xx.games; hotseat004's CPR, joined by CV's tile at action 46
before P1 pars it at 51).

The destinations are the charters' (the title data's ``destination``); under the
option ``alternate_destinations`` (``yes``: the 18xx.games optional rule of that
name) the title's alternate table, whose start may be another hex than the home.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.finance import ESCROW, Finance
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec
from oracle.eighteen.routes.graph import Node, TrackGraph, hex_content
from oracle.eighteen.turn.protocol import Mechanism, RulesContext
from oracle.eighteen.whole.capital import release_escrow

OPTION = "alternate_destinations"
DEFAULT = spec(OPTION).default


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles with an alternate destination table."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and (
            title.whole is None or not title.whole.alternate_destinations):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no alternate destinations")


def destination(title: TitleData, state: State, company_id: str) -> tuple[str, tuple[str, ...]]:
    """(start hex, goal hexes) of the company's destination ("" when it has none)."""
    cdef = title.company(company_id)
    home = cdef.home if cdef is not None else ""
    alternate = title.whole.alternate_destinations if title.whole is not None else {}
    if str(dict(state.options).get(OPTION, DEFAULT)) == "yes" and company_id in alternate:
        start, goals = alternate[company_id]
        return start or home, goals
    goal = cdef.destination if cdef is not None else ""
    return home, (goal,) if goal else ()


def connected(title: TitleData, state: State, start: str, goals: tuple[str, ...],
              graph: TrackGraph | None = None) -> bool:
    """Whether track joins a stop of ``start`` to a path in one of ``goals``."""
    if not goals or start not in title.map.hexes:
        return False
    graph = graph or TrackGraph(title.map, state)
    tile, _ = hex_content(title.map, state, start)
    seen: set[Node] = {("stop", start, i) for i in range(len(tile.stops))}
    frontier = list(seen)
    while frontier:
        node = frontier.pop()
        for nxt in graph.adjacent.get(node, ()):
            if graph.path_hex.get(frozenset((node, nxt))) in goals:
                return True
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


class EscrowRelease(Mechanism):
    name = "escrow_release"

    def after_lay(self, rules: RulesContext, state: State, hex_id: str, tile: TileDef,
                  special: bool) -> State:
        title = rules.title(state)
        whole = title.whole
        escrow_now = whole is not None and whole.capital_by_phase.get(state.phase) == ESCROW
        waiting = [c for c in state.companies if (
            c.finance is not None and c.finance.capitalisation == ESCROW
            and not c.finance.destinated) or (
            escrow_now and c.par is None and c.id in undestinated(title, state))]
        graph = TrackGraph(title.map, state) if waiting else None  # the track, once
        for company in waiting:
            if connected(title, state, *destination(title, state, company.id), graph=graph):
                state = release_escrow(state, company) if company.par is not None else \
                    state.with_company(replace(company, finance=Finance(ESCROW,
                                                                        destinated=True)))
        return state


def undestinated(title: TitleData, state: State) -> set[str]:
    """The companies with a destination that have not reached it: an unparred one
    reaching it in an escrow phase is marked so, and its par makes it incremental
    (``capital.at_par``; 18xx.games checks every company whose capitalisation would be
    escrow, parred or not)."""
    return {c.id for c in state.companies
            if (c.finance is None or not c.finance.destinated)
            and destination(title, state, c.id)[1]}


ESCROW_RELEASE = EscrowRelease()
