"""The oracle served over the protocol, broken when asked to ``apply``: ``hang`` (never
answers) or ``crash`` (exits). For ``railrules replay --from``'s handling of an engine
that fails (tests/harness/test_replay_records.py).

Usage: python record_engine.py MODE
"""

from __future__ import annotations

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402


def main() -> None:
    mode = sys.argv[1]
    impl = InProcess()
    for line in sys.stdin:
        if json.loads(line)["cmd"] == "apply":
            if mode == "hang":
                time.sleep(60)
            if mode == "crash":
                sys.exit(5)
        sys.stdout.write(json.dumps(answer(impl, line)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
