"""An adapter whose replies nest a thousand levels deep (tests/harness/test_hostile_inputs.py).

It answers ``hello`` and ``stop`` as the oracle does (and ``new_game`` too with
``honest_new_game``); every other reply is a result nested 1,000 levels deep, which the
standard ``json`` module cannot read without a ``RecursionError``.
"""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

DEEP = "[" * 1000 + "]" * 1000


def main() -> None:
    honest = set(sys.argv[1:]) & {"honest_new_game"}
    impl = InProcess()
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] in ("hello", "stop") or (honest and msg["cmd"] == "new_game"):
            sys.stdout.write(json.dumps(answer(impl, line)) + "\n")
        else:
            sys.stdout.write(f'{{"seq":{json.dumps(msg["seq"])},"result":{DEEP}}}\n')
        sys.stdout.flush()
        if msg["cmd"] == "stop":
            return


if __name__ == "__main__":
    main()
