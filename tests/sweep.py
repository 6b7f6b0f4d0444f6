"""Counts of the random-game sweeps over the option space, printed at the end of
the test run (tests/conftest.py) so the figures in docs/rocket.md and
docs/18xx.md can be checked against any run."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tally:
    """What one game's sweep did."""

    combinations: int = 0
    games: int = 0
    actions: int = 0
    checks: int = 0
    worst_ratio: float = 0.0
    per_combination: Counter[str] = field(default_factory=Counter)
    ends: Counter[str] = field(default_factory=Counter)

    def game(self, combination: str, actions: int, bound: int, end: str) -> None:
        self.games += 1
        self.actions += actions
        self.worst_ratio = max(self.worst_ratio, actions / bound)
        self.per_combination[combination] += 1
        self.ends[end] += 1

    def to_json(self) -> dict[str, Any]:
        return {"combinations": self.combinations, "games": self.games,
                "actions": self.actions, "checks": self.checks, "worst_ratio": self.worst_ratio,
                "per_combination": dict(self.per_combination), "ends": dict(self.ends)}

    def merge(self, data: dict[str, Any]) -> None:
        self.combinations = max(self.combinations, data["combinations"])
        self.games += data["games"]
        self.actions += data["actions"]
        self.checks += data["checks"]
        self.worst_ratio = max(self.worst_ratio, data["worst_ratio"])
        self.per_combination.update(data["per_combination"])
        self.ends.update(data["ends"])

    def summary(self, name: str) -> str:
        per = self.per_combination.values()
        ends = ", ".join(f"{k} {v}" for k, v in sorted(self.ends.items()))
        return (f"{name}: {self.games} games over {len(self.per_combination)} of "
                f"{self.combinations} option combinations ({min(per, default=0)}-"
                f"{max(per, default=0)} games each), {self.actions} actions, "
                f"{self.checks} property checks; longest game {self.worst_ratio:.0%} of "
                f"its liveness bound; ends: {ends or 'none'}")


#: one tally per game, filled by the option-space tests
TALLIES: dict[str, Tally] = {}


def tally(name: str, combinations: int) -> Tally:
    t = TALLIES.setdefault(name, Tally())
    t.combinations = combinations
    return t
