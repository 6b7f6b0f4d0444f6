"""1825's single-track tiles variant (seed 002, rulings ST-01..ST-13), under the option
``single_track``. Data: ``data/1825_single_track.json`` (tiles 71-79 and halt tile 11
with their counts and track kinds, the T and U trains, the extra minors). This module
holds the mechanisms; ``Rules``, the API and the route context call it at a few
named points, and every function is a no-op when the option is off.

Readings taken where the variant text is silent are in docs/18xx-single-track.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.core.schema import validate
from oracle.eighteen.load.loader import DATA, read_json
from oracle.eighteen.model.coords import neighbour
from oracle.eighteen.model.records import CompanyDef
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.tiles import Stop, TileDef, make_tile, upgrade_problem
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Node, TrackGraph, end_node, hex_content
from oracle.eighteen.routes.revenue import FREE as FREE_KIND
from oracle.eighteen.routes.revenue import RevenueHooks, StopRef, VisitedStop
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.protocol import Mechanism

if TYPE_CHECKING:
    from oracle.eighteen.model.records import TrainType
    from oracle.eighteen.routes.route import RouteContext

OPTION: Final = "single_track"
U_ON_SINGLE: Final = "u_trains_on_single_track"  # ST-04
U_AT_HALTS: Final = "u_trains_at_halts"  # ST-11
SCHEMA: Final = "single_track.schema.json"
#: a stop that pays its value and uses none of the train's stops (ST-05, ST-11)
FREE: Final = FREE_KIND

Segment = frozenset[Node]


@dataclass(frozen=True)
class Variant:
    """What the option adds to its title (the data file, loaded)."""

    title: str
    supply: Mapping[str, int]
    tiles: Mapping[str, TileDef]
    t_trains: frozenset[str]
    u_trains: frozenset[str]
    halt_from_station: frozenset[str]
    companies: tuple[CompanyDef, ...]
    trains: Mapping[str, tuple[str, ...]]  # company -> the trains it starts with (ST-13)


@cache
def variant() -> Variant:
    data = read_json("1825_single_track.json")
    validate(data, DATA, SCHEMA, what="single_track")
    tiles = {t["id"]: make_tile(t["id"], t["colour"], t.get("stops", ""), t.get("track", ""),
                                t.get("label", ""), track_kind=t["track_kind"])
             for t in data["own_tiles"]}
    unknown = sorted(t for t in data["tiles"] if t not in tiles)
    if unknown:
        raise ValueError(f"single_track: manifest tiles without a definition: {unknown}")
    companies = tuple(CompanyDef(c["id"], c["name"], c["home"], c["city"], tuple(c["tokens"]))
                      for c in data["companies"])
    return Variant(data["title"], dict(data["tiles"]), tiles, frozenset(data["t_trains"]),
                   frozenset(data["u_trains"]), frozenset(data["halt_upgrades_from_station"]),
                   companies, {c["id"]: tuple(c["trains"]) for c in data["companies"]})


def _option(options: Any, name: str) -> str:
    pairs = options.items() if isinstance(options, Mapping) else options
    for key, value in pairs:
        if key == name:
            return str(value)
    return "no"


def on(state: State) -> bool:
    return state.title == variant().title and _option(state.options, OPTION) == "yes"


def check_options(title_id: str, options: Mapping[str, Any], field: str = "options") -> None:
    """The variant is 1825's; its sub-options need it on (MalformedInput otherwise)."""
    if _option(options, OPTION) == "yes" and title_id != variant().title:
        raise MalformedInput(f"{field}.{OPTION}", f"the single-track variant is "
                             f"{variant().title}'s, not {title_id}'s")
    for sub in (U_ON_SINGLE, U_AT_HALTS):
        if _option(options, sub) == "yes" and _option(options, OPTION) != "yes":
            raise MalformedInput(f"{field}.{sub}", f"needs {OPTION} 'yes'")


def refuse(code: str, reason: str, ruling: str) -> IllegalAction:
    return IllegalAction(code, ruling, reason)


