"""``railrules replay TRACE`` plays the implementations the trace records unless
``--impl`` or ``--against`` names others; a trace that records none needs ``--impl``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from harness_paths import HERE

from oracle.harness.cli import main

CRASHER = f"{sys.executable} {HERE / 'fakes' / 'partial.py'} crash_on_move"


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-action trace: the crashing engine dies applying a move."""
    out = tmp_path_factory.mktemp("crash")
    assert main(["fuzz", "--out", str(out), "--progress", "no", "--impl", CRASHER,
                 "--games", "2", "--max-actions", "30"]) == 1
    path = out / "trace.json"
    assert json.loads(path.read_text())["impl"] == CRASHER
    return path


def test_replay_plays_the_traces_implementations(trace: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(trace)]) == 1
    out = capsys.readouterr()
    assert f"replay: A {CRASHER} (the trace's), B oracle (the trace's)" in out.err
    assert "differ: a side failed (crash) applying action 1" in out.out
    assert "stopped: a side gave crash: the adapter closed" in out.out  # the divide


def test_flags_override_the_trace(trace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(trace), "--impl", "oracle", "--no-divide"]) == 0
    out = capsys.readouterr()
    assert "replay: A oracle (--impl), B oracle (the trace's)" in out.err
    assert "agree on every step" in out.out
    assert main(["replay", str(trace), "--against", CRASHER, "--no-divide"]) == 1
    assert f"B {CRASHER} (--against)" in capsys.readouterr().err


def test_a_trace_without_implementations(trace: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(trace.read_text())
    del data["impl"], data["against"]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(bare), "--no-divide"]) == 2
    assert "records no implementation: name one with --impl" in capsys.readouterr().err
    assert main(["replay", str(bare), "--impl", "oracle", "--no-divide"]) == 0
    assert "B oracle (the default)" in capsys.readouterr().err
    data["impl"] = "mutant:no_such_mutant"
    bare.write_text(json.dumps(data))
    assert main(["replay", str(bare), "--no-divide"]) == 2
    assert "no_such_mutant" in capsys.readouterr().err
