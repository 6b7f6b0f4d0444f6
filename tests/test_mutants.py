"""The suite can fail: every mutant is killed by at least one scenario, and every
ruling's scenarios kill at least one mutant (the kill matrix of
``railrules mutants --json``, oracle/harness/killmatrix.py).

Runs each Rocket mutant's feature suite in a subprocess, two at a time; this takes
a few minutes, so the matrix is computed once per session.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.harness.catalogue import rulings
from oracle.harness.killmatrix import kill_matrix
from oracle.harness.mutants import all_mutants

GAME = "rocket"


@pytest.fixture(scope="module")
def matrix() -> dict[str, Any]:
    return kill_matrix([GAME], jobs=2)


def test_baseline_passes(matrix: dict[str, Any]) -> None:
    assert not matrix["problems"], "\n".join(matrix["problems"])
    assert matrix["scenarios"][GAME] >= 100


def test_every_mutant_killed(matrix: dict[str, Any]) -> None:
    names = [m.name for m in all_mutants().values() if m.game == GAME]
    assert sorted(matrix["mutants"]) == sorted(names)
    survivors = [n for n in names if not matrix["mutants"][n]]
    assert not survivors, f"mutants no scenario kills: {survivors}"


def test_every_ruling_kills_a_mutant(matrix: dict[str, Any]) -> None:
    wanted = [r for r in rulings() if r.startswith("SR-")]
    silent = [r for r in wanted if not matrix["rulings"].get(r)]
    assert not silent, f"rulings whose scenarios kill no mutant: {silent}"


def test_mutants_declare_their_rulings(matrix: dict[str, Any]) -> None:
    """Each mutant is killed by a scenario of a ruling it says it breaks."""
    catalogue = rulings()
    for m in all_mutants().values():
        if m.game != GAME:
            continue
        assert m.rulings and all(r in catalogue for r in m.rulings), m.name
        killed_by_own = [r for r in m.rulings if m.name in matrix["rulings"].get(r, [])]
        assert killed_by_own, f"{m.name}: no scenario of {m.rulings} kills it"
