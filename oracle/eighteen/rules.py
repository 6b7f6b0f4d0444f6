"""The rules object the API calls: legality and effects of each action.

``Rules`` is a thin front: every check and effect is a method here, so a mutant is a
subclass overriding one small method (or the same class given changed title data,
connection rules or single-track rules), but the bodies live in the turn package
(``oracle/eighteen/turn``): the dispatcher (``dispatch.py``), the base steps
(``steps.py``), the tile lays (``lays.py``), the token lays (``tokens.py``), the
privates' checks (``privates.py``) and the turn's order (``flow.py``). Those take
this object as a ``RulesContext`` (``turn/protocol.py``) and call back through it.
Nothing here names a private or a title.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.connection import CONNECTIONS, ConnectionRules
from oracle.eighteen.mechanisms import destination_slot
from oracle.eighteen.model.actions import Action, LayTile, Pass, PlaceToken
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.privates import PrivateDef, TilePower, TokenPower
from oracle.eighteen.model.state import Company, PrivateState, State, Token
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Reach, TrackGraph
from oracle.eighteen.single_track import SingleTrack
from oracle.eighteen.titles import TITLES
from oracle.eighteen.turn import dispatch, flow, lays, privates, tokens
from oracle.eighteen.turn.compose import TurnPlan, compose
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism
from oracle.eighteen.turn.registry import STEP_NAMES, of_title

__all__ = ["STEP_NAMES", "Rules", "refuse"]


@lru_cache(maxsize=512)
def _reach(board: MapDef, state: State, company: str,
           passable: frozenset[Token] = frozenset()) -> Reach:
    return TrackGraph(board, state, passable=passable).reach(company)


class Rules:
    """Legality and effects, reading title data and private records."""

    #: 1825's single-track variant (ST-01..ST-13); a mutant swaps in a changed one
    single_track: SingleTrack = SingleTrack()

    def __init__(self, titles: Mapping[str, TitleData] | None = None,
                 connections: ConnectionRules | None = None) -> None:
        self.titles: Mapping[str, TitleData] = titles if titles is not None else TITLES
        #: 1870's connection runs (oracle/eighteen/connection.py)
        self.connections = connections if connections is not None else CONNECTIONS
        #: (title, options) -> the privates they settle (``private_defs``)
        self._privates: dict[tuple[int, tuple[tuple[str, Any], ...]],
                             tuple[TitleData, dict[str, PrivateDef]]] = {}

    # -- data lookups ----------------------------------------------------------
    def title(self, state: State) -> TitleData:
        """The title as the position's options make it (1825 single track adds tiles
        and minors: ``single_track.title_for``)."""
        return self.single_track.title_for(self.titles[state.title], state.options)

    def private_defs(self, state: State) -> dict[str, PrivateDef]:
        """The privates as the position's options settle them: one title and one set of
        options give the same records, so they are settled once (a legal-actions
        listing asks for them for every candidate). The caller does not change them."""
        title = self.title(state)
        key = (id(title), state.options)
        cached = self._privates.get(key)
        if cached is None or cached[0] is not title:
            cached = (title, title.resolved_privates(dict(state.options)))
            self._privates[key] = cached
        return cached[1]

    def reach(self, state: State, company: str) -> Reach:
        title = self.title(state)  # DS-12 option: extra-slot destination tokens
        return _reach(title.map, state, company, destination_slot.outside_slots(title, state))

    def phase_colours(self, state: State) -> tuple[str, ...]:
        phase = self.title(state).phase(state.phase)
        return phase.colours if phase else ()

    def mechanisms(self, state: State) -> tuple[Mechanism, ...]:
        """The title's mechanisms, in the order their checks run (``turn/registry.py``)."""
        return of_title(self.title(state))

    def plan(self, state: State) -> TurnPlan:
        """The title's turn: the base steps and what its mechanisms add."""
        return compose(self.mechanisms(state))

    # -- the dispatcher (turn/dispatch.py) ----------------------------------------
    def apply(self, state: State, action: Action) -> State:
        """The checked path: refuse with a reason code, or return the new state."""
        return dispatch.apply(self, self.plan(state), state, action)

    def operating_company(self, state: State, company_id: str) -> Company:
        return flow.operating_company(self, state, company_id)

    # -- shared checks -----------------------------------------------------------
    def hex_or_malformed(self, state: State, hex_id: str) -> None:
        if hex_id not in self.title(state).map.hexes:
            raise MalformedInput("hex", f"hex {hex_id!r} is not on the {state.title} map")

    def pay(self, state: State, company: Company, amount: int) -> State:
        if amount > company.treasury:
            raise refuse("money/insufficient",
                         f"{company.id} has {company.treasury}, needs {amount}")
        if amount == 0:
            return state
        state = state.with_company(replace(company, treasury=company.treasury - amount))
        return replace(state, bank=state.bank + amount)

    # -- privates (turn/privates.py) -----------------------------------------------
    def blocked_by(self, state: State, hex_id: str) -> str:
        return privates.blocked_by(self, state, hex_id)

    def may_use(self, state: State, pdef: PrivateDef, company: Company) -> bool:
        return privates.may_use(self, state, pdef, company)

    def cites(self, state: State, private_id: str, aspect: str) -> str:
        return privates.cites(self, state, private_id, aspect)

    def step_allows(self, when: str, step: str) -> bool:
        return privates.step_allows(self, when, step)

    def check_private(self, state: State, company: Company,
                      private_id: str) -> tuple[PrivateDef, PrivateState]:
        return privates.check_private(self, state, company, private_id)

    def power_hex_ok(self, hexes: tuple[str, ...], hex_id: str) -> bool:
        return privates.power_hex_ok(self, hexes, hex_id)

    def token_expired(self, state: State, pdef: PrivateDef, pstate: PrivateState) -> bool:
        return privates.token_expired(self, state, pdef, pstate)

    def tile_is_laid(self, state: State, pdef: PrivateDef, hex_id: str) -> bool:
        return privates.tile_is_laid(self, state, pdef, hex_id)

    def closes_now(self, pdef: PrivateDef, pstate: PrivateState) -> bool:
        return privates.closes_now(self, pdef, pstate)

    def after_tile_laid(self, state: State, hex_id: str, via: str) -> State:
        return privates.after_tile_laid(self, state, hex_id, via)

    # -- tile lays (turn/lays.py) ----------------------------------------------------
    def check_upgrade(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
        lays.check_upgrade(self, state, hex_id, tile, rotation)

    def check_borders(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
        lays.check_borders(self, state, hex_id, tile, rotation)

    def tile_connected(self, state: State, company: str, hex_id: str, tile: TileDef,
                       rotation: int) -> bool:
        return lays.tile_connected(self, state, company, hex_id, tile, rotation)

    def terrain_cost(self, state: State, hex_id: str) -> int:
        return lays.terrain_cost(self, state, hex_id)

    def lay_tile(self, state: State, company: Company, action: LayTile,
                 power: TilePower | None, via: str) -> State:
        return lays.lay_tile(self, state, company, action, power, via)

    def normal_tile(self, state: State, company: Company, action: LayTile) -> State:
        return lays.normal_tile(self, state, company, action)

    def special_tile(self, state: State, company: Company, action: LayTile) -> State:
        return lays.special_tile(self, state, company, action)

    # -- token lays (turn/tokens.py) ----------------------------------------------------
    def check_city(self, state: State, company: Company, hex_id: str, city: int,
                   home: bool = False) -> None:
        tokens.check_city(self, state, company, hex_id, city, home)

    def homes_waiting(self, state: State, company_id: str, hex_id: str,
                      city: int) -> list[str]:
        return tokens.homes_waiting(self, state, company_id, hex_id, city)

    def check_home_reserved(self, state: State, company: Company, hex_id: str) -> None:
        tokens.check_home_reserved(self, state, company, hex_id)

    def token_cost(self, state: State, company: Company) -> int:
        return tokens.token_cost(self, state, company)

    def token_cost_at(self, state: State, company: Company, hex_id: str,
                      city: int = 0) -> int:
        return tokens.token_cost_at(self, state, company, hex_id, city)

    def put_token(self, state: State, company: Company, action: PlaceToken,
                  power: TokenPower | None, via: str = "") -> State:
        return tokens.put_token(self, state, company, action, power, via)

    def normal_token(self, state: State, company: Company, action: PlaceToken) -> State:
        return tokens.normal_token(self, state, company, action)

    def special_token(self, state: State, company: Company, action: PlaceToken) -> State:
        return tokens.special_token(self, state, company, action)

    def put_bonus(self, state: State, company: Company, action: PlaceToken, pdef: PrivateDef,
                  power: TokenPower) -> State:
        return tokens.put_bonus(self, state, company, action, pdef, power)

    def home_token(self, state: State, company: Company, action: PlaceToken) -> State:
        return tokens.home_token(self, state, company, action)

    # -- the turn's order (turn/flow.py) --------------------------------------------
    def first_step(self, state: State, company_id: str) -> str:
        return flow.first_step(self, state, company_id)

    def pass_step(self, state: State, company: Company, action: Pass) -> State:
        return flow.pass_step(self, state, company, action)

    def next_step(self, state: State, step: str) -> str:
        return flow.next_step(self, state, step)

    def end_turn(self, state: State, company: Company) -> State:
        return flow.end_turn(self, state, company)

    def next_company(self, state: State, company_id: str) -> State:
        return flow.next_company(self, state, company_id)
