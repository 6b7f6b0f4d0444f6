"""18xx mutants for 1825's single-track variant: which trains run on single track,
what its stations and halts count and pay, and the minors (ST-04..ST-06, ST-11,
ST-13); built as ``eighteen_single_track.py`` explains, whose helpers they use (the
laying and upgrading mutants are there).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.mechanisms.single_track import FREE, SingleTrack, SingleTrackHooks, variant
from oracle.eighteen.model.actions import PlaceToken
from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.state import Company, State, Token
from oracle.eighteen.routes.revenue import RevenueHooks, StopRef, VisitedStop
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.protocol import Handler, RulesContext
from oracle.eighteen.turn.steps import HOME_TOKEN
from oracle.harness.mutants import Mutant
from oracle.harness.mutants.eighteen_single_track import _m, _with

# -- running --------------------------------------------------------------------------------

class _AnyTrainOnSingle(SingleTrack):
    """ST-04 forgotten: every train runs on single track."""

    def single_track_trains(self, state: State) -> frozenset[str]:
        return frozenset({"2", "3", "4", "5", "6", "7", "3T", "4T", "U3"})


class _NoTrainOnSingle(SingleTrack):
    """Single track barred to every train (the T trains included)."""

    def single_track_trains(self, state: State) -> frozenset[str]:
        return frozenset()


class _UNeverOnSingle(SingleTrack):
    """ST-04's option ignored: U trains never run on single track."""

    def single_track_trains(self, state: State) -> frozenset[str]:
        return variant().t_trains


class _UAlwaysOnSingle(SingleTrack):
    """ST-04's option ignored the other way: U trains always run on single track."""

    def single_track_trains(self, state: State) -> frozenset[str]:
        return variant().t_trains | variant().u_trains


class _YellowAllSingle(SingleTrack):
    """Track kinds misread: every yellow plain-track tile is single track."""

    def single_segments(self, board: Any, state: State) -> frozenset[frozenset[Any]]:
        from oracle.eighteen.routes.graph import end_node
        out = set(super().single_segments(board, state))
        for laid in state.tiles:
            tile = board.tile(laid.tile)
            if tile is not None and tile.colour == "yellow" and not tile.stops:
                out |= {frozenset(end_node(board, laid.hex, e, laid.rotation) for e in path)
                        for path in tile.paths}
        return frozenset(out)


class _StationsCount(SingleTrack):
    """ST-05 forgotten: single-track stations use a stop like any other."""

    def single_stops(self, board: Any, state: State) -> frozenset[StopRef]:
        return frozenset()


@dataclasses.dataclass(frozen=True, slots=True)
class _TownsFreeForTHooks(SingleTrackHooks):
    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        if stop.kind == "town" and train.name in variant().t_trains:
            return VisitedStop(stop.ref, FREE, stop.value, stop.tokened)
        return SingleTrackHooks.visible(self, train, stop)


class _AllTownsFreeForT(SingleTrack):
    """ST-05 over-read: every town, on any track, uses no stop of a T train."""

    def hooks(self, state: State, base: RevenueHooks, free: frozenset[StopRef]) -> RevenueHooks:
        return _TownsFreeForTHooks(hex_bonus=base.hex_bonus, double_stops=base.double_stops,
                                   halt_trains=self.halt_trains(state), free_stops=free)


@dataclasses.dataclass(frozen=True, slots=True)
class _UnpaidHooks(SingleTrackHooks):
    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        seen = SingleTrackHooks.visible(self, train, stop)
        if stop.ref in self.free_stops:
            return VisitedStop(seen.ref, FREE, 0, seen.tokened)
        return seen


class _StationsUnpaid(SingleTrack):
    """ST-05 half read: single-track stations use no stop, and pay nothing."""

    def hooks(self, state: State, base: RevenueHooks, free: frozenset[StopRef]) -> RevenueHooks:
        return _UnpaidHooks(hex_bonus=base.hex_bonus, double_stops=base.double_stops,
                            halt_trains=self.halt_trains(state), free_stops=free)


@dataclasses.dataclass(frozen=True, slots=True)
class _OnePerTileHooks(SingleTrackHooks):
    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        seen = SingleTrackHooks.visible(self, train, stop)
        if stop.ref[1] > 0 and (stop.ref[0], 0) in self.free_stops:
            return VisitedStop(seen.ref, FREE, 0, seen.tokened)  # 1825's one station a tile
        return seen


class _OneStationOf71(SingleTrack):
    """ST-06 forgotten: only one station of tile 71 is paid."""

    def hooks(self, state: State, base: RevenueHooks, free: frozenset[StopRef]) -> RevenueHooks:
        return _OnePerTileHooks(hex_bonus=base.hex_bonus, double_stops=base.double_stops,
                                halt_trains=self.halt_trains(state), free_stops=free)


