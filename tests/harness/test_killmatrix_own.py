"""The kill matrix's ``own_rulings`` mode (tests/test_mutants.py runs it): a mutant is
graded only on the scenarios of the rulings it claims, and an implementation given no
rulings on all of them."""

from __future__ import annotations

from oracle.harness.killmatrix import BASELINE, run_batch


def test_each_implementation_runs_only_its_own_rulings_scenarios() -> None:
    mutant = "mutant:veto_poll_automatic"
    runs = run_batch("rocket", [mutant, BASELINE], own={mutant: ["SR-VETO-01"]})
    own = runs[mutant].scenarios
    assert own and all("SR-VETO-01" in rulings for rulings in own.values())
    assert runs[mutant].failed  # killed there
    assert len(runs[BASELINE].scenarios) > len(own)  # the baseline ran everything
    assert not runs[BASELINE].not_passing
