"""The suite can fail (``railrules mutants --json``, oracle/harness/killmatrix.py):

* the oracle passes every scenario of both games;
* every mutant is killed by at least one scenario;
* every scenario kills at least one mutant;
* every ruling's scenarios kill at least one mutant;
* each mutant is killed by a scenario of a ruling it says it breaks.

One test, because the matrix (every mutant's run of its game's features, two at a
time) takes a few minutes and must be computed once even under pytest-xdist.
"""

from __future__ import annotations

from oracle.harness.catalogue import rulings
from oracle.harness.killmatrix import kill_matrix
from oracle.harness.mutants import all_mutants

GAMES = ("rocket", "18xx")
#: the rulings each game's features must cover
PREFIXES = {"rocket": ("SR-",), "18xx": ("TP-",)}


def test_the_suite_can_fail() -> None:
    matrix = kill_matrix(list(GAMES), jobs=2)
    problems: list[str] = list(matrix["problems"])
    for game in GAMES:
        if matrix["scenarios"].get(game, 0) < 50:
            problems.append(f"{game}: only {matrix['scenarios'].get(game, 0)} scenarios ran")
    mutants = [m for m in all_mutants().values() if m.game in GAMES]
    if sorted(matrix["mutants"]) != sorted(m.name for m in mutants):
        problems.append("the matrix does not cover every mutant")
    if matrix["survivors"]:
        problems.append(f"mutants no scenario kills: {matrix['survivors']}")
    if matrix["scenarios_without_kills"]:
        problems.append(f"scenarios that kill no mutant: {matrix['scenarios_without_kills']}")
    catalogue = rulings()
    wanted = [r for r in catalogue if r.startswith(tuple(p for g in GAMES for p in PREFIXES[g]))]
    silent = [r for r in wanted if not matrix["rulings"].get(r)]
    if silent:
        problems.append(f"rulings whose scenarios kill no mutant: {silent}")
    for m in mutants:
        if not m.rulings or not all(r in catalogue for r in m.rulings):
            problems.append(f"{m.name}: rulings {m.rulings} are not all in the catalogue")
            continue
        if not any(m.name in matrix["rulings"].get(r, []) for r in m.rulings):
            problems.append(f"{m.name}: no scenario of {m.rulings} kills it")
    assert not problems, "\n".join(problems)