@dataclass(frozen=True, slots=True)
class SingleTrackHooks(RevenueHooks):
    """ST-05/ST-06: towns on single-track tiles pay and use no stop (both of tile 71's
    too); ST-11: halts pay the trains in ``halt_trains`` and use no stop. Both are
    ``free`` stops for the revenue rule."""

    free_stops: frozenset[StopRef] = frozenset()

    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        if stop.ref in self.free_stops:
            return VisitedStop(stop.ref, FREE, stop.value, stop.tokened)
        if stop.kind == "halt" and train.name in self.halt_trains:
            return VisitedStop(stop.ref, FREE, stop.value, stop.tokened)
        return RevenueHooks.visible(self, train, stop)


class SingleTrack(Mechanism):
    """The variant as the mechanism 1825 lists (``single_track``): the lay hooks
    (``check_lay``, ``after_lay``) and what the turn, the API and the route context
    ask of it by name (``Rules.single_track``, the entry of the rules object's table
    of mechanisms, which a changed one replaces). Every method is a no-op when the
    option is off."""

    name = "single_track"

    def __init__(self) -> None:
        self._titles: dict[int, tuple[TitleData, TitleData]] = {}
        #: the last (title, options, answer): a position's rules ask for its title a few
        #: times an action, with the very same options tuple (one entry, by identity)
        self._last: tuple[TitleData, Any, TitleData] | None = None

    def title_for(self, title: TitleData, options: Any) -> TitleData:
        """The title as the options make it: with the variant's tiles, supply and minors
        (ST-13) when ``single_track`` is on; otherwise the title itself."""
        if type(options) is not tuple:  # a mapping may change under the same identity
            return self._title_for(title, options)
        last = self._last
        if last is not None and last[0] is title and last[1] is options:
            return last[2]
        made = self._title_for(title, options)
        self._last = (title, options, made)
        return made

    def _title_for(self, title: TitleData, options: Any) -> TitleData:
        if title.id != variant().title or _option(options, OPTION) != "yes":
            return title
        known = self._titles.get(id(title))
        if known is not None and known[0] is title:
            return known[1]
        v = variant()
        catalogue = {**title.map.catalogue, **v.tiles}
        supply = {**title.supply, **{t: n for t, n in v.supply.items() if n > 0}}
        made = dataclasses.replace(
            title, map=dataclasses.replace(title.map, catalogue=catalogue), supply=supply,
            companies=(*title.companies, *v.companies), route_context=self.route_context)
        self._titles[id(title)] = (title, made)
        return made

    def starting_trains(self, state: State) -> State:
        """ST-13: the extra minors start with their trains (the Cambrian with a 3T)."""
        if not on(state):
            return state
        trains = variant().trains
        return dataclasses.replace(state, companies=tuple(
            dataclasses.replace(c, trains=trains[c.id]) if c.id in trains else c
            for c in state.companies))

    def company_ruling(self, state: State, company_id: str) -> str:
        """A refusal about a variant minor's home cites ST-13."""
        return "ST-13" if on(state) and company_id in variant().trains else ""

    def has_t_train(self, company: Company) -> bool:
        return bool(set(company.trains) & variant().t_trains)

    def single_track_trains(self, state: State) -> frozenset[str]:
        """ST-04: the trains that run on single track (T trains; U trains under the option)."""
        v = variant()
        return v.t_trains | v.u_trains if _option(state.options, U_ON_SINGLE) == "yes" \
            else v.t_trains

    def halt_trains(self, state: State) -> frozenset[str]:
        """ST-11: the trains halts pay (T trains; U trains under the option)."""
        v = variant()
        return v.t_trains | v.u_trains if _option(state.options, U_AT_HALTS) == "yes" \
            else v.t_trains

    def may_trace_single(self, state: State, company: Company) -> bool:
        """ST-08/ST-09: a company traces through single track when one of its trains runs
        there (a T train; a U train too under ST-04's option: docs, reading R3)."""
        return bool(set(company.trains) & self.single_track_trains(state))

    def single_segments(self, board: Any, state: State) -> frozenset[Segment]:
        """Every track segment (one tile path) of a single-track tile on the map."""
        out: set[Segment] = set()
        for laid in state.tiles:
            tile = board.tile(laid.tile)
            if tile is None or tile.track_kind != "single":
                continue
            for path in tile.paths:
                a, b = (end_node(board, laid.hex, e, laid.rotation) for e in sorted(path))
                out.add(frozenset((a, b)))
        return frozenset(out)

    def single_stops(self, board: Any, state: State) -> frozenset[StopRef]:
        """ST-05: the small stations (towns) on single-track tiles."""
        out: set[StopRef] = set()
        for laid in state.tiles:
            tile = board.tile(laid.tile)
            if tile is not None and tile.track_kind == "single":
                out |= {(laid.hex, i) for i, s in enumerate(tile.stops) if s.kind == "town"}
        return frozenset(out)

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        """ST-02: after a yellow single-track tile, a second one in an adjacent hex is
        allowed beyond the turn's tile lay. True when this lay is that second one;
        a refusal under ST-02 when the first lay was single track and this is not its
        pair; False when ST-02 has nothing to say (the base refusal follows)."""
        laid = state.turn.single_track_hexes
        if not on(state) or not laid:
            return False
        if len(laid) > 1 or tile.track_kind != "single" or tile.colour != "yellow":
            raise refuse("tile/no_lays_left", "after a single-track tile, only a second yellow "
                         "single-track tile in an adjacent hex may be laid", "ST-02")
        board = rules.title(state).map
        if hex_id not in {neighbour(laid[0], e, board.layout) for e in range(6)}:
            raise refuse("tile/not_adjacent", f"{hex_id} is not next to {laid[0]}", "ST-02")
        return True

    def check_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        """ST-01, ST-07, ST-08, ST-10: who may lay or upgrade what."""
        if not on(state):
            return
        board = rules.title(state).map
        old, old_rotation = hex_content(board, state, hex_id)
        if tile.track_kind == "single" and not self.has_t_train(company):
            raise refuse("tile/needs_t_train", "only a company owning a 3T or 4T lays single "
                         "track", "ST-01")
        if any(s.kind == "halt" for s in tile.stops) and old.colour == "yellow" and \
                not self.has_t_train(company):
            raise refuse("tile/needs_t_train", "only a company owning a 3T or 4T upgrades a "
                         "yellow tile to a halt", "ST-10")
        if old.colour == "white":
            return  # ST-09: a new tile is laid by the ordinary connection rule
        if old.track_kind == "single":
            self._check_reached(rules, state, company, hex_id, old, old_rotation, tile,
                                rotation, station=False)
        elif old.stops and not self.may_trace_single(state, company):
            self._check_reached(rules, state, company, hex_id, old, old_rotation, tile,
                                rotation, station=True)

    def _check_reached(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                       old: TileDef, old_rotation: int, tile: TileDef, rotation: int,
                       station: bool) -> None:
        """ST-07: some new track of the new tile is reached with one of the company's
        trains (track it may run, from its stations, after the upgrade); ST-08: without a
        train that runs single track, not through a single-track tile. A station tile
        (``station``) is held to the second part only (docs: reading R2)."""
        if not station and not company.trains:
            raise refuse("tile/not_reached", f"{company.id} has no train to reach {hex_id}",
                         "ST-07")
        board = rules.title(state).map
        after = dataclasses.replace(state, tiles=tuple(
            dataclasses.replace(t, tile=tile.id, rotation=rotation) if t.hex == hex_id else t
            for t in state.tiles))
        new_paths = tile.rotated_paths(rotation) - old.rotated_paths(old_rotation)
        targets = {end_node(board, hex_id, end, 0) for path in new_paths for end in path}
        trace_single = self.may_trace_single(state, company)
        if self._reaches(board, after, company.id, targets, trace_single):
            return
        if not trace_single and self._reaches(board, after, company.id, targets, True):
            raise refuse("tile/not_reached", f"{company.id} reaches {hex_id} only through single "
                         "track, and owns no train that runs there", "ST-08")
        if not station:
            raise refuse("tile/not_reached", f"no train of {company.id} reaches new track on "
                         f"{hex_id}", "ST-07")

    def _reaches(self, board: Any, state: State, company: str, targets: set[Node],
                 trace_single: bool) -> bool:
        graph = TrackGraph(board, state)
        barred = frozenset() if trace_single else self.single_segments(board, state)
        starts = {("stop", t.hex, t.city) for t in state.tokens if t.company == company}
        seen: set[Node] = set(starts)
        frontier = list(starts)
        while frontier:
            node = frontier.pop()
            if node in targets:
                return True
            if node[0] == "stop" and node not in starts and \
                    graph.blocked(node[1], node[2], company):
                continue
            for nxt in graph.adjacent.get(node, ()):
                if nxt not in seen and frozenset((node, nxt)) not in barred:
                    seen.add(nxt)
                    frontier.append(nxt)
        return False

    def lay_cost(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                 tile: TileDef, base: int) -> int:
        """ST-03: half the terrain for a single-track tile; the rest when it is upgraded to
        normal track. The half paid is not recorded: a single-track tile is always the
        first tile on its hex, so it always paid half (docs: reading R5)."""
        if not on(state):
            return base
        board = rules.title(state).map
        cost = board.hexes[hex_id].cost
        old, _ = hex_content(board, state, hex_id)
        if state.laid(hex_id) is None and tile.track_kind == "single":
            due = cost // 2
        elif state.laid(hex_id) is not None and old.track_kind == "single" and \
                tile.track_kind != "single":
            due = cost - cost // 2
        else:
            return base
        if due > company.treasury:
            raise refuse("money/insufficient", f"{company.id} has {company.treasury}, needs {due}",
                         "ST-03")
        return due

    def after_lay(self, rules: TurnContext, state: State, hex_id: str, tile: TileDef,
                  special: bool) -> State:
        """ST-02: remember the turn's yellow single-track lays."""
        if not on(state) or special or tile.track_kind != "single" or tile.colour != "yellow":
            return state
        turn = dataclasses.replace(state.turn,
                                   single_track_hexes=(*state.turn.single_track_hexes, hex_id))
        return dataclasses.replace(state, turn=turn)

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        """ST-10 and ST-12: the upgrade to a halt tile (None when ``new`` has no halt).
        A halt goes on plain yellow track, or (ST-12) where the station of a single-track
        tile 73 was; otherwise the base upgrade rule, stops apart."""
        if not any(s.kind == "halt" for s in new.stops):
            return None
        if not old.stops:
            bare = dataclasses.replace(new, stops=tuple(s for s in new.stops if s.kind != "halt"))
            return upgrade_problem(old, old_rotation, bare, rotation, label), "ST-10"
        if old.id in variant().halt_from_station and old.track_kind == "single":
            as_halt = dataclasses.replace(old, stops=tuple(
                Stop("halt", s.revenue, 0) if s.kind == "town" else s for s in old.stops))
            return upgrade_problem(as_halt, old_rotation, new, rotation, label), "ST-12"
        return "tile/stops_mismatch", "ST-12"

    def route_context(self, title: TitleData, state: State, ctx: RouteContext) -> RouteContext:
        """The run's context under the variant: the single-track segments each train may
        not run (ST-04), and the stops that pay without counting (ST-05, ST-06, ST-11)."""
        if not on(state):
            return ctx
        board = title.map
        segments = self.single_segments(board, state)
        allowed = self.single_track_trains(state)
        barred = {name: segments for name in ctx.trains if name not in allowed} if segments else {}
        free = self.single_stops(board, state)
        return dataclasses.replace(ctx, hooks=self.hooks(state, ctx.hooks, free), barred=barred,
                                   barred_ruling="ST-04", loose=free)

    def hooks(self, state: State, base: RevenueHooks, free: frozenset[StopRef]) -> RevenueHooks:
        """The revenue hooks of a run: the title's, plus free stops and paid halts."""
        return SingleTrackHooks(hex_bonus=base.hex_bonus, double_stops=base.double_stops,
                                halt_trains=self.halt_trains(state), free_stops=free)


SINGLE_TRACK = SingleTrack()
