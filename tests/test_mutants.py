"""The suite can fail (``railrules mutants --json``, oracle/harness/killmatrix.py), for
every registered game, every mutant served over the protocol:

* the served oracle passes every scenario;
* every mutant is killed, by a scenario of a ruling it claims to break, at a When or
  Then step (a failure while building the position kills nothing);
* every scenario kills at least one mutant, and so does every ruling's scenarios.

One test a game, because a game's matrix takes minutes and must be computed once even
under pytest-xdist: a game's rulings, scenarios and mutants are its own, so each game
decides its properties alone. Under ``-n 2`` the two tests run first, on the first
worker one after the other (``first`` marker, tests/conftest.py, says why), each
running its suites one at a time, while the other worker takes the rest. Each mutant
is graded on the scenarios of the rulings it claims to break (``own_rulings``: where
its kill must come from), then a killer is searched for the scenarios none of those
kill, so each property is decided as the whole matrix decides it (``railrules mutants
--json`` without ``--own-rulings`` runs it all).
"""

from __future__ import annotations

import os

import pytest

from oracle.games import game_modules
from oracle.harness.catalogue import rulings
from oracle.harness.killmatrix import kill_matrix
from oracle.harness.mutants import all_mutants

GAMES = sorted(name for name, g in game_modules().items() if g.mutants)


@pytest.mark.first
@pytest.mark.parametrize("game", GAMES)
def test_the_suite_can_fail(game: str) -> None:
    games = [game_modules()[game]]
    # under xdist the other worker runs the other game: one suite at a time here
    jobs = 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2
    # each mutant on its own rulings' scenarios, then a killer for the scenarios those
    # leave idle: the same verdicts as the whole matrix, at a fraction of its cost
    matrix = kill_matrix([g.name for g in games], jobs=jobs, own_rulings=True)
    problems: list[str] = list(matrix["problems"])
    if matrix["scenarios"].get(game, 0) < 50:
        problems.append(f"{game}: only {matrix['scenarios'].get(game, 0)} scenarios ran")
    mutants = [m for m in all_mutants().values() if m.game == game]
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