@dataclasses.dataclass(frozen=True, slots=True)
class _HaltCountsHooks(SingleTrackHooks):
    def visible(self, train: TrainType, stop: VisitedStop) -> VisitedStop:
        if stop.kind == "halt" and train.name in self.halt_trains:
            return VisitedStop(stop.ref, "town", stop.value, stop.tokened)
        return SingleTrackHooks.visible(self, train, stop)


class _HaltsCount(SingleTrack):
    """ST-11 half read: halts pay T trains but use one of their stops."""

    def hooks(self, state: State, base: RevenueHooks, free: frozenset[StopRef]) -> RevenueHooks:
        return _HaltCountsHooks(hex_bonus=base.hex_bonus, double_stops=base.double_stops,
                                halt_trains=self.halt_trains(state), free_stops=free)


class _HaltsPayAll(SingleTrack):
    """ST-11 forgotten: halts pay every train."""

    def halt_trains(self, state: State) -> frozenset[str]:
        return frozenset({"2", "3", "4", "5", "6", "7", "3T", "4T", "U3"})


class _UNeverAtHalts(SingleTrack):
    """ST-11's option ignored: halts never pay U trains."""

    def halt_trains(self, state: State) -> frozenset[str]:
        return variant().t_trains


# -- minors ---------------------------------------------------------------------------------

class _MinorsWithoutTrains(SingleTrack):
    """ST-13 half done: the minors start without their trains."""

    def starting_trains(self, state: State) -> State:
        return state


class _CambrianKeepsU3(SingleTrack):
    """ST-13's last sentence forgotten: the Cambrian keeps its U3."""

    def starting_trains(self, state: State) -> State:
        state = super().starting_trains(state)
        return dataclasses.replace(state, companies=tuple(
            dataclasses.replace(c, trains=("U3",)) if c.id == "CAM" else c
            for c in state.companies))


def _home_anywhere(rules: RulesContext, state: State, company: Company, action: Any) -> State:
    """The minors' homes not checked: a minor starts where it likes."""
    if company.id in variant().trains:
        company = dataclasses.replace(company, tokens_left=company.tokens_left - 1)
        state = state.with_company(company)
        tokens = (*state.tokens, Token(action.hex, action.city, company.id))
        return dataclasses.replace(state, tokens=tokens, turn=dataclasses.replace(
            state.turn, step="track")).canonical()
    return rules.home_token(state, company, action)


#: the home step's token, anywhere for a variant minor
_MINOR_HOME_ANYWHERE = Handler(PlaceToken, _home_anywhere, private=False)


MUTANTS: list[Mutant] = [
    _m("18xx_st_any_train_on_single", ("ST-04",), "every train runs on single track",
       _with(_AnyTrainOnSingle())),
    _m("18xx_st_no_train_on_single", ("ST-04",), "no train runs on single track",
       _with(_NoTrainOnSingle())),
    _m("18xx_st_u_never_on_single", ("ST-04",), "U trains never run on single track",
       _with(_UNeverOnSingle())),
    _m("18xx_st_u_always_on_single", ("ST-04",), "U trains always run on single track",
       _with(_UAlwaysOnSingle())),
    _m("18xx_st_yellow_all_single", ("ST-04",), "every yellow plain tile is single track",
       _with(_YellowAllSingle())),
    _m("18xx_st_stations_count", ("ST-05", "ST-06"), "single-track stations use a stop",
       _with(_StationsCount())),
    _m("18xx_st_all_towns_free_for_t", ("ST-05",), "every town uses no stop of a T train",
       _with(_AllTownsFreeForT())),
    _m("18xx_st_stations_unpaid", ("ST-05", "ST-06"), "single-track stations pay nothing",
       _with(_StationsUnpaid())),
    _m("18xx_st_one_station_of_71", ("ST-06",), "only one station of tile 71 is paid",
       _with(_OneStationOf71())),
    _m("18xx_st_halts_count", ("ST-11",), "halts use one of a T train's stops",
       _with(_HaltsCount())),
    _m("18xx_st_halts_pay_all", ("ST-11",), "halts pay every train", _with(_HaltsPayAll())),
    _m("18xx_st_u_never_at_halts", ("ST-11",), "halts never pay U trains",
       _with(_UNeverAtHalts())),
    _m("18xx_st_minors_without_trains", ("ST-13",), "the extra minors start without trains",
       _with(_MinorsWithoutTrains())),
    _m("18xx_st_cambrian_keeps_u3", ("ST-13",), "the Cambrian keeps its U3",
       _with(_CambrianKeepsU3())),
    _m("18xx_st_minor_home_anywhere", ("ST-13",), "a minor's home token goes anywhere",
       lambda: EighteenAPI(Rules(handlers={HOME_TOKEN: _MINOR_HOME_ANYWHERE}))),
]
