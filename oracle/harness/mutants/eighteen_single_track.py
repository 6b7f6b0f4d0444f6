"""18xx mutants for 1825's single-track tiles variant (seed 002, ST-01..ST-13): laying
and upgrading here; running, stations, halts and minors in
``eighteen_single_track_runs.py``, built by the helpers here.

Each is the oracle with one variant rule wrong: the ``single_track`` mechanism replaced
by name (``Rules(mechanisms=...)``, ``turn/registry.py``) with one whose one method (or
revenue hook) is changed, or, for the minors' homes, the home step's handler swapped
(``Rules(handlers=...)``); each is a bug a real engine could have, and names the
rulings whose scenarios must kill it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.mechanisms.single_track import SingleTrack, on, variant
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.context import TurnContext
from oracle.harness.mutants import Mutant

GAME = "18xx"


def _with(variant_rules: SingleTrack) -> Callable[[], EighteenAPI]:
    """The oracle with 1825's single-track mechanism replaced."""
    return lambda: EighteenAPI(Rules(mechanisms={variant_rules.name: variant_rules}))


# -- laying ---------------------------------------------------------------------------------

class _NoVariantTiles(SingleTrack):
    """The DB5 tiles never reach the supply."""

    def title_for(self, title: TitleData, options: Any) -> TitleData:
        made = super().title_for(title, options)
        if made is title:
            return made
        return dataclasses.replace(made, supply=title.supply)


class _AnyoneLaysSingle(SingleTrack):
    """ST-01 forgotten: any company lays single track."""

    def has_t_train(self, company: Company) -> bool:
        return True


class _UIsAT(SingleTrack):
    """U trains taken for T trains (both run on towns in 1825)."""

    def has_t_train(self, company: Company) -> bool:
        return bool(set(company.trains) & (variant().t_trains | variant().u_trains))


class _Only3T(SingleTrack):
    """The 4T forgotten among the T trains."""

    def has_t_train(self, company: Company) -> bool:
        return "3T" in company.trains


class _NoSecondLay(SingleTrack):
    """ST-02 forgotten: one tile lay a turn, single track or not."""

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        return False


class _SecondLayAnywhere(SingleTrack):
    """ST-02 without its adjacency."""

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        if len(state.turn.single_track_hexes) == 1 and tile.track_kind == "single" and \
                tile.colour == "yellow":
            return True
        return super().second_lay(rules, state, company, hex_id, tile)


class _SecondLayAnyTile(SingleTrack):
    """ST-02 read as 'a second tile of any kind after a single-track tile'."""

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        laid = state.turn.single_track_hexes
        return len(laid) == 1


class _SingleLaysUnlimited(SingleTrack):
    """ST-02 without its limit of two."""

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        laid = state.turn.single_track_hexes
        if len(laid) > 1:
            state = dataclasses.replace(state, turn=dataclasses.replace(
                state.turn, single_track_hexes=laid[-1:]))
        return super().second_lay(rules, state, company, hex_id, tile)


class _SecondAfterNormal(SingleTrack):
    """ST-02 read as 'a single-track tile may always be the second lay'."""

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool:
        if not state.turn.single_track_hexes:
            return tile.track_kind == "single" and state.turn.tile_lays == 1
        return super().second_lay(rules, state, company, hex_id, tile)


class _FullTerrain(SingleTrack):
    """ST-03 forgotten: single track pays the full terrain (and nothing on upgrade)."""

    def lay_cost(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                 tile: TileDef, base: int) -> int:
        return base


class _NoRestOnUpgrade(SingleTrack):
    """ST-03 half done: half on laying, nothing more on upgrading."""

    def lay_cost(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                 tile: TileDef, base: int) -> int:
        if state.laid(hex_id) is not None:
            return base
        return super().lay_cost(rules, state, company, hex_id, tile, base)


class _HalfForAll(SingleTrack):
    """ST-03 applied to every tile of the variant game."""

    def lay_cost(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                 tile: TileDef, base: int) -> int:
        if on(state) and state.laid(hex_id) is None:
            return base // 2
        return super().lay_cost(rules, state, company, hex_id, tile, base)


class _SingleNeverUpgraded(SingleTrack):
    """Single track treated as a dead end: never upgraded."""

    def check_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        laid = state.laid(hex_id)
        old = rules.title(state).map.tile(laid.tile) if laid is not None else None
        if old is not None and old.track_kind == "single":
            from oracle.eighteen.mechanisms.single_track import refuse
            raise refuse("tile/not_reached", "single track is not upgraded", "ST-07")
        super().check_lay(rules, state, company, hex_id, tile, rotation)


# -- upgrading ------------------------------------------------------------------------------

class _TraceThroughSingle(SingleTrack):
    """ST-08 forgotten: every company traces through single track."""

    def may_trace_single(self, state: State, company: Company) -> bool:
        return True


class _TCannotTrace(SingleTrack):
    """ST-08 over-read: nobody traces through single track to an upgrade."""

    def may_trace_single(self, state: State, company: Company) -> bool:
        return False


class _NoTrainReach(SingleTrack):
    """ST-07 forgotten: single track upgraded like any tile."""

    def _check_reached(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                       old: TileDef, old_rotation: int, tile: TileDef, rotation: int,
                       station: bool) -> None:
        return None


