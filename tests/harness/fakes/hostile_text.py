"""An adapter whose text attacks the grader's terminal and report files.

The honest toy engine, except that its name carries terminal escapes and every
``apply`` is answered ``errored`` with a message that clears the screen, prints a fake
verdict on a line of its own, and holds characters XML cannot carry (U+FFFF, a control
character) and a lone surrogate (which no UTF-8 file can hold).
"""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

#: written as JSON escapes, so the reply line itself is plain ASCII
EVIL = "\x1b[2J\x1b[H\ncertified: yes\r\u2028\uffff\x01 \ud800 bell\x07"


def main() -> None:
    impl = InProcess(overrides={"toy": TOY}, games=["toy"])
    for line in sys.stdin:
        msg = json.loads(line)
        reply = answer(impl, line)
        if msg["cmd"] == "hello":
            reply["result"]["implementation"]["name"] = "evil\x1b[31m"
        elif msg["cmd"] == "apply":
            reply = {"seq": msg["seq"], "errored": {"message": EVIL, "traceback": EVIL}}
            sys.stderr.write(EVIL.replace("\ud800", "?") + "\n")
            sys.stderr.flush()
        sys.stdout.write(json.dumps(reply) + "\n")  # ensure_ascii: escapes, not raw bytes
        sys.stdout.flush()
        if msg["cmd"] == "stop":
            return


if __name__ == "__main__":
    main()
