"""The turn's protocols: a step's handlers (``Handler``), the mechanism a title's
rules plug into the turn with (``Mechanism``, every hook a no-op by default), and the
whole rules object as the actions' checks see it (``RulesContext``).

A title lists its mechanisms (``oracle/eighteen/titles``); the dispatcher composes the
title's turn from the base steps and what its mechanisms add (``compose.py``), and a
tile lay asks each of them in the title's order (``lays.py``). Nothing here names a
title.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from oracle.eighteen.model.actions import Action, LayTile, Pass, PlaceToken
from oracle.eighteen.model.privates import PrivateDef, TilePower, TokenPower
from oracle.eighteen.model.state import Company, PrivateState, State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.turn.context import TurnContext


class SingleTrackRules(Protocol):
    """1825's single track as the tile and token lays ask it by name
    (``mechanisms/single_track.py``, ``SingleTrack``; a no-op with the option off)."""

    def halt_upgrade(self, state: State, old: TileDef, old_rotation: int, new: TileDef,
                     rotation: int, label: str) -> tuple[str | None, str] | None: ...

    def second_lay(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                   tile: TileDef) -> bool: ...

    def lay_cost(self, rules: TurnContext, state: State, company: Company, hex_id: str,
                 tile: TileDef, base: int) -> int: ...

    def company_ruling(self, state: State, company_id: str) -> str: ...


class RulesContext(TurnContext, Protocol):
    """Everything the actions' checks and effects call back into: each is a method of
    ``Rules`` a mutant may override, so the checks always go through the object."""

    @property
    def single_track(self) -> SingleTrackRules: ...

    def mechanisms(self, state: State) -> tuple[Mechanism, ...]: ...

    # -- shared checks (rules.py) ----------------------------------------------------
    def phase_colours(self, state: State) -> tuple[str, ...]: ...

    def hex_or_malformed(self, state: State, hex_id: str) -> None: ...

    def check_upgrade(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None: ...

    def check_borders(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None: ...

    def tile_connected(self, state: State, company: str, hex_id: str, tile: TileDef,
                       rotation: int) -> bool: ...

    def terrain_cost(self, state: State, hex_id: str) -> int: ...

    def pay(self, state: State, company: Company, amount: int) -> State: ...

    def operating_company(self, state: State, company_id: str) -> Company: ...

    def apply(self, state: State, action: Action) -> State: ...

    def next_step(self, state: State, step: str) -> str: ...

    # -- privates (privates.py) --------------------------------------------------------
    def blocked_by(self, state: State, hex_id: str) -> str: ...

    def may_use(self, state: State, pdef: PrivateDef, company: Company) -> bool: ...

    def cites(self, state: State, private_id: str, aspect: str) -> str: ...

    def step_allows(self, when: str, step: str) -> bool: ...

    def check_private(self, state: State, company: Company,
                      private_id: str) -> tuple[PrivateDef, PrivateState]: ...

    def power_hex_ok(self, hexes: tuple[str, ...], hex_id: str) -> bool: ...

    def token_expired(self, state: State, pdef: PrivateDef, pstate: PrivateState) -> bool: ...

    def tile_is_laid(self, state: State, pdef: PrivateDef, hex_id: str) -> bool: ...

    def closes_now(self, pdef: PrivateDef, pstate: PrivateState) -> bool: ...

    def after_tile_laid(self, state: State, hex_id: str, via: str) -> State: ...

    # -- tile lays (lays.py) ---------------------------------------------------------------
    def lay_tile(self, state: State, company: Company, action: LayTile,
                 power: TilePower | None, via: str) -> State: ...

    def normal_tile(self, state: State, company: Company, action: LayTile) -> State: ...

    def special_tile(self, state: State, company: Company, action: LayTile) -> State: ...

    # -- token lays (tokens.py) ------------------------------------------------------------
    def check_city(self, state: State, company: Company, hex_id: str, city: int,
                   home: bool = False) -> None: ...

    def homes_waiting(self, state: State, company_id: str, hex_id: str,
                      city: int) -> list[str]: ...

    def check_home_reserved(self, state: State, company: Company, hex_id: str) -> None: ...

    def token_cost(self, state: State, company: Company) -> int: ...

    def token_cost_at(self, state: State, company: Company, hex_id: str,
                      city: int = 0) -> int: ...

    def put_token(self, state: State, company: Company, action: PlaceToken,
                  power: TokenPower | None, via: str = "") -> State: ...

    def put_bonus(self, state: State, company: Company, action: PlaceToken, pdef: PrivateDef,
                  power: TokenPower) -> State: ...

    def normal_token(self, state: State, company: Company, action: PlaceToken) -> State: ...

    def special_token(self, state: State, company: Company, action: PlaceToken) -> State: ...

    def home_token(self, state: State, company: Company, action: PlaceToken) -> State: ...

    # -- the turn's order (flow.py) --------------------------------------------------------
    def pass_step(self, state: State, company: Company, action: Pass) -> State: ...


@dataclass(frozen=True)
class Handler:
    """One kind of action inside a step: the action records it takes (``kind``, and
    with ``private`` only those with, or only those without, a private named) and the
    function that checks and applies one."""

    kind: type | tuple[type, ...]
    process: Callable[[RulesContext, State, Company, Any], State]
    #: True: only actions naming a private; False: only those naming none; None: both
    private: bool | None = None
    #: a handler that closes its step (buy a private, pass, a refusal for what no
    #: mechanism took): the handlers a mechanism adds go before these
    closing: bool = False
    #: False: ``legal_actions`` does not list what it takes, though ``apply`` accepts it
    #: (an act a player names unprompted, or a move listing that forgets one)
    offered: bool = True

    def handles(self, action: Action) -> bool:
        if not isinstance(action, self.kind):
            return False
        return self.private is None or bool(getattr(action, "private", "")) == self.private


class Mechanism:
    """A rule some titles have, hooked into the operating turn. Every hook is a no-op
    here; a mechanism overrides the ones it needs. A title lists its mechanisms in the
    order their checks run (the first refusal's code is the answer)."""

    #: the name the docs and the title lists use
    name = ""

    # -- the turn's shape (compose.py) ------------------------------------------------
    def steps(self) -> Mapping[str, tuple[Handler, ...]]:
        """Steps it adds to the turn's order, after the base steps, with their
        handlers (1870's connection runs)."""
        return {}

    def side_steps(self) -> Mapping[str, tuple[Handler, ...]]:
        """Steps outside the turn's order, which its ``intercept`` serves (the
        discards after a phase change)."""
        return {}

    def handlers(self) -> Mapping[str, tuple[Handler, ...]]:
        """Handlers it adds to a base step (before the step's closing handlers)."""
        return {}

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        """Before the dispatcher asks for the operating company: the new state when
        the mechanism takes the action, None to go on (a refusal to refuse it)."""
        return None

    def after_action(self, rules: RulesContext, state: State) -> State:
        """The position after any accepted action, whichever step took it (1870's
        closures: a price on a closing cell closes its company at once)."""
        return state

    # -- a tile lay (lays.py) ---------------------------------------------------------
    def check_hex(self, rules: RulesContext, state: State, company: Company,
                  hex_id: str) -> None:
        """Before the tile lay allowance: refuse a lay on ``hex_id`` at all."""

    def check_lay(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        """After the base tile checks (upgrade, borders), before the connection."""

    def after_lay(self, rules: RulesContext, state: State, hex_id: str, tile: TileDef,
                  special: bool) -> State:
        """The position after the tile is down (``special``: by a private's power)."""
        return state
