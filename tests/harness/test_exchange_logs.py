"""``--log-exchanges DIR``: every request and reply (or failure) of a scenario in
DIR/<scenario id>.jsonl, the handshakes in DIR/_handshake.jsonl, the HTML report linking
a failing scenario's file, and adapter text in the log bounded and escaped (issue 23,
item 4)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_paths import FAKE, HERE, ROOT

from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.cli import main
from oracle.harness.reports.html_scenario import exchanges_link
from oracle.protocol.client import ProtocolClient
from oracle.protocol.exchange_log import (
    EXCHANGE_BOUND,
    HANDSHAKE_FILE,
    ExchangeLog,
    file_name,
    wire_entry,
)
from oracle.protocol.implementation import Crashed, TimedOut

HOSTILE = f"{sys.executable} {HERE / 'fakes' / 'hostile_text.py'}"
ADD = {"type": "add", "n": 2}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game, registered as an outside game would be (oracle.games)."""
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


def run_certify(out: Path, impl: str, logs: Path, *extra: str) -> tuple[int, Path]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args(["--impl", impl, "--root", str(ROOT), "--game", "toy",
                              "--out", str(out), "--name", "toy", "--timeout", "2",
                              "--restarts", "1", "--progress", "no", "--quiet",
                              "--log-exchanges", str(logs), *extra])
    return certify.run(args), out / "toy"


def lines(path: Path) -> list[dict[str, Any]]:
    text = path.read_bytes().decode("ascii")  # the log is ASCII JSON, whatever was sent
    return [json.loads(line) for line in text.splitlines()]


