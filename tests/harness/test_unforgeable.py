"""The certificate cannot be gamed: each route a hostile engine author tried
(docs/certify.md, "Threat model") ends in "not certified" or "partial", and an honest
engine is still certified with nothing withheld.

The routes: selective ``unsupported`` and ``skipped``, a dodged command, a filtered run,
impersonation with ``--resume``. (Forged results: tests/harness/test_sandbox.py; a schema
liar: tests/harness/test_validated_replies.py.) Toy-game runs are quick; the real-suite
runs grade a served mutant on the one or two rulings it breaks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest
from harness_paths import FAKE, HERE, ROOT

from oracle.core.schema import validate
from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.run_record import implementation_name

GAMER = f"{sys.executable} {HERE / 'fakes' / 'gamer.py'}"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game, registered as an outside game would be (oracle.games)."""
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def certify_run(out: Path, impl: str, *extra: str, game: str = "toy",
                name: str | None = "x") -> tuple[int, dict[str, object], Path]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    argv = ["--impl", impl, "--root", str(ROOT), "--game", game, "--out", str(out),
            "--timeout", "5", "--restarts", "1", "--progress", "no", "--quiet", "-j", "0",
            *extra]
    if name is not None:
        argv += ["--name", name]
    args = parser.parse_args(argv)
    code = certify.run(args)
    folder = out / implementation_name(args.impl, args) if name is None else out / name
    report: dict[str, object] = {}
    if (folder / "report.json").exists():
        report = json.loads((folder / "report.json").read_text())
        validate(report, "oracle.harness.data", "report.schema.json", "report")
    return code, report, folder


def outcomes(report: dict[str, object]) -> dict[str, str]:
    return {str(r["id"]): str(r["outcome"]) for r in report["results"]}  # type: ignore[attr-defined]


def why(report: dict[str, object]) -> str:
    return " | ".join(report["coverage"]["not_certified_because"])  # type: ignore[index]


# -- declared gaps only -----------------------------------------------------------------------

@pytest.mark.parametrize("tactic", ["selective_unsupported", "selective_skipped"])
def test_a_gap_chosen_at_run_time_withholds_the_certificate(
        tmp_path: Path, toy: None, tactic: str) -> None:
    """The lenient engine hides every answer it gets wrong behind a gap it never declared:
    every other scenario passes, and it is still not certified."""
    code, report, _ = certify_run(tmp_path, f"{GAMER} {tactic}")
    assert code == 1 and report["certified"] is False
    got = outcomes(report)
    assert got["TOY-01-b"] == "undeclared-gap"
    assert "fail" not in got.values()  # nothing it answered was wrong
    assert report["totals"]["undeclared-gap"] >= 2  # type: ignore[index]
    assert "TOY-01: undeclared-gap" in why(report)
    assert report["pass_rate"] < 1  # type: ignore[operator]


def test_a_dodged_command_withholds_the_certificate(tmp_path: Path, toy: None) -> None:
    code, report, _ = certify_run(tmp_path, f"{GAMER} dodge_legal", "--scope", "TOY-02")
    assert code == 1 and report["certified"] is False
    assert set(outcomes(report).values()) == {"undeclared-gap"}
    assert report["coverage"]["rulings"]["TOY-02"]["verdict"] == "fail"  # type: ignore[index]


def test_a_declared_gap_leaves_its_rulings_not_graded(tmp_path: Path, toy: None) -> None:
    """Declared in the handshake, the gap is never asked: its rulings are listed as not
    graded and never certified; a scope without them is certified."""
    code, report, _ = certify_run(tmp_path, f"{GAMER} declare_legal", "--scope", "TOY-02")
    assert code == 1 and report["certified"] is False
    assert set(outcomes(report).values()) == {"unsupported"}
    assert report["declared_gaps"] == {"toy": ["legal_actions"]}
    entry = report["coverage"]["rulings"]["TOY-02"]  # type: ignore[index]
    assert entry["coverage"] == "unsupported" and entry["verdict"] == "unsupported"
    assert "declared gap legal_actions" in why(report)
    code, report, _ = certify_run(tmp_path, f"{GAMER} declare_apply", "--scope", "TOY-02")
    assert code == 0 and report["certified"] is True


def test_one_unsupported_scenario_is_enough_to_withhold_a_ruling(
        tmp_path: Path, toy: None) -> None:
    """TOY-03 has scenarios with and without an action: a ruling passes only whole."""
    code, report, _ = certify_run(tmp_path, f"{GAMER} declare_apply", "--scope", "TOY-03")
    got = outcomes(report)
    assert got["TOY-03-a"] == "pass" and got["TOY-03-b"] == "unsupported"
    assert code == 1 and report["certified"] is False
    assert report["coverage"]["rulings"]["TOY-03"]["verdict"] == "unsupported"  # type: ignore[index]


