"""Mutants of the end of the game where no line can still be extended (issue 14).

Both are the oracle as it read "only one line is left" before issue 14: each keeps
a game going in a position where no move can ever be made again, so the players
can only pass (or shuffle stations and take tokens) for ever.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.rocket.rules import Rules
from oracle.rocket.state import ACTIVE, ISOLATED, State


class IsolatedLinesAlwaysCount(Rules):
    """Under end_lines=undissolved every isolated line counts toward "one line
    left", even one whose locomotive can never move again (SR-END-01)."""

    def lines_left(self, state: State) -> int:
        counted = (ACTIVE,) if state.options.end_lines == "active" else (ACTIVE, ISOLATED)
        return sum(1 for ln in state.lines if ln.status in counted)


class FrozenBoardPlaysOn(Rules):
    """A board where no locomotive can move ends only when the counted lines fall
    to one: lines boxed in by the two-lines ban keep the game going (SR-END-01)."""

    def lines_left(self, state: State) -> int:
        if state.options.end_lines == "active":
            return sum(1 for ln in state.lines if ln.status == ACTIVE)
        return sum(1 for ln in state.lines if ln.status == ACTIVE or (
            ln.status == ISOLATED and self.destinations(state, ln.id)))


class IsolatedLinesNeverCount(Rules):
    """end_lines=undissolved is ignored: an isolated line never counts toward "one
    line left", though its locomotive can still move (SR-END-01)."""

    def lines_left(self, state: State) -> int:
        return super().lines_left(state.evolve(options=replace(state.options,
                                                               end_lines="active")))
