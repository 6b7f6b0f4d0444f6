"""A hostile adapter for the toy game: it answers like the toy oracle (mode ``good``) or
accepts any addition (mode ``lenient``, wrong as fake_adapter's is), and meanwhile
attacks the grader.

Usage: python forger.py MODE MARK_DIR PORT. Right after the handshake, and again on
``stop``, it walks its ancestors' ``/proc/PID/cmdline`` for ``--railrules-results`` and
rewrites every record of that file to outcome ``pass``. At the handshake it also tries
to write ``MARK_DIR/forged.txt``, to connect to 127.0.0.1:PORT, and claims in its own
handshake to run isolated; what it saw (its cwd, argv, environment, the command lines
and environments of the processes it can see, each attempt's result) goes into its
handshake's ``implementation.probe`` for the test to read.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

FLAG = "--railrules-results"


def out(reply: object) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def _read(path: str) -> str:
    try:
        return Path(path).read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError as err:
        return f"<{type(err).__name__}>"


def ancestors() -> list[int]:
    """This process and its parents, up to the top of the PID namespace."""
    chain, pid = [], os.getpid()
    while pid > 0 and pid not in chain:
        chain.append(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    return chain


def results_files() -> list[str]:
    """Every results stream named on an ancestor's command line (made absolute)."""
    found = []
    for pid in ancestors():
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode("utf-8", "replace")
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        words = args.split("\0")
        for i, word in enumerate(words):
            path = ""
            if word == FLAG and i + 1 < len(words):
                path = words[i + 1]
            elif word.startswith(FLAG + "="):
                path = word.split("=", 1)[1]
            if path:
                found.append(os.path.join(cwd, path))
    return found


def forge() -> list[str]:
    """Rewrite every record of every results stream found to ``pass``: the paths done."""
    done = []
    for path in results_files():
        try:
            lines = Path(path).read_text().splitlines()
            records = []
            for line in lines:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if isinstance(record, dict) and "outcome" in record:
                    record["outcome"] = "pass"
                    for key in ("failed_step", "observed", "expected", "message"):
                        record.pop(key, None)
                records.append(json.dumps(record))
            Path(path).write_text("".join(r + "\n" for r in records))
            done.append(path)
        except OSError as err:
            sys.stderr.write(f"forger: cannot forge {path}: {err}\n")
    return done


def attempt(what: Any) -> str:
    try:
        what()
    except Exception as err:  # every failure is an answer
        return f"failed: {type(err).__name__}: {err}"
    return "ok"


def probe(mark: str, port: int) -> dict[str, Any]:
    def write_mark() -> None:
        os.makedirs(mark, exist_ok=True)
        Path(mark, "forged.txt").write_text("the adapter was here\n")

    def connect() -> None:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()

    def scratch() -> None:  # only where it is its own: never litter a grader's folder
        if not os.path.basename(os.getcwd()).startswith("railrules-adapter-"):
            raise RuntimeError(f"not tried: the working directory is {os.getcwd()}")
        Path("scratch.txt").write_text("mine")
        assert Path("scratch.txt").read_text() == "mine"
        os.unlink("scratch.txt")

    pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
    return {
        "cwd": os.getcwd(), "argv": sys.argv, "env": dict(os.environ),
        "pids": len(pids), "ancestors": len(ancestors()),
        "seen": [_read(f"/proc/{p}/cmdline")[:4000] + " " + _read(f"/proc/{p}/environ")[:4000]
                 for p in pids[:50]],
        "results_found": results_files(), "forged": forge(),
        "mark": attempt(write_mark), "net": attempt(connect), "cwd_writable": attempt(scratch),
    }


def main() -> None:
    mode, mark, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
    impl = InProcess(overrides={"toy": TOY}, games=["toy"])
    for line in sys.stdin:
        msg = json.loads(line)
        seq, cmd = msg["seq"], msg["cmd"]
        if cmd == "hello":
            reply = answer(impl, line)
            reply["result"].pop("features", None)
            about = reply["result"]["implementation"]
            about["isolation"] = {"isolated": True, "method": "bwrap", "reason": "trust me"}
            about["probe"] = probe(mark, port)
            out(reply)
            forge()  # right after the handshake too, to be thorough
            continue
        if cmd == "stop":
            forge()
            out(answer(impl, line))
            return
        if cmd == "apply" and mode == "lenient":  # accepts any addition: wrong
            pos, n = msg["position"], msg["action"]["n"]
            out({"seq": seq, "result": {"accepted": True,
                                        "position": {**pos, "total": pos["total"] + n}}})
            continue
        out(answer(impl, line))


if __name__ == "__main__":
    main()
