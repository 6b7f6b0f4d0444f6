"""The scenario's world: the implementation under test and what happened so far.

Every ``When`` goes through ``World.send``, which applies one action through the
Implementation interface, records the verdict, and checks the game's
conservation invariants on the position the implementation returned.

A refusal carries no position: the interface is stateless, so an engine behind the
protocol cannot change the scenario's position by refusing. What an in-process
engine can still do wrong is change the position it was handed; ``send`` checks
that it did not, for accepted and refused actions alike.

Thens read the position at the next **decision** (oracle.protocol.levels): an engine
with explicit turns that stops at a forced pass (the only legal action is a pass) is
asked, through its own ``legal_actions`` and ``apply``, to play it; an engine with
``decisions`` turns already has. So a Then asserts who acts next and what they may do,
whatever the engine's turn structure, never a step only one structure stops at.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.protocol.implementation import (
    JSON,
    Implementation,
    Malformed,
    UndeclaredGap,
    Unsupported,
    Verdict,
)
from oracle.protocol.levels import forced_pass, settle


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
    #: whether the position after the When has been taken to its next decision
    settled: bool = True
    #: the reference that tells a forced pass from a choice in a When's position, for an
    #: engine that plays forced passes itself (made on first use)
    reference: Implementation | None = None

    def need_position(self) -> JSON:
        if self.position is None:
            raise AssertionError("the scenario has no position yet")
        if not self.settled:
            self.settled = True
            self.position = self._decision(self.position)
        return self.position

    def level(self) -> str:
        """``reasons`` or ``verdicts``: what a refusal step checks."""
        level = self.notes.get("level")
        if level is None:
            level = self.notes["level"] = self.impl.level()
        return str(level)

    def _decision(self, position: JSON) -> JSON:
        """``position`` played on through forced passes by the engine itself (explicit
        turns), or as it is (an engine that plays them, or one whose legal actions are a
        declared gap: its answer is all there is to read)."""
        if self.impl.turns(self.game) == "decisions":
            return position
        try:
            return settle(self.impl, self.game, position, self._conserved)
        except UndeclaredGap:
            raise  # an answer it chose: graded as the gap it did not declare
        except Unsupported:
            return position  # legal actions declared a gap: its answer is all there is

    def _forced(self, position: JSON, action: JSON) -> bool:
        """Whether ``action`` is the position's only legal action and a pass, by the
        reference: for an engine with ``decisions`` turns such a pass is no request of
        its own (it plays it itself), so the When asks for the position's decision."""
        legal = self._reference().legal_actions(self.game, position)
        return forced_pass(self.game, legal) and legal[0] == action

    def reference_impl(self) -> Implementation:
        """The built-in oracle, which the suite asks where a Given must be completed
        by the title's facts (an 18xx home token)."""
        return self._reference()

    def _reference(self) -> Implementation:
        if self.reference is None:
            from oracle.protocol.inprocess import InProcess
            self.reference = InProcess()
        return self.reference

    def _conserved(self, before: JSON, after: JSON) -> None:
        check = self.invariants.get(self.game)
        if check is not None:
            problems = check(before, after)
            if problems:
                raise AssertionError("conservation broken: " + "; ".join(problems))

    def load(self, game: str, position: JSON) -> None:
        """Set a position, after the implementation agrees it is well-formed."""
        self.game = game
        bad = self.impl.check_position(game, position)
        if bad is not None:
            raise PositionRefused(f"the implementation refused the scenario's position: "
                                  f"{bad.field}: {bad.message}")
        self.position = position

    def send(self, action: JSON, setup: bool = False) -> Verdict:
        """Apply one action; the position handed over must come back untouched.
        ``setup``: a Given building the scenario's position, which stays where play
        leaves it (no forced pass played after it); for an engine with ``decisions``
        turns it is built by the reference, so a later Given's forced pass is still
        there to send."""
        position = self.need_position()
        self.before = copy.deepcopy(position)
        decisions = self.impl.turns(self.game) == "decisions"
        if setup and decisions:
            verdict = self._reference().apply(self.game, position, action)
        elif decisions and self._forced(position, action):
            verdict = Verdict.accept(self.impl.canonical(self.game, position))
        else:
            verdict = self.impl.apply(self.game, position, action)
        self.verdict = verdict
        if position != self.before:
            raise AssertionError("the implementation changed the position it was given "
                                 f"({'accepting' if verdict.accepted else 'refusing'} "
                                 "the action)")
        if verdict.accepted:
            assert verdict.position is not None
            self._conserved(position, verdict.position)
            self.position = verdict.position
            self.settled = setup
        return verdict

    def need_verdict(self) -> Verdict:
        if self.verdict is None:
            raise AssertionError("no action has been sent")
        return self.verdict
