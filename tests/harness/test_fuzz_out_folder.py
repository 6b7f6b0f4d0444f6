"""A new ``railrules fuzz`` run into a folder first removes what the last run wrote
there (its stream, settings, summary, worker files and finding) and nothing else;
``--resume`` keeps them (the same campaign goes on)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from harness_paths import HERE

from oracle.harness.cli import main
from oracle.harness.fuzz_campaign import RUN_FILES, clear_last_run
from oracle.harness.fuzz_draft import FINDING_FILES

CRASHER = f"{sys.executable} {HERE / 'fakes' / 'partial.py'} crash_on_move"


def fuzz(out: Path, *argv: str) -> int:
    return main(["fuzz", "--out", str(out), "--progress", "no", "--games", "2",
                 "--max-actions", "30", *argv])


def test_a_new_run_removes_the_last_runs_finding_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz(tmp_path, "--impl", CRASHER) == 1
    assert all((tmp_path / name).is_file() for name in FINDING_FILES)
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep" / "trace.json").write_text("{}")
    (tmp_path / "trace.json.bak").write_text("{}")
    capsys.readouterr()
    assert fuzz(tmp_path, "--impl", "oracle") == 0
    err = capsys.readouterr().err
    assert "removed the last run's games.jsonl, campaign.json, summary.json" in err
    assert "trace.json, draft.feature, test_draft.py, divide.txt" in err
    assert not any((tmp_path / name).exists() for name in FINDING_FILES)
    assert "finding" not in json.loads((tmp_path / "summary.json").read_text())
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "keep" / "trace.json").exists()
    assert (tmp_path / "trace.json.bak").exists()


def test_resume_keeps_the_campaigns_files(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz(tmp_path, "--impl", CRASHER) == 1
    capsys.readouterr()
    assert fuzz(tmp_path, "--impl", CRASHER, "--resume", "--no-shrink") == 1
    assert "removed" not in capsys.readouterr().err
    assert all((tmp_path / name).is_file() for name in FINDING_FILES)


def test_only_files_are_removed(tmp_path: Path) -> None:
    (tmp_path / "trace.json").mkdir()  # not a file fuzz wrote
    (tmp_path / "summary.json").write_text("{}")
    assert clear_last_run(tmp_path) == ["summary.json"]
    assert (tmp_path / "trace.json").is_dir()
    assert set(RUN_FILES) >= {"games.jsonl", "campaign.json", "summary.json"}
