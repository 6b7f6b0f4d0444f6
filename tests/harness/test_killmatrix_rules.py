"""How the kill matrix counts (oracle/harness/killmatrix.py), on made-up runs: only a
wrong answer at a When or Then step kills, and a mutant must die by a scenario of a
ruling it claims to break."""

from __future__ import annotations

import pytest

from oracle.harness import killmatrix
from oracle.harness.killmatrix import BASELINE, Run
from oracle.harness.mutants import Mutant

SCENARIOS = {"a": ["TOY-01"], "b": ["TOY-02"], "c": ["TOY-03"]}


def _run(impl: str, outcomes: dict[str, str]) -> Run:
    return Run(impl, 0, dict(SCENARIOS), outcomes)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = {BASELINE: {"a": "pass", "b": "pass", "c": "pass"}}
    mutants = {
        "m_setup": Mutant("m_setup", "toy", ("TOY-01",), "breaks a Given only", object),
        "m_wrong": Mutant("m_wrong", "toy", ("TOY-01",), "dies by TOY-02 only", object),
        "m_right": Mutant("m_right", "toy", ("TOY-03",), "dies by its own", object),
    }
    monkeypatch.setattr("oracle.harness.mutants.all_mutants", lambda: mutants)
    monkeypatch.setattr(killmatrix, "run_batch", lambda game, impls, timeout=900.0: {
        impl: _run(impl, table[impl]) for impl in impls})
    table["mutant:m_setup"] = {"a": "setup-error", "b": "pass", "c": "pass"}
    table["mutant:m_wrong"] = {"a": "pass", "b": "fail", "c": "pass"}
    table["mutant:m_right"] = {"a": "pass", "b": "pass", "c": "fail"}
    return table


def test_a_setup_error_is_no_kill(fake: dict[str, dict[str, str]]) -> None:
    matrix = killmatrix.kill_matrix(["toy"], jobs=1)
    assert matrix["mutants"]["m_setup"] == [] and "m_setup" in matrix["survivors"]
    assert matrix["setup_errors"] == {"m_setup": ["a"]}
    assert "a" in matrix["scenarios_without_kills"]


def test_a_kill_by_another_rulings_scenario_is_a_problem(
        fake: dict[str, dict[str, str]]) -> None:
    matrix = killmatrix.kill_matrix(["toy"], jobs=1)
    assert matrix["mutants"]["m_wrong"] == ["b"]
    assert any(p.startswith("m_wrong: killed only by scenarios of rulings it does not "
                            "claim") for p in matrix["problems"])
    assert not any(p.startswith("m_right") for p in matrix["problems"])


def test_a_baseline_that_does_not_pass_is_a_problem(fake: dict[str, dict[str, str]]) -> None:
    fake[BASELINE] = {"a": "pass", "b": "setup-error", "c": "pass"}
    matrix = killmatrix.kill_matrix(["toy"], jobs=1)
    assert any("served oracle does not pass" in p for p in matrix["problems"])