class _NoTracingForAnyLay(SingleTrack):
    """ST-09 forgotten: without a T train, no lay traces through single track."""

    def check_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        super().check_lay(rules, state, company, hex_id, tile, rotation)
        if not self.may_trace_single(state, company):
            from oracle.eighteen.routes.graph import hex_content
            old, old_rotation = hex_content(rules.title(state).map, state, hex_id)
            self._check_reached(rules, state, company, hex_id, old, old_rotation, tile,
                                rotation, station=True)


class _HaltAnyCompany(SingleTrack):
    """ST-10 forgotten: any company lays a halt."""

    def check_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        if any(s.kind == "halt" for s in tile.stops):
            company = dataclasses.replace(company, trains=(*company.trains, "3T"))
        super().check_lay(rules, state, company, hex_id, tile, rotation)


class _HaltBaseRule(SingleTrack):
    """Halt tile 11 held to the base upgrade rule (same stops): no halt anywhere."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        return None


class _HaltTrackNotKept(SingleTrack):
    """The halt tile is laid without keeping the old track."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        found = super().halt_upgrade(state, old, old_rotation, new, rotation, label)
        if found is not None and found[0] == "tile/track_not_kept":
            return None, found[1]
        return found


class _HaltOnWhite(SingleTrack):
    """A halt laid on an empty hex."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        found = super().halt_upgrade(state, old, old_rotation, new, rotation, label)
        if found is not None and old.colour == "white":
            return None, found[1]
        return found


class _No73Halt(SingleTrack):
    """ST-12 forgotten: station tiles never become halts."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        found = super().halt_upgrade(state, old, old_rotation, new, rotation, label)
        if found is not None and old.stops:
            return "tile/stops_mismatch", "ST-12"
        return found


class _HaltFromAnyTown(SingleTrack):
    """ST-12 over-read: any town tile becomes a halt where its track allows."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None:
        if old.stops and any(s.kind == "halt" for s in new.stops):
            old = dataclasses.replace(old, id="73", track_kind="single")
        return super().halt_upgrade(state, old, old_rotation, new, rotation, label)


def _m(name: str, rulings: tuple[str, ...], description: str,
       make: Callable[[], Any]) -> Mutant:
    return Mutant(name, GAME, rulings, description, make)


MUTANTS: list[Mutant] = [
    _m("18xx_st_no_variant_tiles", ("ST-01",), "the single-track tiles never reach the supply",
       _with(_NoVariantTiles())),
    _m("18xx_st_anyone_lays_single", ("ST-01",), "any company lays single track",
       _with(_AnyoneLaysSingle())),
    _m("18xx_st_u_is_a_t", ("ST-01", "ST-10"), "U trains count as T trains for laying",
       _with(_UIsAT())),
    _m("18xx_st_only_3t", ("ST-01",), "only a 3T counts as a T train", _with(_Only3T())),
    _m("18xx_st_no_second_lay", ("ST-02",), "no second single-track tile in a turn",
       _with(_NoSecondLay())),
    _m("18xx_st_second_lay_anywhere", ("ST-02",), "the second single-track tile anywhere",
       _with(_SecondLayAnywhere())),
    _m("18xx_st_second_lay_any_tile", ("ST-02",), "any second tile after a single-track one",
       _with(_SecondLayAnyTile())),
    _m("18xx_st_single_lays_unlimited", ("ST-02",), "adjacent single-track tiles without limit",
       _with(_SingleLaysUnlimited())),
    _m("18xx_st_second_after_normal", ("ST-02",), "a single-track tile after a normal lay",
       _with(_SecondAfterNormal())),
    _m("18xx_st_full_terrain", ("ST-03",), "single track pays the full terrain cost",
       _with(_FullTerrain())),
    _m("18xx_st_no_rest_on_upgrade", ("ST-03",), "upgrading single track pays no rest",
       _with(_NoRestOnUpgrade())),
    _m("18xx_st_half_for_all", ("ST-03",), "every tile pays half the terrain in the variant",
       _with(_HalfForAll())),
    _m("18xx_st_single_never_upgraded", ("ST-03", "ST-07", "ST-08", "ST-12"),
       "single-track tiles are never upgraded", _with(_SingleNeverUpgraded())),
    _m("18xx_st_trace_through_single", ("ST-08",),
       "a company without a T train traces through single track to its upgrade",
       _with(_TraceThroughSingle())),
    _m("18xx_st_t_cannot_trace", ("ST-08",), "no company traces through single track to an "
       "upgrade", _with(_TCannotTrace())),
    _m("18xx_st_no_train_reach", ("ST-07",), "single track upgraded without a train's reach",
       _with(_NoTrainReach())),
    _m("18xx_st_no_tracing_for_any_lay", ("ST-09",),
       "without a T train, no lay traces through single track", _with(_NoTracingForAnyLay())),
    _m("18xx_st_halt_any_company", ("ST-10",), "any company upgrades to a halt",
       _with(_HaltAnyCompany())),
    _m("18xx_st_halt_base_rule", ("ST-10", "ST-12"), "halt tile 11 held to the same-stops rule",
       _with(_HaltBaseRule())),
    _m("18xx_st_halt_track_not_kept", ("ST-10", "ST-12"), "the halt tile need not keep track",
       _with(_HaltTrackNotKept())),
    _m("18xx_st_halt_on_white", ("ST-10",), "a halt laid on an empty hex",
       _with(_HaltOnWhite())),
    _m("18xx_st_no_73_halt", ("ST-12",), "tile 73 never becomes a halt", _with(_No73Halt())),
    _m("18xx_st_halt_from_any_town", ("ST-12",), "any town tile becomes a halt",
       _with(_HaltFromAnyTown())),
]
