"""A partial Rocket engine: the oracle behind the protocol, with gaps, for the fuzz
tests of a partial engine (tests/harness/test_fuzz_partial.py).

Usage: python partial.py MODE. The modes:

* ``declared``: declares the gaps a slice like the JavaScript example declares (new
  games, legal actions, moves, tile lays) and answers everything else as the oracle.
* ``undeclared``: as ``declared``, and also answers ``unsupported`` to every
  ``call_veto`` at run time, a gap its handshake does not declare.
* ``blind``: declares new games and legal actions gaps only (two of them in lockstep
  have nothing to choose from).
* ``crash_on_move``: declares nothing, and dies when asked to apply a move.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

JSON = dict[str, Any]
GAPS = {"declared": ["new_game", "legal_actions", "action:move", "action:place_tile"],
        "undeclared": ["new_game", "legal_actions", "action:move", "action:place_tile"],
        "blind": ["new_game", "legal_actions"], "crash_on_move": []}


def out(reply: JSON) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def main() -> None:
    mode = sys.argv[1]
    gaps = GAPS[mode]
    impl = InProcess(games=["rocket"])
    for line in sys.stdin:
        msg = json.loads(line)
        cmd, seq = msg["cmd"], msg["seq"]
        action = msg.get("action") if isinstance(msg.get("action"), dict) else {}
        if cmd in ("apply", "inspect") and mode == "crash_on_move" \
                and action.get("type") == "move":
            sys.exit(5)
        if mode == "undeclared" and action.get("type") == "call_veto":
            gap = {"unsupported": {"feature": "action:call_veto", "reason": "no vetoes yet"}}
            out({"seq": seq, **gap} if cmd == "apply"
                else {"seq": seq, "result": {"apply": gap}})
            continue
        reply = answer(impl, line)
        if cmd == "hello":
            for game in reply["result"]["games"]:
                game["gaps"] = gaps
            reply["result"].pop("features", None)  # one question a request
            reply["result"]["implementation"]["name"] = f"partial-{mode}"
        out(reply)
        if cmd == "stop":
            return


if __name__ == "__main__":
    main()
