"""The scenario's world: the implementation under test and what happened so far.

Every ``When`` goes through ``World.send``, which applies one action through the
Implementation interface, records the verdict, and checks the game's
conservation invariants on the position the implementation returned.

A refusal carries no position: the interface is stateless, so an engine behind the
protocol cannot change the scenario's position by refusing. What an in-process
engine can still do wrong is change the position it was handed; ``send`` checks
that it did not, for accepted and refused actions alike.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.protocol.implementation import JSON, Implementation, Malformed, Verdict


class PositionRefused(AssertionError):
    """The implementation refused the scenario's position: the scenario could not be
    set up, whichever step sent it (18xx steps send the finished position at the first
    When). The harness grades it as a setup error, never as a verdict on a ruling."""


#: game name -> invariant checker(before, after) returning a list of violations.
InvariantCheck = Callable[[JSON, JSON], list[str]]


@dataclass
class World:
    impl: Implementation
    invariants: dict[str, InvariantCheck] = field(default_factory=dict)
    game: str = ""
    position: JSON | None = None
    before: JSON | None = None
    verdict: Verdict | None = None
    malformed: Malformed | None = None
    notes: dict[str, Any] = field(default_factory=dict)

    def need_position(self) -> JSON:
        if self.position is None:
            raise AssertionError("the scenario has no position yet")
        return self.position

    def load(self, game: str, position: JSON) -> None:
        """Set a position, after the implementation agrees it is well-formed."""
        self.game = game
        bad = self.impl.check_position(game, position)
        if bad is not None:
            raise PositionRefused(f"the implementation refused the scenario's position: "
                                  f"{bad.field}: {bad.message}")
        self.position = position

    def send(self, action: JSON) -> Verdict:
        """Apply one action; the position handed over must come back untouched."""
        position = self.need_position()
        self.before = copy.deepcopy(position)
        verdict = self.impl.apply(self.game, position, action)
        self.verdict = verdict
        if position != self.before:
            raise AssertionError("the implementation changed the position it was given "
                                 f"({'accepting' if verdict.accepted else 'refusing'} "
                                 "the action)")
        if verdict.accepted:
            assert verdict.position is not None
            check = self.invariants.get(self.game)
            if check is not None:
                problems = check(position, verdict.position)
                if problems:
                    raise AssertionError("conservation broken: " + "; ".join(problems))
            self.position = verdict.position
        return verdict

    def need_verdict(self) -> Verdict:
        if self.verdict is None:
            raise AssertionError("no action has been sent")
        return self.verdict
