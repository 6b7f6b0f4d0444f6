"""The certificate cannot be gamed (issue: an honest certificate), on the real suite.

A mutant served over the protocol is an outside engine like any other: when it
follows neither reading of an open ruling it declares, it fails those scenarios and
is not certified, exactly as it fails them in-process.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from harness_paths import ROOT

from oracle.harness import certify

SHORTFALL = "shortfall or swapped or swap"  # the SR-VETO-08 scenarios of veto_payment


def run(tmp_path: Path, impl: str, scope: str, *extra: str) -> tuple[int, dict[str, object]]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args([
        "--impl", impl, "--root", str(ROOT), "--game", "rocket", *extra,
        "--scope", scope, "--out", str(tmp_path), "--name", "x",
        "--progress", "no", "--quiet", "-j", "0"])
    code = certify.run(args)
    report: dict[str, object] = json.loads((tmp_path / "x" / "report.json").read_text())
    return code, report


def test_a_served_mutant_with_swapped_readings_is_not_certified(tmp_path: Path) -> None:
    code, report = run(tmp_path, "mutant:shortfall_reading_swapped", "SR-VETO-08")
    assert code == 1 and report["certified"] is False
    outcomes = {r["id"]: r["outcome"] for r in report["results"]}  # type: ignore[attr-defined]
    assert outcomes["pay-shortfall-refused"] == "fail"
    assert outcomes["pay-shortfall-bid-allowed"] == "fail"
    assert report["open_rulings"]["SR-VETO-08"]["verdict"] == (  # type: ignore[index]
        "follows none of the readings")


def test_the_oracle_is_certified_for_the_same_scope(tmp_path: Path) -> None:
    code, report = run(tmp_path, "oracle", "SR-VETO-08")
    assert code == 0 and report["certified"] is True
    assert report["coverage"]["rulings"]["SR-VETO-08"]["coverage"] == "graded"  # type: ignore[index]


def test_a_scope_wider_than_the_run_is_not_certified(tmp_path: Path) -> None:
    """Only the shortfall scenarios ran (a ``-k`` selection): every other Rocket ruling
    is untested, and a selection certifies nothing anyway."""
    code, report = run(tmp_path, "oracle", "rocket", "-k", SHORTFALL)
    assert code == 1 and report["certified"] is False
    assert report["selection"] == {"keyword": SHORTFALL}
    games = report["coverage"]["games"]  # type: ignore[index]
    assert games["rocket"]["untested"] > 20  # type: ignore[index]