def test_a_reading_not_followed_is_left_out_and_one_reading_must_pass_whole(
        tmp_path: Path, toy: None) -> None:
    code, report, _ = certify_run(tmp_path, f"{GAMER} honest_reading3",
                                  "--scope", "TOY-OPEN-01")
    assert code == 0 and report["certified"] is True
    entry = report["coverage"]["rulings"]["TOY-OPEN-01"]  # type: ignore[index]
    assert entry["readings_not_followed"] == ["step_max=2"]
    assert outcomes(report)["TOY-OPEN-01-a"] == "unsupported"


def test_the_honest_toy_oracle_is_certified_with_nothing_withheld(
        tmp_path: Path, toy: None) -> None:
    for impl in ("oracle", f"{FAKE} good"):
        code, report, _ = certify_run(tmp_path, impl)
        assert code == 0 and report["certified"] is True, why(report)
        assert set(outcomes(report).values()) == {"pass"}
        assert report["pass_rate"] == 1 and report["withheld_because"] == []
        assert report["coverage"]["not_certified_because"] == []  # type: ignore[index]


# -- a certificate is a whole-scope run ---------------------------------------------------------

@pytest.mark.parametrize("selection", [["-k", "legal"], ["--ruling", "TOY-02"],
                                       ["--scenario", "TOY-02-b,TOY-02-c"]])
def test_a_selection_is_partial_and_recorded(tmp_path: Path, toy: None,
                                              selection: list[str]) -> None:
    code, report, _ = certify_run(tmp_path, "oracle", "--scope", "TOY-02", *selection)
    assert set(outcomes(report).values()) == {"pass"}
    assert code == 1 and report["certified"] is False
    assert report["selection"] and "selection" in " ".join(
        report["withheld_because"])  # type: ignore[arg-type]


def test_the_scope_narrows_what_runs(tmp_path: Path, toy: None) -> None:
    code, report, _ = certify_run(tmp_path, "oracle", "--scope", "TOY-02")
    assert code == 0 and report["certified"] is True and report["selection"] is None
    assert sorted(outcomes(report)) == ["TOY-02-a[0-2]", "TOY-02-a[9-1]", "TOY-02-b",
                                        "TOY-02-c"]


# -- resume and the report folder -----------------------------------------------------------

def test_resume_refuses_another_engines_results(tmp_path: Path, toy: None) -> None:
    """The lenient adapter gives the honest one's handshake (name and version): it can
    neither resume nor overwrite the honest engine's results."""
    code, good, good_dir = certify_run(tmp_path, f"{FAKE} good", name=None)
    assert code == 0 and good["certified"] is True
    code, _, bad_dir = certify_run(tmp_path, f"{FAKE} lenient", "--resume", name=None)
    assert code == 2 and bad_dir != good_dir  # a folder of its own: nothing to resume
    code, bad, bad_dir = certify_run(tmp_path, f"{FAKE} lenient", name=None)
    assert code == 1 and bad["certified"] is False
    assert json.loads((good_dir / "report.json").read_text())["certified"] is True
    # the same folder named by hand: the earlier run's command differs
    certify_run(tmp_path, f"{FAKE} good", name="shared")
    code, _, _ = certify_run(tmp_path, f"{FAKE} lenient", "--resume", name="shared")
    assert code == 2


def test_resume_refuses_a_different_scope_or_options(
        tmp_path: Path, toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    certify_run(tmp_path, "oracle", "--scope", "TOY-02")
    code, _, _ = certify_run(tmp_path, "oracle", "--scope", "TOY-03", "--resume")
    assert code == 2 and "differs in scope" in capsys.readouterr().err
    code, _, _ = certify_run(tmp_path, "oracle", "--scope", "TOY-02", "--timeout", "9",
                             "--resume")
    assert code == 2 and "options" in capsys.readouterr().err
    code, report, _ = certify_run(tmp_path, "oracle", "--scope", "TOY-02", "--resume")
    assert code == 0 and report["certified"] is True


# -- the real suite: served mutants that game it -------------------------------------------------

@pytest.mark.parametrize(("tactic", "mutant", "scope"), [
    ("selective_unsupported", "defence_is_free", "SR-VETO-04,SR-VETO-07"),
    ("selective_skipped", "two_lines_allowed", "SR-ISO-06"),
    ("dodge_legal", "legal_offers_eighth_station", "SR-STA-02"),
])
def test_a_mutant_that_games_the_real_suite_is_not_certified(
        tmp_path: Path, tactic: str, mutant: str, scope: str) -> None:
    code, report, _ = certify_run(tmp_path, f"{GAMER} {tactic} {mutant}", "--scope", scope,
                                  game="rocket")
    assert code == 1 and report["certified"] is False, why(report)
    assert report["totals"]["undeclared-gap"] > 0  # type: ignore[index]
    for rid in scope.split(","):
        assert report["coverage"]["rulings"][rid]["verdict"] != "pass"  # type: ignore[index]


def test_the_filtered_run_of_the_audit_is_partial(tmp_path: Path) -> None:
    code, report, _ = certify_run(tmp_path, "mutant:stations_never_move", "-k",
                                  "station_under_the_locomotive", "--scope", "SR-STA-01",
                                  game="rocket")
    assert code == 1 and report["certified"] is False
    assert report["selection"] == {"keyword": "station_under_the_locomotive"}
