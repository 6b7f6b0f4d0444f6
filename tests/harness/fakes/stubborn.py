"""An adapter that is hard to get rid of, for the signal and process tests.

Usage: python stubborn.py MARKER [--child] [--deaf] [--slow S] [--alloc MIB]

A correct adapter for the toy game and every registered game (the oracle's answers),
which, as asked:

* ``--child``: starts a background child (``python -c 'sleep' MARKER``, in the adapter's
  process group), which it leaves running when it exits;
* ``--deaf``: ignores SIGINT, SIGTERM and SIGHUP, and end of input (it then sleeps on);
* ``--slow S``: waits S seconds before every reply but the handshake's;
* ``--alloc MIB``: allocates MIB MiB at the first request after the handshake (a
  ``MemoryError`` under a tighter address-space bound: the traceback goes to stderr).

Its command line, and its child's, carry MARKER: a test finds every process of it in
/proc, inside a sandbox too.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402


def main() -> None:
    marker, flags = sys.argv[1], sys.argv[2:]
    slow = float(flags[flags.index("--slow") + 1]) if "--slow" in flags else 0.0
    alloc = int(flags[flags.index("--alloc") + 1]) if "--alloc" in flags else 0
    deaf = "--deaf" in flags
    if deaf:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)
    if "--child" in flags:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    impl = InProcess(overrides={"toy": TOY})
    hold: list[bytearray] = []
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] != "hello":
            if alloc and not hold:
                hold.append(bytearray(alloc << 20))  # MemoryError under the bound
            time.sleep(slow)
        sys.stdout.write(json.dumps(answer(impl, line)) + "\n")
        sys.stdout.flush()
    if deaf:
        while True:
            time.sleep(60)


if __name__ == "__main__":
    main()
