"""Processes and signals: no adapter, child of an adapter, pytest or worker outlives the
run; SIGINT, SIGTERM and the deadline end certify and fuzz with what was done kept; the
memory bound (oracle.protocol.lifetime, oracle.harness.stopping; docs/certify.md).

The adapter is tests/harness/fakes/stubborn.py: every process of it (and its child)
carries a marker on its command line, so a test finds them in /proc, in the sandbox too.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness_paths import HERE, ROOT
from requires import needs_sandbox

from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.cli import main
from oracle.protocol.client import ProtocolClient
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB

STUBBORN = f"{sys.executable} {HERE / 'fakes' / 'stubborn.py'}"
NODE = shutil.which("node")
ISOLATIONS = ["no", pytest.param("yes", marks=needs_sandbox)]


@pytest.fixture(autouse=True)
def toy_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


@pytest.fixture
def marker() -> Iterator[str]:
    """A word only this test's processes carry; whatever is left of them at the end is
    killed (the test has failed by then)."""
    word = f"mark{uuid.uuid4().hex[:12]}"
    yield word
    for pid in alive(marked(word)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def _stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    return raw[raw.rfind(b")") + 2:].decode().split()


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie is dead)."""
    return {p for p in pids if (st := _stat(p)) is not None and st[0] != "Z"}


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def marked(word: str, what: str = "") -> set[int]:
    """Processes whose command line carries ``word`` (and ``what``)."""
    return {int(p) for p in os.listdir("/proc") if p.isdigit()
            and word in (line := cmdline(int(p))) and what in line} - {os.getpid()}


def descendants(root: int) -> set[int]:
    children: dict[int, set[int]] = {}
    for p in os.listdir("/proc"):
        if p.isdigit() and (st := _stat(int(p))) is not None:
            children.setdefault(int(st[1]), set()).add(int(p))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def wait_for(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.1)


def left_after(pids: set[int], timeout: float) -> dict[int, str]:
    """Those of ``pids`` still running after ``timeout`` seconds, with their commands."""
    deadline = time.monotonic() + timeout
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return {p: cmdline(p) for p in alive(pids)}


def children_of_adapters(word: str) -> set[int]:
    return alive(marked(word, "time.sleep(600)"))


def railrules(*argv: str, output: int = subprocess.PIPE) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "oracle.harness.cli", *argv], cwd=ROOT,
                            stdout=output, stderr=output, text=True)


def certify_argv(out: Path, impl: str, *extra: str) -> list[str]:
    return ["certify", "--impl", impl, "--root", str(ROOT), "--game", "toy", "--out",
            str(out), "--name", "toy", "--timeout", "5", "--restarts", "1", "--progress",
            "no", "--quiet", *extra]


