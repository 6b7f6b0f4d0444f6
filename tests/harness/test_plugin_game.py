"""A game plugs in without touching railrules: the toy game (toygame.TOY_MODULE),
registered only through RAILRULES_PLUGINS, gets the lint, the kill matrix and the
reports (test_certify) like the built-in games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from harness_paths import HERE

from oracle.games import PLUGINS_ENV, game_module, registered_games
from oracle.harness.killmatrix import kill_matrix
from oracle.harness.lint import lint
from oracle.harness.suite_info import combined_catalogue


@pytest.fixture(autouse=True)
def toy_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def test_the_registry_lists_the_plugin() -> None:
    assert registered_games() == ["18xx", "rocket", "toy"]
    assert game_module("toy").ruling_prefixes == ("TOY-",)


def test_the_lint_runs_on_the_plugin() -> None:
    toy = game_module("toy")
    assert lint([toy], combined_catalogue([toy])) == {}


def test_the_kill_matrix_runs_on_the_plugin() -> None:
    matrix = kill_matrix(["toy"], jobs=2)
    assert matrix["problems"] == [] and matrix["survivors"] == []
    assert matrix["scenarios_without_kills"] == [] and matrix["rulings_without_kills"] == []
    assert matrix["scenarios"] == {"toy": 13}
    assert len(matrix["mutants"]) == 9


def test_an_unknown_plugin_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "toygame:NOT_THERE")
    with pytest.raises(AttributeError):
        registered_games()


def test_railrules_ruling_narrows_the_scenarios(tmp_path: Path) -> None:
    from oracle.harness.results_stream import iter_records
    from oracle.harness.suite_info import front_door
    out = tmp_path / "results.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", str(front_door()), "-p", "oracle.harness.pytest_plugin",
         "--railrules-game", "toy", "--railrules-ruling", "TOY-02", "-q", "-p", "no:xdist",
         "-p", "no:cacheprovider", "--railrules-results", str(out)],
        cwd=tmp_path, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:]
    ran = {str(r["id"]) for r in iter_records(out) if r.get("type") == "result"}
    assert ran and all(sid.startswith("TOY-02-") for sid in ran), ran
