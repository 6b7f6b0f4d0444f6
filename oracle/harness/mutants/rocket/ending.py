"""Mutants of the end of the game (SR-MRG-04, SR-END-01)."""

from __future__ import annotations

from oracle.rocket.actions import Action
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    State,
)

# -- the end of the game ----------------------------------------------------------------------


class EndAtTurnEnd(Rules):
    """The game only ends once the player has taken both actions (SR-END-01)."""

    def end_reason(self, state: State) -> str | None:
        if state.actions_taken < 2:
            return None
        return super().end_reason(state)


class EndBeforeVeto(Rules):
    """The move that takes the last tile ends the game before its veto round (SR-END-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        state = super().do_move(state, pi, action)
        p = state.pending
        assert p is not None
        if state.tiles_left <= 1 and p.origin not in state.board.place_at:
            return self.finalize(state, p.chosen)
        return state
