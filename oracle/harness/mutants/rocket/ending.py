"""Mutants of the end of the game (SR-MRG-04, SR-END-01)."""

from __future__ import annotations

from oracle.rocket.actions import Action
from oracle.rocket.rules import Rules
from oracle.rocket.state import ACTIVE, State

# -- the end of the game ----------------------------------------------------------------------


class EndAtTurnEnd(Rules):
    """The game only ends once the player has taken both actions (SR-END-01): an
    engine that looks for the end of the game only when a turn passes on."""

    def end_of_action(self, state: State, after_move: bool = False) -> State:
        if state.actions_taken + 1 >= 2:  # the turn is over: look for the end as usual
            return super().end_of_action(state, after_move)
        if after_move:  # isolation is still settled after every move
            for li, ln in enumerate(state.lines):
                if ln.status == ACTIVE and self.is_isolated(state, ln.id):
                    state = self.isolate(state, li)
        return state.evolve(actions_taken=state.actions_taken + 1)


class EndBeforeVeto(Rules):
    """The move that takes the last tile ends the game before its veto round (SR-END-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        state = super().do_move(state, pi, action)
        p = state.pending
        assert p is not None
        if state.tiles_left <= 1 and p.origin not in state.board.place_at:
            return self.finalize(state, p.chosen)
        return state
