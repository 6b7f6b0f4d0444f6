"""Deliberately wrong toy engines: the plug-in game's mutants, one bug each."""

from __future__ import annotations

from typing import Any

from toygame import ToyGame

from oracle.harness.mutants import Mutant

JSON = dict[str, Any]


class NoLimit(ToyGame):
    """Forgets to check the limit when adding."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        return super().apply({**position, "limit": 10**6}, action) | {"limit": position["limit"]}

    def validate(self, position: JSON) -> None:
        return None


class StepMaxIgnored(ToyGame):
    """Reads step_max as 3 whatever the option says."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        opened = {**position, "options": {**position["options"], "step_max": 3}}
        return super().apply(opened, action) | {"options": position["options"]}


class StepMaxDefault(ToyGame):
    """Reads step_max as its default (2) whatever the option says."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        closed = {**position, "options": {**position["options"], "step_max": 2}}
        return super().apply(closed, action) | {"options": position["options"]}


class TotalNotAdded(ToyGame):
    """Accepts an addition but forgets to add it."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        return super().apply(position, action) | {"total": position["total"]}


class NoRangeCheck(ToyGame):
    """Accepts any positive addition: the option's bound is never checked."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        wide = {**position, "options": {**position["options"], "step_max": 10**6}}
        return super().apply(wide, action) | {"options": position["options"]}


class LegalIgnoresLimit(ToyGame):
    """Offers every addition up to step_max, even past the limit."""

    def legal_actions(self, position: JSON) -> list[JSON]:
        top = position["options"]["step_max"]
        return [{"type": "add", "n": n} for n in range(1, top + 1)]


class OverOneEarly(ToyGame):
    """Ends the game one short of the limit (an off-by-one comparison)."""

    def game_over(self, position: JSON) -> bool:
        return bool(position["total"] >= position["limit"] - 1)


class LegalOffByOne(ToyGame):
    """Offers one addition too few."""

    def legal_actions(self, position: JSON) -> list[JSON]:
        return super().legal_actions(position)[:-1]


class NeverOver(ToyGame):
    """Never says the game is over."""

    def game_over(self, position: JSON) -> bool:
        return False


MUTANTS = [
    Mutant("toy_no_limit", "toy", ("TOY-01",), NoLimit.__doc__ or "", NoLimit),
    Mutant("toy_step_max_ignored", "toy", ("TOY-OPEN-01",), StepMaxIgnored.__doc__ or "",
           StepMaxIgnored),
    Mutant("toy_step_max_default", "toy", ("TOY-OPEN-01",), StepMaxDefault.__doc__ or "",
           StepMaxDefault),
    Mutant("toy_total_not_added", "toy", ("TOY-01",), TotalNotAdded.__doc__ or "",
           TotalNotAdded),
    Mutant("toy_no_range_check", "toy", ("TOY-OPEN-01",), NoRangeCheck.__doc__ or "",
           NoRangeCheck),
    Mutant("toy_legal_ignores_limit", "toy", ("TOY-02",), LegalIgnoresLimit.__doc__ or "",
           LegalIgnoresLimit),
    Mutant("toy_over_one_early", "toy", ("TOY-03",), OverOneEarly.__doc__ or "", OverOneEarly),
    Mutant("toy_legal_off_by_one", "toy", ("TOY-02",), LegalOffByOne.__doc__ or "",
           LegalOffByOne),
    Mutant("toy_never_over", "toy", ("TOY-03",), NeverOver.__doc__ or "", NeverOver),
]
