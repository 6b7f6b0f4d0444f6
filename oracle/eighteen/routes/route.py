"""Routes: the record a company's run names, its JSON, and the validator.

A route is the sequence of track-graph nodes a train runs through (see ``graph``):
stops ``E19.s0`` and hex sides ``E19.e4``, from one stop to another. The rules it
must keep (1830 rules on running trains; the same in every title here unless a
title's hooks say more):

* it follows track: each pair of neighbouring nodes is joined by a path of a tile;
* it never visits a node twice (a stop, or a hex side): no loop, and no hex edge
  used twice, which is how tobymao/18xx counts a route's track;
* it crosses every hex side it passes: it arrives on a path of one hex and leaves
  on a path of the other. A side is one node here, shared by the paths of both
  hexes that end at it, so without this rule a route could arrive on one path of a
  junction tile (24, 25, ... 29, or a city with several exits) and leave on
  another path of the same tile at that edge: a train reversing at a junction,
  which no 18xx rule allows (1830 rules, "a train may not reverse"; tobymao walks
  a route from a path into the neighbouring hex's path at the opposite edge);
* it has at least two stops its train counts, and the train may run that many;
* it contains a city holding one of the company's station tokens;
* it passes through no city whose every slot holds another company's token, and
  through no off-board area: those may only be its ends;
* the routes of one company share no track segment. A segment is one path of one
  tile, as tobymao counts track per hex path; two routes may therefore meet at a
  stop or cross a hex side on different paths.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.records import OffboardValue, PhaseDef, TrainType
from oracle.eighteen.model.state import State, Token
from oracle.eighteen.routes.graph import Node, TrackGraph, hex_content, side_node
from oracle.eighteen.routes.revenue import (
    NO_HOOKS,
    RevenueHooks,
    VisitedStop,
    counted_stops,
    route_revenue,
    stop_value,
)

JSON = dict[str, Any]
_NODE = re.compile(r"^([A-Z][0-9]{1,2})\.([se])([0-9])$")


def node_name(node: Node) -> str:
    kind, hex_id, index = node
    return f"{hex_id}.{'s' if kind == 'stop' else 'e'}{index}"


def parse_node(board: MapDef, text: str) -> Node:
    """``'E19.s0'`` (stop 0) or ``'E19.e4'`` (side 4; either hex's name of a side)."""
    m = _NODE.match(text)
    if not m or m.group(1) not in board.hexes:
        raise MalformedInput("routes", f"{text!r} is not a node like 'E19.s0' or 'E19.e4'")
    hex_id, kind, index = m.group(1), m.group(2), int(m.group(3))
    if kind == "e":
        if index > 5:
            raise MalformedInput("routes", f"{text!r}: a hex has edges 0..5")
        return side_node(board, hex_id, index)
    return ("stop", hex_id, index)


@dataclass(frozen=True, slots=True)
class Route:
    """One train's run: the train's name and the nodes it runs through, in order."""

    train: str
    nodes: tuple[Node, ...]

    def to_json(self) -> JSON:
        return {"train": self.train, "path": [node_name(n) for n in self.nodes]}

    @staticmethod
    def from_json(board: MapDef, data: JSON) -> Route:
        return Route(str(data["train"]), tuple(parse_node(board, t) for t in data["path"]))

    def stops(self) -> tuple[tuple[str, int], ...]:
        return tuple((h, i) for k, h, i in self.nodes if k == "stop")

    def segments(self) -> frozenset[frozenset[Node]]:
        return frozenset(frozenset(p) for p in itertools.pairwise(self.nodes))


@dataclass(frozen=True)
class RouteContext:
    """Everything route legality and revenue read besides the track: the company's
    trains by name, the phase in force, off-board values by hex, the title's hooks."""

    trains: Mapping[str, TrainType]
    phase: PhaseDef | None = None
    offboards: Mapping[str, OffboardValue] = field(default_factory=dict)
    hooks: RevenueHooks = NO_HOOKS
    #: train name -> track segments it may not run (1825 single track, ST-04), and
    #: the ruling a route over them is refused under
    barred: Mapping[str, frozenset[frozenset[Node]]] = field(default_factory=dict)
    barred_ruling: str = ""
    #: stops some train passes without using one of its stops (ST-05): the route
    #: search does not count them when it prunes paths too long for every train
    loose: frozenset[tuple[str, int]] = frozenset()


class StopTable:
    """The stops of one position as one company sees them."""

    def __init__(self, board: MapDef, state: State, company: str, ctx: RouteContext,
                 passable: frozenset[Token] = frozenset()) -> None:
        self.graph = TrackGraph(board, state, passable=passable)
        self.company = company
        self.ctx = ctx
        self.tokened = {(t.hex, t.city) for t in state.tokens if t.company == company}
        self._board = board
        self._state = state
        self._visited: dict[tuple[str, int], VisitedStop] = {}

    def visited(self, hex_id: str, index: int) -> VisitedStop:
        known = self._visited.get((hex_id, index))
        if known is None:
            tile, _ = hex_content(self._board, self._state, hex_id)
            stop = tile.stops[index]
            value = stop_value(stop, self.ctx.phase, self.ctx.offboards.get(hex_id))
            known = VisitedStop((hex_id, index), stop.kind, value,
                                (hex_id, index) in self.tokened)
            self._visited[(hex_id, index)] = known
        return known

    def kind(self, hex_id: str, index: int) -> str:
        return self.visited(hex_id, index).kind

    def length_kind(self, hex_id: str, index: int) -> str:
        """The stop's kind as the search's length pruning counts it ("free" for a
        stop some train passes without using a stop)."""
        return "free" if (hex_id, index) in self.ctx.loose else self.kind(hex_id, index)

    def end_only(self, hex_id: str, index: int) -> str:
        """Why a route may not pass through this stop ("" if it may)."""
        if self.kind(hex_id, index) == "offboard":
            return "route/offboard_through"
        if self.graph.blocked(hex_id, index, self.company):
            return "route/blocked_city"
        return ""


def refuse(code: str, reason: str) -> IllegalAction:
    return IllegalAction(code, "", reason)


def check_route(table: StopTable, route: Route) -> int:
    """The route's revenue, or IllegalAction naming the first rule it breaks."""
    ctx = table.ctx
    train = ctx.trains.get(route.train)
    if train is None:
        raise refuse("route/no_such_train", f"no train {route.train!r}")
    nodes = route.nodes
    if len(nodes) < 2 or nodes[0][0] != "stop" or nodes[-1][0] != "stop":
        raise refuse("route/bad_ends", "a route runs from a stop to a stop")
    if len(set(nodes)) != len(nodes):
        raise refuse("route/repeated_node", "a route visits no stop or hex side twice")
    adjacent = table.graph.adjacent
    for a, b in itertools.pairwise(nodes):
        if b not in adjacent.get(a, ()):
            raise refuse("route/not_connected", f"no track from {node_name(a)} to {node_name(b)}")
    for before, side, after in zip(nodes, nodes[1:], nodes[2:], strict=False):
        if table.graph.turns_back(before, side, after):
            raise refuse("route/reverses", f"the route turns back at hex side "
                         f"{node_name(side)}: it must cross into the other hex")
    barred = ctx.barred.get(train.name)
    if barred and route.segments() & barred:
        raise IllegalAction("route/single_track", ctx.barred_ruling,
                            f"a {train.name} train does not run on single track")
    for _, hex_id, index in (n for n in nodes[1:-1] if n[0] == "stop"):
        why = table.end_only(hex_id, index)
        if why:
            raise refuse(why, f"a route may only end at {hex_id}")
    stops = [table.visited(h, i) for h, i in route.stops()]
    if not any(s.tokened for s in stops):
        raise refuse("route/no_token", f"the route holds no token of {table.company}")
    if counted_stops(train, [ctx.hooks.visible(train, s) for s in stops]) < 2:
        raise refuse("route/too_few_stops", "a route has at least two stops")
    revenue = route_revenue(train, stops, ctx.hooks)
    if revenue is None:
        raise refuse("route/too_long", f"a {train.name} train may not run {len(stops)} stops")
    return revenue


def check_routes(table: StopTable, routes: Sequence[Route],
                 owned: Sequence[str]) -> list[int]:
    """Each route's revenue, after the checks across routes: each train runs once,
    and no two routes share a track segment."""
    left = list(owned)
    used: set[frozenset[Node]] = set()
    revenues = []
    for route in routes:
        if route.train not in left:
            raise refuse("route/no_such_train", f"the company has no (other) {route.train} train")
        left.remove(route.train)
        revenues.append(check_route(table, route))
        segments = route.segments()
        if segments & used:
            raise refuse("route/reused_track", "two routes of a company share no track")
        used |= segments
    trains = [(table.ctx.trains[r.train], [table.visited(h, i) for h, i in r.stops()])
              for r in routes]
    if not table.ctx.hooks.combination_ok(trains):
        raise refuse("route/combination", "the title forbids this set of routes")
    return revenues
