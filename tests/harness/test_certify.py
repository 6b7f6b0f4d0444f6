"""certify end to end on the toy suite: outcomes, open readings, the three reports,
streaming and --resume. Runs pytest in a subprocess, as certify does."""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from harness_paths import FAKE, HERE, ROOT
from html_page import read

from oracle.core.schema import validate
from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.reports.anchors import scenario_anchor


@pytest.fixture(autouse=True)
def toy_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game, registered as an outside game would be (oracle.games)."""
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def run_certify(tmp_path: Path, impl: str, *extra: str) -> tuple[int, Path]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args(["--impl", impl, "--root", str(ROOT), "--game", "toy",
                              "--out", str(tmp_path), "--name", "toy", "--timeout", "1",
                              "--restarts", "1", "--progress", "no", "--quiet", *extra])
    return certify.run(args), tmp_path / "toy"


def load(out: Path) -> dict[str, object]:
    report: dict[str, object] = json.loads((out / "report.json").read_text())
    validate(report, "oracle.harness.data", "report.schema.json", "report")
    return report


def by_id(report: dict[str, object]) -> dict[str, dict[str, object]]:
    return {str(r["id"]): r for r in report["results"]}  # type: ignore[attr-defined]


def test_the_reference_passes_everything(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, "oracle")
    report = load(out)
    assert code == 0 and report["certified"] is True
    assert report["totals"]["pass"] == 13  # type: ignore[index]
    assert report["open_rulings"]["TOY-OPEN-01"]["follows"] == [  # type: ignore[index]
        "step_max=2", "step_max=3"]


def test_a_wrong_adapter_fails_and_its_reading_is_named(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, f"{FAKE} lenient")
    report = load(out)
    assert code == 1 and report["certified"] is False
    results = by_id(report)
    assert results["TOY-01-b"]["outcome"] == "fail"
    # It accepts adding past the limit and hands back a total past it: a position the
    # game's own load refuses, so the When fails (docs/protocol.md, "Validation").
    assert results["TOY-01-b"]["failed_step"]["text"] == (  # type: ignore[index]
        "the player adds 2")
    assert "at total: is past the limit" in str(results["TOY-01-b"]["observed"])
    # A declared reading that fails is a failure, not a skip (the adapter declares
    # every reading by declaring nothing: the default handshake).
    assert results["TOY-OPEN-01-a"]["outcome"] == "fail"
    assert report["totals"]["fail"] == 3  # type: ignore[index]
    # it accepts adding 4 too, so it follows neither reading of TOY-OPEN-01
    assert report["open_rulings"]["TOY-OPEN-01"]["verdict"] == (  # type: ignore[index]
        "follows none of the readings")
    assert report["rulings"]["TOY-01"]["text"] == (  # type: ignore[index]
        "The total may not pass the limit.")
    junit = ET.parse(out / "junit.xml").getroot()
    assert junit.get("tests") == "13" and junit.get("failures") == "3"
    html = (out / "index.html").read_text()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;exactly&lt;/b&gt;" in html  # the ruling's words are escaped too
    assert "expected" in html and "add/past_limit" in html
    # the page leads with the failures, every link resolves, the boards are files
    page = read(html)
    assert page.broken(out) == [] and page.images and (out / "boards").is_dir()
    failed = {scenario_anchor(str(r["id"])) for r in results.values()
              if r["outcome"] == "fail"}
    assert set(page.cards[:len(failed)]) == failed
    # the collector says which moment each board shows: after the When's step that was
    # accepted; before a When whose answer was not taken (it failed)
    assert results["TOY-OPEN-01-a"]["board"] == {"step": 1, "action": "accepted"}
    assert results["TOY-01-b"]["board"] == {"step": 0, "action": "none"}
    assert "Before the When: its answer was not taken" in html


def test_a_crashing_adapter_is_graded_crash_not_fail(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, f"{FAKE} crash")
    report = load(out)
    assert code == 1
    outcomes = {str(r["outcome"]) for r in report["results"]}  # type: ignore[attr-defined]
    assert "crash" in outcomes and "fail" not in outcomes


def test_resume_keeps_results_and_runs_only_the_rest(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, "oracle")
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 13
    # A killed run: three records and half a line.
    (out / "results.jsonl").write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])
    code, out = run_certify(tmp_path, "oracle", "--resume")
    again = (out / "results.jsonl").read_text().splitlines()
    assert code == 0 and len(again) == 13
    assert again[:3] == lines[:3]
    assert load(out)["scenarios"] == 13


def test_one_pass_and_the_rest_unsupported_is_not_certified(tmp_path: Path) -> None:
    """An adapter that answers queries but answers every action unsupported, without
    declaring it, passes TOY-02 only: the undeclared gaps withhold TOY-01 and TOY-03 as
    failures would (tests/harness/test_unforgeable.py has the declared kind)."""
    code, out = run_certify(tmp_path, f"{FAKE} unsupported_apply")
    report = load(out)
    assert code == 1 and report["certified"] is False
    cover = report["coverage"]["rulings"]  # type: ignore[index]
    assert cover["TOY-01"]["coverage"] == "not-graded"
    assert cover["TOY-01"]["verdict"] == "fail"
    assert cover["TOY-02"]["coverage"] == "graded"
    assert any("TOY-01: undeclared-gap" in w for w in  # type: ignore[attr-defined]
               report["coverage"]["not_certified_because"])  # type: ignore[index]
    code, out = run_certify(tmp_path, f"{FAKE} unsupported_apply", "--scope", "TOY-02")
    report = load(out)
    assert code == 0 and report["certified"] is True
    assert report["scope"]["name"] == "TOY-02"  # type: ignore[index]


def test_a_failure_while_building_the_position_is_a_setup_error(tmp_path: Path) -> None:
    """The picky adapter refuses positions with a total above 5: the scenarios that
    start there fail in their Given step, which blames no ruling."""
    code, out = run_certify(tmp_path, f"{FAKE} picky")
    report = load(out)
    results = by_id(report)
    assert results["TOY-01-b"]["outcome"] == "setup-error"
    assert results["TOY-01-b"]["failed_step"]["type"] == "given"  # type: ignore[index]
    assert results["TOY-01-a"]["outcome"] == "setup-error"
    assert results["TOY-OPEN-01-b"]["outcome"] == "pass"
    assert code == 1 and report["certified"] is False
    # blamed on no ruling: TOY-01 was never put to the adapter
    assert report["coverage"]["rulings"]["TOY-01"]["verdict"] == "not-graded"  # type: ignore[index]


def test_an_unknown_scope_is_refused_before_running(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, "oracle", "--scope", "NOPE")
    assert code == 2 and not (out / "report.json").exists()


def test_catalogue_scope_lists_rulings_without_scenarios(tmp_path: Path) -> None:
    code, out = run_certify(tmp_path, "oracle", "--scope", "catalogue")
    report = load(out)
    assert report["catalogue_without_scenarios"] == []
    assert code == 0
