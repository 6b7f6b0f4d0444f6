"""The kill matrix's ``own_rulings`` mode (tests/test_mutants.py runs it): a mutant is
graded only on the scenarios of the rulings it claims, and an implementation given no
rulings on all of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from oracle.harness import killmatrix
from oracle.harness.killmatrix import BASELINE, Run, run_batch
from oracle.harness.mutants import Mutant


def test_each_implementation_runs_only_its_own_rulings_scenarios() -> None:
    mutant = "mutant:veto_poll_automatic"
    runs = run_batch("rocket", [mutant, BASELINE], own={mutant: ["SR-VETO-01"]})
    own = runs[mutant].scenarios
    assert own and all("SR-VETO-01" in rulings for rulings in own.values())
    assert runs[mutant].failed  # killed there
    assert len(runs[BASELINE].scenarios) > len(own)  # the baseline ran everything
    assert not runs[BASELINE].not_passing


def test_own_rulings_decides_idle_scenarios_as_the_whole_matrix(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On made-up runs: m_a (TOY-01) dies by its own scenario a; scenario b (TOY-02) is
    killed only by m_a, outside m_a's rulings: the second pass finds that kill, so b is
    not idle; scenario c nobody kills, and stays idle, as in the whole matrix."""
    cited = {"a": ["TOY-01"], "b": ["TOY-02"], "c": ["TOY-03"]}
    table = {BASELINE: {"a": "pass", "b": "pass", "c": "pass"},
             "mutant:m_a": {"a": "fail", "b": "fail", "c": "pass"},
             "mutant:m_c": {"a": "pass", "b": "pass", "c": "setup-error"}}
    mutants = {"m_a": Mutant("m_a", "toy", ("TOY-01",), "a", object),
               "m_c": Mutant("m_c", "toy", ("TOY-03",), "c", object)}

    def run_batch(game: str, impls: Sequence[str], timeout: float = 900.0,
                  own: Mapping[str, Sequence[str]] | None = None,
                  scenarios: Sequence[str] = ()) -> dict[str, Run]:
        out = {}
        for impl in impls:
            keep = {s: r for s, r in cited.items()
                    if (not scenarios or s in scenarios)
                    and (not own or impl not in own or set(r) & set(own[impl]))}
            out[impl] = Run(impl, 0, keep, {s: table[impl][s] for s in keep})
        return out

    monkeypatch.setattr("oracle.harness.mutants.all_mutants", lambda: mutants)
    monkeypatch.setattr(killmatrix, "run_batch", run_batch)
    matrix = killmatrix.kill_matrix(["toy"], jobs=1, own_rulings=True)
    assert matrix["mutants"] == {"m_a": ["a"], "m_c": []}
    assert matrix["scenarios_without_kills"] == ["c"]
    assert matrix["survivors"] == ["m_c"]
