"""Small helpers for the Rocket unit tests (positions from drawings, shortcuts)."""

from __future__ import annotations

from typing import Any

from oracle.rocket.actions import Action, action_from_json
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.rules import Rules
from oracle.rocket.setup import state_from_drawing
from oracle.rocket.state import State
from oracle.rocket.state import fast_replace as replace

RULES = Rules()


def drawn(text: str, players: int = 3, **options: Any) -> State:
    return state_from_drawing(text, [f"p{i}" for i in range(1, players + 1)], options)


def act(state: State, **fields: Any) -> State:
    return RULES.apply(state, action_from_json(fields))


def action(**fields: Any) -> Action:
    return action_from_json(fields)


def give_shares(state: State, player: str, line: str, real: int = 0, supp: int = 0) -> State:
    """Move real shares from the line's pile (supplementary from the supply)."""
    li = state.line_index(line)
    pi = state.players.index(player)
    ln = state.lines[li]
    state = set_line(state, li, replace(ln, pile=ln.pile - real))
    state = set_holding(state, pi, add_shares(state.holdings[pi], li, real, supp))
    return state.evolve(supplementary_issued=state.supplementary_issued + supp)
