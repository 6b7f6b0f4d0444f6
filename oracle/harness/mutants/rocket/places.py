"""Mutants of stations and of towns and cities (SR-STA-*, SR-TWN-*)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from oracle.core.errors import IllegalAction
from oracle.rocket.actions import Action, Move, PlaceStation
from oracle.rocket.api import RocketAPI
from oracle.rocket.holdings import set_holding
from oracle.rocket.places import CITY, PLACES, RAILWAY, START
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    STATIONS_PER_PLAYER,
    Line,
    State,
)
from oracle.rocket.state import fast_replace as replace

# -- stations -----------------------------------------------------------------------------------


class TrackStationMovable(Rules):
    """A station that track has reached may still be moved (SR-STA-01)."""

    def station_fixed(self, state: State, space: str) -> bool:
        return False


class LocoStationMovable(Rules):
    """A station under a locomotive (but not yet on track) may be moved (SR-STA-01)."""

    def station_fixed(self, state: State, space: str) -> bool:
        return space in state.track_owner


class EightStations(Rules):
    """Each player may have eight stations (SR-STA-02)."""

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        if len(state.holdings[pi].stations) == 7:
            stations = set(sorted(state.holdings[pi].stations)[1:])
            state = set_holding(state, pi, replace(state.holdings[pi],
                                                   stations=frozenset(stations)))
        super().check_place_station(state, pi, action)


# -- towns and cities ---------------------------------------------------------------------------


class PeterboroughIsACity(Rules):
    """Peterborough is taken for a city (SR-TWN-01)."""

    def place_kind(self, state: State, place: str) -> str:
        return CITY if place == "peterborough" else super().place_kind(state, place)


class NoCityScoring(Rules):
    """Reaching a city pays nothing (SR-TWN-02)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        return START if kind == CITY else kind


class CityScoresFirstLineOnly(Rules):
    """A city pays only for the first line that reaches it (SR-TWN-02)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        reached = sum(1 for ln in state.lines if place in ln.connected)
        return START if kind == CITY and reached > 1 else kind


class RailwayTownFirstLineOnly(Rules):
    """A railway town pays only for the first line that reaches it (SR-TWN-03)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        reached = sum(1 for ln in state.lines if place in ln.connected)
        return START if kind == RAILWAY and reached > 1 else kind


class StartingTownScores(Rules):
    """Reaching a starting town is a railway-town scoring event (SR-TWN-04)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        return RAILWAY if kind == START else kind


class PlaceCountsTwice(Rules):
    """Each new link to a place scores it again (SR-TWN-05)."""

    def new_places(self, state: State, ln: Line, space: str) -> frozenset[str]:
        return frozenset(state.board.adjacent_places[space])


class VacatedStartBecomesRailwayTown(Rules):
    """A starting town whose locomotive has left turns into a railway town (SR-TWN-06)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        if kind == START and state.line(place).started:
            return RAILWAY
        return kind


class LegalOffersEighthStation(Rules):
    """Legal actions offer an eighth station, though placing it is refused (SR-STA-02)."""

    def legal_station_actions(self, state: State) -> Iterator[Action]:
        yield from super().legal_station_actions(state)
        h = state.holdings[state.active]
        if len(h.stations) >= STATIONS_PER_PLAYER:
            for s in state.board.open_land_sorted:
                if self.station_refusal(state, s, None) is None:
                    yield PlaceStation(state.players[state.active], s)


class StationsNeverMove(Rules):
    """A placed station stays where it is, even in the open (SR-STA-01)."""

    def station_fixed(self, state: State, space: str) -> bool:
        return True


class StationLimitCountsEveryone(Rules):
    """The seven-station limit counts every player's stations together (SR-STA-02)."""

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        if sum(len(h.stations) for h in state.holdings) >= STATIONS_PER_PLAYER:
            raise IllegalAction("station/none_left", "SR-STA-02", "seven stations are out")
        super().check_place_station(state, pi, action)


class SixStations(Rules):
    """Each player has six stations (SR-STA-02)."""

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        if len(state.holdings[pi].stations) >= STATIONS_PER_PLAYER - 1:
            raise IllegalAction("station/none_left", "SR-STA-02", "six stations are out")
        super().check_place_station(state, pi, action)


class LocomotiveEntersPlaces(Rules):
    """A locomotive may enter a town or city like open land (SR-TWN-01)."""

    def check_move(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Move)
        if action.to in state.board.place_at:
            return
        super().check_move(state, pi, action)


class PlaceKindNotChecked(RocketAPI):
    """A position may give a place another kind than it has (SR-TWN-06)."""

    def validate(self, position: dict[str, Any]) -> None:
        fixed = copy.deepcopy(position)
        for pid, info in fixed.get("board", {}).get("places", {}).items():
            if pid in PLACES and isinstance(info, dict):
                info["kind"] = PLACES[pid].kind
        super().validate(fixed)
