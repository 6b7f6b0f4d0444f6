"""Reading a results stream strictly (oracle/harness/results_file.py): a corrupted
record is named by its line, a record of no scenario of the run is dropped and counted,
and of a sound stream the last record per key is kept, with the handshakes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from oracle.harness.results_file import (
    ResultsFileError,
    collected_path,
    read_collected,
    read_results,
    write_collected,
)


def record(key: str, outcome: str = "pass", **extra: Any) -> dict[str, Any]:
    return {"type": "result", "key": key, "id": key.rsplit("::", 1)[-1], "name": key,
            "rulings": ["SR-X-01"], "tags": [], "outcome": outcome,
            "steps": [{"keyword": "Given", "text": "a game", "status": "passed"}],
            "open": False, "options": {}, **extra}


def stream(path: Path, *lines: Any, end: str = "\n") -> Path:
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines)
    path.write_text(text + end, encoding="utf-8")
    return path


def test_a_sound_stream_keeps_the_last_record_per_key(tmp_path: Path) -> None:
    hello = {"name": "engine", "version": "1"}
    path = stream(tmp_path / "results.jsonl", record("a"), {"type": "note"},
                  record("b", "fail", handshake=hello), record("a", "crash"))
    got = read_results(path)
    assert got.handshakes == [hello]
    assert [r["outcome"] for r in got.results] == ["crash", "fail"]  # the last per key
    assert got.dropped == 0


def test_a_corrupted_record_is_named_by_its_line(tmp_path: Path) -> None:
    # the report's validation would fail later, naming ``results.1`` (its place in the
    # report) in a traceback; here its line is named
    bad = record("b", "bogus")
    path = stream(tmp_path / "results.jsonl", record("a"), bad, record("c"))
    with pytest.raises(ResultsFileError, match=r"results\.jsonl:2: outcome: 'bogus'") as err:
        read_results(path)
    assert err.value.line == 2


@pytest.mark.parametrize(("line", "words"), [
    ('{"type": "result", "key": ', "not JSON"), ("[1, 2]", "not a JSON object"),
    (json.dumps({"type": "result", "key": "x"}), "record: 'id' is a required property"),
    (json.dumps(record("x", steps="none")), "steps: 'none' is not of type 'array'"),
])
def test_each_kind_of_corruption_names_its_line(tmp_path: Path, line: str, words: str) -> None:
    path = stream(tmp_path / "results.jsonl", record("a"), "", line, record("c"))
    with pytest.raises(ResultsFileError) as err:
        read_results(path)
    assert err.value.line == 3 and words in err.value.message


def test_a_last_line_cut_short_by_a_killed_run_is_forgiven(tmp_path: Path) -> None:
    path = stream(tmp_path / "results.jsonl", record("a"), '{"type": "res', end="")
    assert [r["key"] for r in read_results(path).results] == ["a"]
    # ended by a newline it was written whole: it is corrupted, not cut short
    path = stream(tmp_path / "results.jsonl", record("a"), '{"type": "res')
    with pytest.raises(ResultsFileError, match=":2: not JSON"):
        read_results(path)


def test_records_of_no_scenario_of_the_run_are_dropped_and_counted(tmp_path: Path) -> None:
    path = stream(tmp_path / "results.jsonl", record("a"), record("gone", "fail"),
                  record("b"), record("pasted", "fail", handshake={"name": "forged"}))
    got = read_results(path, collected={"a", "b", "c"})
    assert [r["key"] for r in got.results] == ["a", "b"]
    assert got.dropped == 2 and got.dropped_keys == ("gone", "pasted")
    assert got.handshakes == []  # a dropped record's handshake is not the run's
    # without the collected keys, nothing is dropped
    assert read_results(path).dropped == 0


def test_the_collected_keys_round_trip_beside_the_stream(tmp_path: Path) -> None:
    results = tmp_path / "out" / "results.jsonl"
    assert read_collected(results) is None
    write_collected(results, ["b", "a", "b"])
    assert collected_path(results).name == "results.collected.json"
    assert read_collected(results) == frozenset({"a", "b"})
    assert [p.name for p in collected_path(results).parent.iterdir()] == [
        "results.collected.json"]  # no temporary file left behind
    collected_path(results).write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(ResultsFileError, match="not a JSON list"):
        read_collected(results)


def test_no_stream_is_no_records(tmp_path: Path) -> None:
    got = read_results(tmp_path / "missing.jsonl", collected=set())
    assert (got.results, got.handshakes, got.dropped) == ([], [], 0)


# -- through certify (the toy game) ----------------------------------------------------------

def _certify(tmp_path: Path, *extra: str) -> int:
    import argparse

    from harness_paths import ROOT

    from oracle.harness import certify
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    return certify.run(parser.parse_args([
        "--impl", "oracle", "--root", str(ROOT), "--game", "toy", "--out", str(tmp_path),
        "--name", "toy", "--progress", "no", "--quiet", "-j", "0", *extra]))


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    from harness_paths import HERE

    from oracle.games import PLUGINS_ENV
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def test_certify_drops_a_record_of_no_scenario_and_stays_truthful(
        tmp_path: Path, toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert _certify(tmp_path) == 0
    results = tmp_path / "toy" / "results.jsonl"
    with results.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record("steps/suite.py::test_no_such_scenario", "fail")) + "\n")
    assert _certify(tmp_path, "--resume") == 0
    report = json.loads((tmp_path / "toy" / "report.json").read_text())
    assert report["totals"]["fail"] == 0 and report["certified"] is True
    assert "dropped 1 record" in capsys.readouterr().err


def test_certify_names_the_line_of_a_corrupted_record(
        tmp_path: Path, toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert _certify(tmp_path) == 0
    results = tmp_path / "toy" / "results.jsonl"
    lines = results.read_text().splitlines()
    lines[4] = lines[4].replace('"outcome":"pass"', '"outcome":"bogus"')
    results.write_text("\n".join(lines) + "\n")
    assert _certify(tmp_path, "--resume") == 2
    err = capsys.readouterr().err
    assert "results.jsonl:5: outcome" in err and "Traceback" not in err