def test_each_scenario_gets_its_exchanges_and_a_failing_one_is_linked(
        toy: None, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code, out = run_certify(tmp_path / "reports", f"{FAKE} lenient", logs, "-j", "2")
    assert code == 1
    report = json.loads((out / "report.json").read_text())
    results = {r["id"]: r for r in report["results"]}
    assert report["exchange_logs"] == "../../logs"
    # one file per scenario, named by its id, in each of the two workers' scenarios
    files = {p.name for p in logs.iterdir()} - {HANDSHAKE_FILE}
    assert files == {f"{sid}.jsonl" for sid in results}
    for sid, record in results.items():
        assert record["exchanges"] == f"{sid}.jsonl"
        entries = lines(logs / record["exchanges"])
        assert all(e["dir"] in ("->", "<-") and e["t"] >= 0 for e in entries)
        assert [e["t"] for e in entries] == sorted(e["t"] for e in entries)
        sent = [e["line"]["seq"] for e in entries if e["dir"] == "->"]
        read = [e["line"]["seq"] for e in entries if e["dir"] == "<-"]
        assert sent and sent == read, sid  # every request answered, in order, by seq
    # the failing scenario's request and the reply that failed it
    [apply] = [e for e in lines(logs / "TOY-01-b.jsonl")
               if e["dir"] == "->" and e["line"]["cmd"] == "apply"]
    assert apply["line"]["action"] == ADD
    # every start of the adapter (the pre-run handshake, each worker's) logs its handshake,
    # the lines of each start (by its pid) in order, whatever the workers interleave
    starts: dict[int, list[dict[str, Any]]] = {}
    for entry in lines(logs / HANDSHAKE_FILE):
        starts.setdefault(entry["pid"], []).append(entry)
    assert len(starts) >= 3
    for entries in starts.values():
        hello, reply = entries
        assert hello["dir"] == "->" and hello["line"]["cmd"] == "hello"
        assert reply["dir"] == "<-" and reply["line"]["seq"] == hello["line"]["seq"]
    html = (out / "index.html").read_text()
    linked = set(re.findall(r'<a class="log" href="([^"]+)">exchanges</a>', html))
    failing = {sid for sid, r in results.items() if r["outcome"] != "pass"}
    assert failing and linked == {f"../../logs/{sid}.jsonl" for sid in failing}


def test_a_timeout_a_crash_and_text_that_is_no_json_are_logged(tmp_path: Path) -> None:
    log = ExchangeLog(tmp_path)
    for mode, failure in (("hang", TimedOut), ("garbage", Crashed)):
        client = ProtocolClient(f"{FAKE} {mode}", timeout=0.5, start_timeout=5.0,
                                max_restarts=1, exchange_log=log)
        name = log.begin(f"S-{mode}")
        try:
            position = client.new_game("toy", ["a", "b"], {})
            with pytest.raises(failure):
                client.apply("toy", position, ADD)
        finally:
            assert log.end() == name
            client.close()
        last = lines(tmp_path / name)[-1]
        assert last["dir"] == "<-"
        if mode == "hang":
            assert last == {"t": last["t"], "dir": "<-", "line": None,
                            "failure": "timeout: no reply within 0.5 s"}
        else:
            assert last == {"t": last["t"], "dir": "<-", "line": "this is not json",
                            "not_json": True}
    # the closing ``stop`` is no scenario's: it is not logged
    assert {p.name for p in tmp_path.iterdir()} == {"S-hang.jsonl", "S-garbage.jsonl",
                                                    HANDSHAKE_FILE}


def test_hostile_text_in_the_log_is_bounded_and_escaped(toy: None, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    run_certify(tmp_path / "reports", HOSTILE, logs, "-j", "0")
    for path in logs.iterdir():
        data = path.read_bytes()
        assert data.isascii() and b"\x1b" not in data and b"\r" not in data
        lines(path)  # every line is one JSON object
    errored = [e for p in logs.glob("TOY-*.jsonl") for e in lines(p)
               if e["dir"] == "<-" and "errored" in e["line"]]
    assert errored and "certified: yes" in errored[0]["line"]["errored"]["message"]
    # a reply past the bound keeps only its start, and says so
    huge = wire_entry(b'{"seq": 1, "result": "' + b"x" * (2 * EXCHANGE_BOUND) + b'"}')
    assert len(huge["line"]) == EXCHANGE_BOUND and "bytes, the first" in huge["cut"]
    assert wire_entry(b"\xff\xfe not utf-8")["not_json"] is True
    assert wire_entry(b'{"a": NaN}') == {"line": '{"a": NaN}', "not_json": True}


@pytest.mark.parametrize(("scenario", "name"), [
    ("TOY-01-a", "TOY-01-a.jsonl"),
    ("TOY-02-a[0-2]", "TOY-02-a[0-2].jsonl"),
])
def test_a_suite_id_names_its_file_as_it_is(scenario: str, name: str) -> None:
    assert file_name(scenario) == name


@pytest.mark.parametrize("scenario", [
    "../../etc/passwd", "_handshake", "a/b", "a\x00b", ".hidden", "-rf", "", "x" * 500,
    "é\u2028\x1b[2J"])
def test_any_other_id_is_made_a_safe_name_of_its_own(scenario: str) -> None:
    name = file_name(scenario)
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\[\]-]*\.jsonl", name), name
    assert name != HANDSHAKE_FILE and len(name) <= 130
    assert file_name(scenario + "!") != name  # a hash keeps two ids apart


def test_a_folder_no_log_can_be_written_in_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "--log-exchanges", "/proc/x"]) == 2
    assert "argument --log-exchanges: /proc/x: cannot make a folder in /proc" in (
        capsys.readouterr().err)


def test_the_link_is_escaped_and_stays_in_the_logs_folder() -> None:
    evil = {"outcome": "fail", "exchanges": "x\"><img src=x onerror='alert(1)'>.jsonl"}
    assert exchanges_link(evil, "../logs") == (
        ' <a class="log" href="../logs/x%22%3E%3Cimg%20src%3Dx%20onerror%3D%27alert%281%29'
        '%27%3E.jsonl">exchanges</a>')
    assert exchanges_link({"outcome": "fail", "exchanges": "../../etc/passwd"}, "..") == ""
    assert exchanges_link({"outcome": "pass", "exchanges": "A.jsonl"}, "../logs") == ""
    assert exchanges_link({"outcome": "crash", "exchanges": "A[1].jsonl"}, "../logs") == (
        ' <a class="log" href="../logs/A%5B1%5D.jsonl">exchanges</a>')


def test_a_log_that_cannot_be_written_stops_and_grades_nothing_differently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("")
    log = ExchangeLog(taken)
    log.begin("TOY-01-a")
    log.channel(1).sent(b'{"cmd": "hello", "seq": 0}\n')  # raises nothing
    assert log.broken is not None and log.end() is None
    assert "no more exchanges logged" in capsys.readouterr().err
