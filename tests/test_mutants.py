"""The suite can fail (``railrules mutants --json``, oracle/harness/killmatrix.py), for
every registered game, every mutant served over the protocol:

* the served oracle passes every scenario;
* every mutant is killed, by a scenario of a ruling it claims to break, at a When or
  Then step (a failure while building the position kills nothing);
* every scenario kills at least one mutant, and so does every ruling's scenarios.

One test, because the matrix (two runs at a time) takes minutes and must be computed
once even under pytest-xdist. Each mutant is graded on the scenarios of the rulings it
claims to break (``own_rulings``: where its kill must come from), then every mutant on
the scenarios none of those kill, so each property is decided as the whole matrix
decides it (``railrules mutants --json`` without ``--own-rulings`` runs it all).
"""

from __future__ import annotations

from oracle.games import game_modules
from oracle.harness.catalogue import rulings
from oracle.harness.killmatrix import kill_matrix
from oracle.harness.mutants import all_mutants


def test_the_suite_can_fail() -> None:
    games = [g for g in game_modules().values() if g.mutants]
    # each mutant on its own rulings' scenarios, then every mutant on the scenarios
    # those leave idle: the same verdicts as the whole matrix, at a fraction of its cost
    matrix = kill_matrix([g.name for g in games], jobs=2, own_rulings=True)
    problems: list[str] = list(matrix["problems"])
    for game in games:
        if matrix["scenarios"].get(game.name, 0) < 50:
            problems.append(f"{game.name}: only {matrix['scenarios'].get(game.name, 0)} "
                            "scenarios ran")
    mutants = [m for m in all_mutants().values() if m.game in {g.name for g in games}]
    if sorted(matrix["mutants"]) != sorted(m.name for m in mutants):
        problems.append("the matrix does not cover every mutant")
    if matrix["survivors"]:
        problems.append(f"mutants no scenario kills: {matrix['survivors']}")
    if matrix["scenarios_without_kills"]:
        problems.append(f"scenarios that kill no mutant: {matrix['scenarios_without_kills']}")
    catalogue = rulings()
    silent = [r for r in catalogue
              if any(g.due(r) for g in games) and not matrix["rulings"].get(r)]
    if silent:
        problems.append(f"rulings whose scenarios kill no mutant: {silent}")
    for m in mutants:
        if not m.rulings or not all(r in catalogue for r in m.rulings):
            problems.append(f"{m.name}: rulings {m.rulings} are not all in the catalogue")
    assert not problems, "\n".join(problems)
