"""The scenario's world: the implementation under test and what happened so far.

Every ``When`` goes through ``World.send``, which applies one action through the
Implementation interface, records the verdict, and checks the game's
conservation invariants on the position the implementation returned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.protocol.implementation import JSON, Implementation, Malformed, Verdict

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
            raise AssertionError(f"the implementation refused the scenario's position: "
                                 f"{bad.field}: {bad.message}")
        self.position = position

    def send(self, action: JSON) -> Verdict:
        """Apply one action; on refusal the position must stay as it was."""
        position = self.need_position()
        self.before = position
        verdict = self.impl.apply(self.game, position, action)
        self.verdict = verdict
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