def results_count(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


# -- AdapterProcess: the whole group, and the parent-death signal ---------------------------

@pytest.mark.parametrize("isolate", ISOLATIONS)
def test_an_adapter_that_exits_takes_its_background_child_along(isolate: str,
                                                                 marker: str) -> None:
    client = ProtocolClient(f"{STUBBORN} {marker} --child", isolate=isolate, max_restarts=0)
    assert client.hello()["name"] == "railrules-oracle"
    wait_for(lambda: children_of_adapters(marker), 10, "the adapter's child")
    client.close()  # stop, end of input: the adapter exits and leaves its child
    assert left_after(marked(marker), 5) == {}


STARTER = """
import sys, time
from oracle.protocol.client import ProtocolClient
client = ProtocolClient(sys.argv[1], isolate=sys.argv[2], max_restarts=0)
client.hello()
print(client.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("isolate", ISOLATIONS)
def test_an_adapter_dies_with_the_process_that_started_it(isolate: str, marker: str) -> None:
    """kill -9 of the grader: an adapter that ignores end of input still goes."""
    starter = subprocess.Popen(
        [sys.executable, "-c", STARTER, f"{STUBBORN} {marker} --deaf", isolate],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert starter.stdout is not None
        assert int(starter.stdout.readline())
        adapters = alive(marked(marker, "stubborn.py")) - {starter.pid}
        assert adapters
    finally:
        starter.kill()
        starter.wait()
    assert left_after(adapters, 5) == {}


def test_the_default_memory_bound_lets_node_and_railrules_serve_start() -> None:
    commands = [f"{sys.executable} -m oracle.harness.cli serve"]
    if NODE is not None:
        commands.append(f"{NODE} {ROOT / 'examples' / 'js-rocket' / 'adapter.mjs'}")
    for command in commands:
        client = ProtocolClient(command, isolate="no", max_restarts=0, cwd=str(ROOT))
        try:
            assert client.memory_mib == DEFAULT_MEMORY_MIB == 8192
            assert client.hello()["games"]
            pid = client.pid
            assert pid is not None
            limits = Path(f"/proc/{pid}/limits").read_text()
            line = next(x for x in limits.splitlines() if x.startswith("Max address space"))
            assert line.split()[3:5] == [str(8192 << 20)] * 2, line
        finally:
            client.close()


# -- certify: kill -9, SIGINT, SIGTERM, the deadline, the memory bound ------------------------

@pytest.mark.parametrize("isolate", ISOLATIONS)
def test_kill_9_of_certify_leaves_no_process_of_the_run(tmp_path: Path, marker: str,
                                                        isolate: str) -> None:
    impl = f"{STUBBORN} {marker} --deaf --child --slow 0.3"
    run = railrules(*certify_argv(tmp_path, impl, "-j", "2", "--isolate", isolate),
                    output=subprocess.DEVNULL)
    try:
        # both workers have an adapter, and each adapter its child
        wait_for(lambda: len(children_of_adapters(marker)) >= 2, 60, "two adapters")
        everything = descendants(run.pid) | marked(marker)
        assert len(everything) >= 6  # pytest, 2 workers, 2 adapters, 2 children
    finally:
        run.kill()  # kill -9
        run.wait()
    assert left_after(everything | marked(marker), 8) == {}


def _stop_certify(tmp_path: Path, marker: str, signum: int, jobs: str
                  ) -> tuple[int, str, dict[str, object], set[int]]:
    impl = f"{STUBBORN} {marker} --deaf --child --slow 0.3"
    run = railrules(*certify_argv(tmp_path, impl, "-j", jobs, "--isolate", "no"))
    out, err, everything = _signal_when(run, tmp_path / "toy" / "results.jsonl",
                                        "a first result", marker, signum)
    report = json.loads((tmp_path / "toy" / "report.json").read_text())
    return run.returncode, out + err, report, everything


def _signal_when(run: subprocess.Popen[str], stream: Path, what: str, marker: str,
                 signum: int) -> tuple[str, str, set[int]]:
    """Send ``signum`` to ``run`` once ``stream`` holds a line; its output, and every
    process of the run (for checking none is left)."""
    try:
        wait_for(lambda: results_count(stream) >= 1, 60, what)
        everything = descendants(run.pid) | marked(marker)
        run.send_signal(signum)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    return out, err, everything


@pytest.mark.parametrize(("signum", "jobs", "code"), [
    (signal.SIGINT, "2", 130), (signal.SIGTERM, "0", 143)])
def test_a_signal_stops_certify_with_a_partial_report(tmp_path: Path, marker: str,
                                                      signum: int, jobs: str,
                                                      code: int) -> None:
    returncode, output, report, everything = _stop_certify(tmp_path, marker, signum, jobs)
    name = signal.Signals(signum).name
    assert returncode == code, output
    assert "Traceback" not in output
    assert f"railrules certify: interrupted by {name}: stopped after" in output
    assert report["partial"] is True and report["certified"] is False
    assert f"the run did not finish: interrupted by {name} (partial)" in \
        report["withheld_because"]  # type: ignore[operator]
    assert 1 <= int(report["scenarios"]) < 13  # type: ignore[call-overload]
    assert left_after(everything | marked(marker), 5) == {}


def run_certify(tmp_path: Path, impl: str, *extra: str) -> tuple[int, Path]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args(certify_argv(tmp_path, impl, *extra)[1:])
    return certify.run(args), tmp_path / "toy"


def test_the_deadline_stops_certify_with_a_partial_report(tmp_path: Path,
                                                          marker: str) -> None:
    started = time.monotonic()
    code, out = run_certify(tmp_path, f"{STUBBORN} {marker} --deaf --child --slow 0.5",
                            "-j", "0", "--isolate", "no", "--deadline", "4")
    assert code == 124
    assert time.monotonic() - started < 4 + 15
    report = json.loads((out / "report.json").read_text())
    assert report["partial"] is True
    assert "the run did not finish: the deadline of 4 s passed (partial)" in \
        report["withheld_because"]
    assert left_after(marked(marker), 5) == {}


@pytest.mark.parametrize("bad", ["0", "-1", "soon"])
def test_a_deadline_must_be_a_positive_number_of_seconds(bad: str) -> None:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    assert parser.parse_args(["--deadline", "1.5"]).deadline == 1.5
    assert parser.parse_args([]).deadline is None
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["--deadline", bad])
    assert stop.value.code == 2


@pytest.mark.parametrize("isolate", ISOLATIONS)
def test_an_adapter_past_its_memory_bound_crashes(tmp_path: Path, marker: str,
                                                  isolate: str) -> None:
    code, out = run_certify(tmp_path, f"{STUBBORN} {marker} --alloc 2048", "-j", "0",
                            "--isolate", isolate, "--adapter-memory", "512",
                            "--scenario", "TOY-01-a")
    report = json.loads((out / "report.json").read_text())
    [record] = report["results"]
    assert record["outcome"] == "crash", record
    assert "MemoryError" in record["stderr"]
    assert json.loads((out / "run.json").read_text())["options"]["adapter_memory"] == 512
    assert code == 1


# -- fuzz ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_fuzz_keeping_its_games(tmp_path: Path, marker: str, signum: int,
                                               code: int) -> None:
    run = railrules("fuzz", "--impl", f"{STUBBORN} {marker} --deaf --child --slow 0.02",
                    "--game", "toy", "--games", "500", "--out", str(tmp_path),
                    "--progress", "no")
    out, err, everything = _signal_when(run, tmp_path / "games.jsonl", "a first game", marker,
                                        signum)
    assert run.returncode == code, err
    assert "Traceback" not in out + err
    assert f"interrupted by {signal.Signals(signum).name}: stopped after" in err
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert lines and all(json.loads(line)["outcome"] for line in lines)
    assert left_after(everything | marked(marker), 5) == {}


def test_the_deadline_stops_fuzz(tmp_path: Path, marker: str) -> None:
    # 8 s: on a loaded machine (a load of 6 on two cores) the served fake's start and
    # first slow game took more than 3 s, and a run stopped before any game is no proof
    # that the games already played are kept
    code = main(["fuzz", "--impl", f"{STUBBORN} {marker} --deaf --child --slow 0.05",
                 "--game", "toy", "--games", "500", "--out", str(tmp_path),
                 "--progress", "no", "--deadline", "8"])
    assert code == 124
    assert (tmp_path / "games.jsonl").read_text().splitlines()
    assert left_after(marked(marker), 5) == {}
