"""The checks on a private's powers: who may use them, in which step, on which hex,
whether they are spent or lost, and the hex a private blocks. Nothing here names a
private: the records (``oracle.eighteen.model.privates``) say what a power allows.
Rulings are cited where a check rests on one."""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.privates import OWNING_COMPANY, WHOLE_TURN_STEPS, PrivateDef
from oracle.eighteen.model.state import Company, PrivateState, State
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext


class PrivatePowers(Mechanism):
    """The base turn's reading of the private records: who may use a power, in which
    step, on which hex, whether its token is spent, and the hex a private blocks. Every
    title has it (``turn/registry.py``, ``BASE_RULES``); the rules object asks it
    (``Rules.may_use`` and the rest), so a title or a test that reads a record another
    way swaps it by name."""

    name = "private_powers"

    def blocked_by(self, rules: RulesContext, state: State, hex_id: str) -> str:
        """The private keeping ``hex_id`` free of tile lays, or "" (TP-DH30-03)."""
        players = {p.id for p in state.players}
        for pdef in rules.private_defs(state).values():
            pstate = state.private(pdef.id)
            if pdef.blocks_hex(hex_id) and pstate is not None and not pstate.closed \
                    and pstate.owner in players:
                return pdef.id
        return ""

    def may_use(self, rules: RulesContext, state: State, pdef: PrivateDef,
                company: Company) -> bool:
        """Who may use a private's powers (TP-DH30-03, TP-NF35-01, TP-PFB35-01)."""
        pstate = state.private(pdef.id)
        if pstate is None or pstate.owner is None:
            return False
        if pdef.usable_by == OWNING_COMPANY:
            return pstate.owner == company.id
        owner_player = pstate.owner
        owning_company = state.company(pstate.owner)
        if owning_company is not None:
            owner_player = owning_company.president or ""
        return company.president is not None and company.president == owner_player

    def step_allows(self, rules: RulesContext, when: str, step: str) -> bool:
        """``when`` of a power against the current step (TP-NF35-02)."""
        if when == "turn":
            return step in ("track", "token")
        if when == "whole_turn":
            return step in WHOLE_TURN_STEPS
        return when == step

    def check_private(self, rules: RulesContext, state: State, company: Company,
                      private_id: str) -> tuple[PrivateDef, PrivateState]:
        pdef = rules.private_defs(state).get(private_id)
        pstate = state.private(private_id)
        if pdef is None or pstate is None:
            raise MalformedInput("private", f"no private {private_id!r} in this position")
        if pstate.closed:
            raise refuse("private/closed", f"{private_id} is closed", pdef.ruling("closed"))
        if not rules.may_use(state, pdef, company):
            raise refuse("private/not_owner", f"{company.id} may not use {private_id}",
                         pdef.ruling("use"))
        return pdef, pstate

    def power_hex_ok(self, rules: RulesContext, hexes: tuple[str, ...], hex_id: str) -> bool:
        """A power acts on its own hex(es) only."""
        return hex_id in hexes

    def token_expired(self, rules: RulesContext, state: State, pdef: PrivateDef,
                      pstate: PrivateState) -> bool:
        """The token of a private whose powers may not be split over turns is gone
        once a turn with its tile lay has ended (TP-DH30-04)."""
        sep = pdef.separate_execution
        return pstate.tile_used and sep is not None and not sep.token_in_later_turn \
            and pdef.id not in state.turn.special_tiles

    def tile_is_laid(self, rules: RulesContext, state: State, pdef: PrivateDef,
                     hex_id: str) -> bool:
        """``requires_tile_laid``: some tile is on the hex, laid by anyone (TP-PFB35-02)."""
        return state.laid(hex_id) is not None


def cites(rules: RulesContext, state: State, private_id: str, aspect: str) -> str:
    """The ruling a refusal about private ``private_id``'s ``aspect`` cites ("" when
    no private is involved)."""
    pdef = rules.private_defs(state).get(private_id) if private_id else None
    return pdef.ruling(aspect) if pdef is not None else ""


def closes_now(rules: RulesContext, pdef: PrivateDef, pstate: PrivateState) -> bool:
    rule = pdef.closes
    return (rule == "any" and (pstate.tile_used or pstate.token_used)) or \
        (rule == "tile" and pstate.tile_used) or (rule == "token" and pstate.token_used) \
        or (rule == "all" and pstate.tile_used and pstate.token_used)


def after_tile_laid(rules: RulesContext, state: State, hex_id: str, via: str) -> State:
    """A tile on a private's token hex not laid by that private's own power ends
    a token power that does not survive it (TP-DH30-04)."""
    for pdef in rules.private_defs(state).values():
        pstate = state.private(pdef.id)
        sep = pdef.separate_execution
        if pstate is None or pdef.token is None or sep is None or pdef.id == via:
            continue
        if hex_id in pdef.token.hexes and not sep.token_survives_other_tile \
                and not pstate.token_used:
            state = state.with_private(replace(pstate, token_lost=True))
    return state


PRIVATE_POWERS = PrivatePowers()
