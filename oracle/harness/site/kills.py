"""The mutants each scenario catches, read from a kill matrix file (``railrules mutants
--json``, or ``--own-rulings --json``), never computed here and never guessed.

The matrix lists per mutant the scenarios that kill it (``mutants``), a description per
mutant, and whether it was the partial matrix (``own_rulings``: each mutant graded on
its own rulings' scenarios only, and for a scenario none of those kill, one killer
found among the rest, ``idle_killers``). The file is read as untrusted input: a file
that is not such a matrix is refused with ``ValueError`` naming what is wrong.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.harness.site.engine_reports import ReportError, cut, read_json

#: mutants read at most (railrules has some 120)
MUTANTS_BOUND = 5000


@dataclass(frozen=True, slots=True)
class Kills:
    path: str
    own_rulings: bool
    #: scenario id -> the mutants it kills, sorted
    by_scenario: dict[str, list[str]] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    mutants: int = 0

    def of(self, scenario: str) -> list[str]:
        return self.by_scenario.get(scenario, [])

    @property
    def scope_words(self) -> str:
        if self.own_rulings:
            return ("the partial matrix (--own-rulings): each mutant graded on the "
                    "scenarios of the rulings it claims to break, and one killer found "
                    "for each scenario none of those kill; a scenario may catch more")
        return "the whole matrix: every mutant graded on every scenario of its game"


def _strings(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where}: not a list of scenario ids")
    return value


def load_kills(path_text: str) -> Kills:
    path = Path(path_text)
    try:
        data = read_json(path)
    except ReportError as err:
        raise ValueError(str(err)) from None
    if not isinstance(data, dict) or not isinstance(data.get("mutants"), dict):
        raise ValueError(f"{path}: not a kill matrix (an object with 'mutants')")
    mutants: dict[str, Any] = data["mutants"]
    if len(mutants) > MUTANTS_BOUND:
        raise ValueError(f"{path}: {len(mutants)} mutants, more than {MUTANTS_BOUND}")
    by_scenario: dict[str, set[str]] = defaultdict(set)
    for name, killers in mutants.items():
        for sid in _strings(killers, f"{path}: mutants.{cut(name, 60)}"):
            by_scenario[cut(sid, 200)].add(cut(name, 100))
    idle = data.get("idle_killers") or {}
    if not isinstance(idle, dict) or not all(isinstance(v, str) for v in idle.values()):
        raise ValueError(f"{path}: idle_killers: not an object of mutant names")
    for sid, name in idle.items():
        by_scenario[cut(sid, 200)].add(cut(name, 100))
    raw = data.get("descriptions") or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: descriptions: not an object")
    own = data.get("own_rulings", False)
    if not isinstance(own, bool):
        raise ValueError(f"{path}: own_rulings: not true or false")
    return Kills(str(path), own, {s: sorted(m) for s, m in by_scenario.items()},
                 {cut(k, 100): cut(v, 300) for k, v in raw.items()}, len(mutants))
