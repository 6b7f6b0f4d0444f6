"""The adapter runs isolated (oracle.protocol.sandbox): a hostile adapter (fakes/forger.py)
can neither forge the results stream, nor write outside its scratch folder, nor reach the
network, nor see the grader's processes, paths or environment; and no adapter can claim
isolation through its own handshake."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness_paths import FAKE, HERE
from requires import needs_sandbox
from test_certify import run_certify

from oracle.games import PLUGINS_ENV
from oracle.harness.proc_cpu import _children
from oracle.protocol import sandbox
from oracle.protocol.client import ProtocolClient
from oracle.protocol.sandbox import SandboxUnavailable

FORGER = f"{sys.executable} {HERE / 'fakes' / 'forger.py'}"


@pytest.fixture(autouse=True)
def toy_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game, registered as an outside game would be (as in test_certify)."""
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A TCP port on 127.0.0.1 the forger tries to reach."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen(5)
        server.setblocking(False)
        yield server


@pytest.fixture
def outside_tmp(tmp_path: Path) -> Iterator[Path]:
    """A writable folder outside the adapter's scratch folder, so writing there shows
    whether the filesystem is read-only."""
    try:
        folder = Path(tempfile.mkdtemp(prefix="railrules-sandbox-", dir="/var/tmp"))
    except OSError:
        folder = tmp_path / "outside"
        folder.mkdir()
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def reached(server: socket.socket) -> bool:
    try:
        server.accept()[0].close()
    except BlockingIOError:
        return False
    return True


def gone(pids: list[int], within: float = 5.0) -> bool:
    """Whether every process in ``pids`` has ended (a zombie has) within ``within`` s."""
    deadline = time.monotonic() + within
    while True:
        alive = []
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state not in ("Z", "X"):
                alive.append(pid)
        if not alive or time.monotonic() > deadline:
            return not alive
        time.sleep(0.05)


def forger(mode: str, mark: Path, server: socket.socket) -> str:
    return f"{FORGER} {mode} {mark} {server.getsockname()[1]}"


def records(results: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in results.read_text().splitlines() if line.strip()]


# -- units: no sandbox needed ----------------------------------------------------------------

def test_relative_words_become_absolute(tmp_path: Path) -> None:
    (tmp_path / "adapter").mkdir()
    (tmp_path / "adapter" / "main.py").write_text("")
    (tmp_path / "python3").write_text("")  # a command name is looked up on PATH, not here
    (tmp_path / "my engine.py").write_text("")
    rewrite = sandbox.absolute_paths
    assert rewrite("python3 adapter/main.py --fast x", str(tmp_path)) == shlex.join(
        ["python3", str(tmp_path / "adapter" / "main.py"), "--fast", "x"])
    assert rewrite("./adapter/main.py", str(tmp_path)) == str(tmp_path / "adapter" / "main.py")
    assert rewrite("node 'my engine.py' adapter", str(tmp_path)) == shlex.join(
        ["node", str(tmp_path / "my engine.py"), str(tmp_path / "adapter")])
    for unchanged in ("python3 /abs/adapter.py", "python3 missing.py",
                      "cd adapter && python3 main.py", "python3 'adapter/main.py",
                      "python3 adapter/main.py > log"):
        assert rewrite(unchanged, str(tmp_path)) == unchanged


def test_the_environment_is_an_allow_list_without_grader_paths(tmp_path: Path) -> None:
    results = str(tmp_path / "out" / "results.jsonl")
    env = sandbox.sandbox_env(
        {"PATH": "/usr/bin:bin", "PYTHONPATH": str(HERE), "NODE_PATH": f"/x:{results}",
         "SECRET": "s", "HOME": "/root", "LANG": "C.UTF-8", "JAVA_HOME": "/jdk"},
        str(tmp_path), [results], "/scratch")
    assert env == {"PATH": f"/usr/bin:{tmp_path / 'bin'}", "PYTHONPATH": str(HERE),
                   "LANG": "C.UTF-8", "JAVA_HOME": "/jdk", "HOME": "/scratch",
                   "TMPDIR": "/scratch"}
    argv, _ = sandbox.wrap("true", cwd=str(tmp_path), grader_paths=[results],
                           environ={"PATH": "/usr/bin", "NODE_PATH": results},
                           scratch="/scratch")
    assert results not in " ".join(argv)
    for flag in ("--unshare-all", "--die-with-parent", "--new-session", "--clearenv"):
        assert flag in argv
    assert argv[-3:] == ["/bin/sh", "-c", "true"]


def test_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "available", lambda: (False, "testing"))
    assert sandbox.choose("auto").as_json() == {
        "isolated": False, "method": "none", "reason": "no working sandbox: testing"}
    assert sandbox.choose("no").method == "none"
    with pytest.raises(SandboxUnavailable, match="testing"):
        sandbox.choose("yes")
    with pytest.raises(SandboxUnavailable):
        ProtocolClient(f"{FAKE} good", isolate="yes")
    with pytest.raises(ValueError, match="maybe"):
        ProtocolClient(f"{FAKE} good", isolate="maybe")


# -- the harness's word on isolation -----------------------------------------------------------

def hello_of(command: str, isolate: str) -> dict[str, Any]:
    client = ProtocolClient(command, isolate=isolate)
    try:
        return client.hello()
    finally:
        client.close()


def test_isolate_no_is_reported_and_an_adapter_cannot_claim_isolation(
        tmp_path: Path, listener: socket.socket) -> None:
    """The forger says in its own handshake that it runs isolated, under bwrap."""
    hello = hello_of(forger("good", tmp_path / "mark", listener), "no")
    assert hello["isolation"] == {"isolated": False, "method": "none",
                                  "reason": "isolation turned off (--isolate no)"}


