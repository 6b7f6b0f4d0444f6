"""The private-power mutants' rules (``turn/privates.py`` with one check wrong), for
``eighteen.py``'s list: each a bug a real engine could have in when, where and by
whom a private's power may be used.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from oracle.eighteen.model.actions import PlaceToken
from oracle.eighteen.model.privates import (
    OWNING_PLAYERS_COMPANIES,
    PrivateDef,
)
from oracle.eighteen.model.state import Company, PrivateState, State
from oracle.eighteen.turn.privates import PrivatePowers
from oracle.eighteen.turn.protocol import Handler, RulesContext


# -- the private powers (turn/privates.py) ----------------------------------------------
class _AnyStep(PrivatePowers):
    def step_allows(self, rules: RulesContext, when: str, step: str) -> bool:
        return step in ("track", "token")


class _ClosedUsable(PrivatePowers):
    def check_private(self, rules: RulesContext, state: State, company: Company,
                      private_id: str) -> tuple[PrivateDef, PrivateState]:
        pstate = state.private(private_id)
        if pstate is not None and pstate.closed:
            state = state.with_private(dataclasses.replace(pstate, closed=False))
        return super().check_private(rules, state, company, private_id)


class _AnyPlayersCompany(PrivatePowers):
    def may_use(self, rules: RulesContext, state: State, pdef: PrivateDef,
                company: Company) -> bool:
        if pdef.usable_by == OWNING_PLAYERS_COMPANIES:
            return True
        return super().may_use(rules, state, pdef, company)


class _OwnTileOnly(PrivatePowers):
    def tile_is_laid(self, rules: RulesContext, state: State, pdef: PrivateDef,
                     hex_id: str) -> bool:
        pstate = state.private(pdef.id)
        return pstate is not None and pstate.tile_used


class _TileBeforeThisTurn(PrivatePowers):
    def tile_is_laid(self, rules: RulesContext, state: State, pdef: PrivateDef,
                     hex_id: str) -> bool:
        return super().tile_is_laid(rules, state, pdef, hex_id) and \
            pdef.id not in state.turn.special_tiles


class _AnyHex(PrivatePowers):
    def power_hex_ok(self, rules: RulesContext, hexes: tuple[str, ...], hex_id: str) -> bool:
        return True


class _TokenGoneAfterTile(PrivatePowers):
    def token_expired(self, rules: RulesContext, state: State, pdef: PrivateDef,
                      pstate: PrivateState) -> bool:
        sep = pdef.separate_execution
        return pstate.tile_used and sep is not None and not sep.token_in_later_turn


class _BlockedWhateverOwner(PrivatePowers):
    def blocked_by(self, rules: RulesContext, state: State, hex_id: str) -> str:
        for pdef in rules.private_defs(state).values():
            pstate = state.private(pdef.id)
            if pdef.blocks == hex_id and pstate is not None and not pstate.closed:
                return pdef.id
        return ""


def _token_lost_ignored(rules: RulesContext, state: State, company: Company,
                        action: Any) -> State:
    """A private's token step that forgets a lost token power."""
    pstate = state.private(action.private)
    if pstate is not None and pstate.token_lost:
        state = state.with_private(dataclasses.replace(pstate, token_lost=False))
    return rules.special_token(state, company, action)


#: both lay steps' handler of a private's token, with the lost power forgotten
_TOKEN_LOST_IGNORED = Handler(PlaceToken, _token_lost_ignored, private=True)
