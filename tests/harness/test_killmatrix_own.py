"""The kill matrix's ``own_rulings`` mode (tests/test_mutants.py runs it): a mutant is
graded only on the scenarios of the rulings it claims, and an implementation given no
rulings on all of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

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


CITED = {"a": ["TOY-01"], "b": ["TOY-02"], "c": ["TOY-03"], "d": ["TOY-04"]}
#: made-up runs: m_a (TOY-01) dies by its own scenario a and kills b outside its
#: rulings; m_d (TOY-04) kills d, outside its rulings too; nobody kills c
TABLE = {BASELINE: dict.fromkeys(CITED, "pass"),
         "mutant:m_a": {"a": "fail", "b": "fail", "c": "pass", "d": "pass"},
         "mutant:m_c": {"a": "pass", "b": "pass", "c": "setup-error", "d": "pass"},
         "mutant:m_d": {"a": "fail", "b": "pass", "c": "pass", "d": "fail"}}
MUTANTS = {"m_a": Mutant("m_a", "toy", ("TOY-01",), "a", object),
           "m_c": Mutant("m_c", "toy", ("TOY-03",), "c", object),
           "m_d": Mutant("m_d", "toy", ("TOY-01",), "d", object)}


def fake_matrix(monkeypatch: pytest.MonkeyPatch, hints: Mapping[str, str],
                batches: list[tuple[list[str], list[str]]]) -> dict[str, Any]:
    """The matrix in ``own_rulings`` mode over the made-up runs; ``batches`` collects
    (implementations, scenarios) of every second-pass batch."""
    def run_batch(game: str, impls: Sequence[str], timeout: float = 900.0,
                  own: Mapping[str, Sequence[str]] | None = None,
                  scenarios: Sequence[str] = ()) -> dict[str, Run]:
        if scenarios:
            batches.append((list(impls), list(scenarios)))
        out = {}
        for impl in impls:
            keep = {s: r for s, r in CITED.items()
                    if (not scenarios or s in scenarios)
                    and (not own or impl not in own or set(r) & set(own[impl]))}
            out[impl] = Run(impl, 0, keep, {s: TABLE[impl][s] for s in keep})
        return out

    monkeypatch.setattr("oracle.harness.mutants.all_mutants", lambda: MUTANTS)
    monkeypatch.setattr(killmatrix, "run_batch", run_batch)
    monkeypatch.setattr(killmatrix, "IDLE_BATCH", 1)
    return killmatrix.kill_matrix(["toy"], jobs=1, own_rulings=True, hints=hints)


def test_own_rulings_decides_idle_scenarios_as_the_whole_matrix(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenarios b and d are killed only outside their rulings: the second pass finds
    those kills, so they are not idle; c stays idle, as in the whole matrix."""
    batches: list[tuple[list[str], list[str]]] = []
    matrix = fake_matrix(monkeypatch, {}, batches)
    assert matrix["mutants"] == {"m_a": ["a"], "m_c": [], "m_d": ["a"]}
    assert matrix["scenarios_without_kills"] == ["c"]
    assert matrix["survivors"] == ["m_c"]
    assert matrix["idle_killers"] == {"b": "m_a", "d": "m_d"}
    # the search shrinks: a batch after m_a's grades only what m_a left undecided
    assert batches[0] == (["mutant:m_a"], ["b", "c", "d"])
    assert batches[1] == (["mutant:m_c"], ["c", "d"])


@pytest.mark.parametrize("hints", [{"d": "m_d", "b": "m_a"}, {"b": "m_c", "d": "m_c"},
                                   {"b": "gone", "c": "m_a"}])
def test_hints_order_the_search_and_never_decide_it(
        monkeypatch: pytest.MonkeyPatch, hints: dict[str, str]) -> None:
    """Right, stale or unknown hints: the same verdicts; right ones go first."""
    batches: list[tuple[list[str], list[str]]] = []
    matrix = fake_matrix(monkeypatch, hints, batches)
    assert matrix["scenarios_without_kills"] == ["c"]
    assert set(matrix["idle_killers"]) == {"b", "d"}
    assert all(TABLE[f"mutant:{m}"][s] == "fail" for s, m in matrix["idle_killers"].items())
    hinted = sorted({f"mutant:{m}" for m in hints.values()} & set(map("mutant:{}".format,
                                                                        MUTANTS)))
    if hinted:
        assert batches[0][0] == hinted


def test_the_hint_file_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "hints.json"
    assert killmatrix.read_hints(path) == {}
    path.write_text("[1, 2]")
    assert killmatrix.read_hints(path) == {}
    path.write_text('{"b": "m_a"}')
    assert killmatrix.read_hints(path) == {"b": "m_a"}
    # the committed hints name mutants that exist
    from oracle.harness.mutants import all_mutants
    assert set(killmatrix.read_hints().values()) <= set(all_mutants())