@needs_sandbox
def test_the_isolation_reported_is_the_harness_s(tmp_path: Path,
                                                 listener: socket.socket) -> None:
    hello = hello_of(forger("good", tmp_path / "mark", listener), "auto")
    assert hello["isolation"] == {"isolated": True, "method": "bwrap",
                                  "reason": sandbox.ISOLATED_REASON}


def test_isolate_yes_without_a_sandbox_stops_before_running(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        listener: socket.socket) -> None:
    monkeypatch.setattr(sandbox, "available", lambda: (False, "bwrap is not installed"))
    code, out = run_certify(tmp_path, forger("good", tmp_path / "mark", listener),
                            "--isolate", "yes")
    err = capsys.readouterr().err
    assert code == 2 and not out.exists() and not (tmp_path / "mark").exists()
    assert err.count("\n") == 1 and "bwrap is not installed" in err
    assert not reached(listener)  # the adapter never started


# -- isolated: the forger is contained ---------------------------------------------------------

@needs_sandbox
def test_an_isolated_adapter_is_contained(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          listener: socket.socket, outside_tmp: Path) -> None:
    results = tmp_path / "report" / "results.jsonl"
    results.parent.mkdir()
    results.write_text(json.dumps({"id": "TOY-01-b", "outcome": "fail"}) + "\n")
    mark = outside_tmp
    monkeypatch.setenv("NODE_PATH", f"/nowhere:{results}")  # allowed, but names the results
    monkeypatch.setenv("RAILRULES_SECRET", str(results))  # not on the allow-list
    client = ProtocolClient(forger("good", mark, listener), isolate="yes",
                            grader_paths=[str(results)], cwd=str(HERE))
    try:
        probe = client.hello()["probe"]
        served = client.pid
        assert served is not None
        tree, todo = [], [served]
        while todo:
            tree.append(todo.pop())
            todo += _children(tree[-1])
        client._drop()  # killed with its process group: the whole sandbox goes
        assert len(tree) >= 3 and gone(tree)
    finally:
        client.close()
    assert not (mark / "forged.txt").exists()
    assert "Read-only file system" in probe["mark"]
    assert probe["net"].startswith("failed") and not reached(listener)
    scratch = probe["cwd"]  # its own folder, made for this start, removed with it
    assert Path(scratch).name.startswith("railrules-adapter-")
    assert probe["cwd_writable"] == "ok" and not Path(scratch).exists()
    assert probe["results_found"] == [] and probe["forged"] == []
    assert probe["env"]["HOME"] == scratch and probe["env"]["TMPDIR"] == scratch
    assert "NODE_PATH" not in probe["env"] and "RAILRULES_SECRET" not in probe["env"]
    seen = json.dumps([probe["argv"], probe["env"], probe["seen"]])
    assert str(results) not in seen and str(results.parent) not in seen
    # its own PID namespace: bwrap, the shell and itself (the grader's processes are not there)
    assert probe["pids"] <= 4 and probe["ancestors"] <= 3
    grader = Path(f"/proc/{os.getpid()}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    assert not any(grader.strip() in text for text in probe["seen"])
    assert records(results) == [{"id": "TOY-01-b", "outcome": "fail"}]


@needs_sandbox
def test_a_relative_command_works_in_the_sandbox() -> None:
    client = ProtocolClient(f"{sys.executable} fakes/fake_adapter.py good", cwd=str(HERE),
                            isolate="yes", max_restarts=0)
    try:
        assert client.hello()["isolation"]["isolated"] is True
        assert client.canonical("toy", client.new_game("toy", ["a", "b"], {}))["total"] == 0
    finally:
        client.close()


@needs_sandbox
def test_a_wrong_forger_is_not_certified_under_isolation(tmp_path: Path,
                                                         listener: socket.socket) -> None:
    mark = tmp_path / "mark"
    mark.mkdir()
    code, out = run_certify(tmp_path / "reports", forger("lenient", mark, listener),
                            "--isolate", "yes")
    assert code == 1
    outcomes = {r.get("id"): r.get("outcome") for r in records(out / "results.jsonl")}
    assert outcomes["TOY-01-b"] == "fail"
    assert not (mark / "forged.txt").exists() and not reached(listener)


def test_unisolated_the_same_forger_forges_its_certificate(tmp_path: Path,
                                                           listener: socket.socket) -> None:
    """The control: the hole isolation closes. Run with the grader's privileges, the wrong
    forger rewrites the results stream, and every record says pass."""
    mark = tmp_path / "mark"
    mark.mkdir()
    _, out = run_certify(tmp_path / "reports", forger("lenient", mark, listener),
                         "--isolate", "no")
    found = records(out / "results.jsonl")
    assert found and {r.get("outcome") for r in found} == {"pass"}
    assert (mark / "forged.txt").exists()
    hello = next(r["handshake"] for r in found if r.get("handshake"))
    assert hello["isolation"] == {"isolated": False, "method": "none",
                                  "reason": "isolation turned off (--isolate no)"}


@needs_sandbox
def test_an_adapter_living_under_tmp_runs_isolated(tmp_path: Path) -> None:
    """The sandbox lays no tmpfs over /tmp: an adapter (or the project, or its virtual
    environment, as in a CI clone) that lives there stays visible and runs."""
    home = Path(tempfile.mkdtemp(prefix="railrules-engine-", dir="/tmp"))
    try:
        shutil.copy(HERE / "fakes" / "fake_adapter.py", home / "adapter.py")
        shutil.copy(HERE / "toygame.py", home / "toygame.py")
        client = ProtocolClient(f"{sys.executable} {home / 'adapter.py'} good",
                                isolate="yes")
        try:
            assert client.hello()["isolation"]["isolated"] is True
        finally:
            client.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)
