"""An adapter for the toy game that answers as the oracle does, except that what it
hands back breaks the game's schema: the "schema liar" (docs/protocol.md,
"Validation"). Every verdict, count and score is right; only the shape is wrong.

Usage: python schema_liar.py MODE. MODE names what lies:

* ``new_game``: the fresh position has an extra key and ``turn`` as a string;
* ``apply``: an accepted action's position has an extra key and ``total`` as a string;
* ``apply_extra``: the same position with only the extra key (the toy's ``validate``
  alone would take it: only the schema refuses it);
* ``apply_type``: the same position with only ``total`` as a string;
* ``legal_actions``: every legal action has an extra key and ``n`` as a string;
* ``good``: no lie (the toy oracle served as is).

Prefixed ``batch_`` the adapter declares ``inspect`` (and lies in its parts alike).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

MODES = ("good", "new_game", "apply", "apply_extra", "apply_type", "legal_actions")
EXTRA = "cheat"

JSON = dict[str, Any]


def _position(position: JSON, mode: str, wrong: str) -> JSON:
    out = dict(position)
    if mode != f"{wrong}_type":
        out[EXTRA] = True
    if not mode.endswith("_extra"):
        field = "turn" if wrong == "new_game" else "total"
        out[field] = str(out[field])
    return out


def lie(cmd: str, result: JSON, mode: str) -> JSON:
    """The oracle's ``result`` to ``cmd``, broken as ``mode`` says."""
    if cmd == "new_game" and mode == "new_game":
        return {**result, "position": _position(result["position"], mode, "new_game")}
    if cmd == "apply" and mode.startswith("apply") and result.get("accepted"):
        return {**result, "position": _position(result["position"], mode, "apply")}
    if cmd == "legal_actions" and mode == "legal_actions":
        return {**result, "actions": [{**a, "n": str(a["n"]), EXTRA: True}
                                      for a in result["actions"]]}
    if cmd == "inspect":
        return {question: ({"result": lie(question, part["result"], mode)}
                           if "result" in part else part)
                for question, part in result.items()}
    return result


def main() -> None:
    mode = sys.argv[1]
    batch = mode.startswith("batch_")
    mode = mode.removeprefix("batch_")
    if mode not in MODES:
        sys.exit(f"schema_liar: unknown mode {mode!r} (known: {', '.join(MODES)})")
    impl = InProcess(overrides={"toy": TOY}, games=["toy"])
    for line in sys.stdin:
        cmd = json.loads(line)["cmd"]
        reply = answer(impl, line)
        if cmd == "hello" and not batch:
            reply["result"].pop("features", None)
        elif cmd == "hello":  # its lies are in whole parts: no digests
            reply["result"]["features"] = ["inspect"]
        elif "result" in reply:
            reply["result"] = lie(cmd, reply["result"], mode)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if cmd == "stop":
            return


if __name__ == "__main__":
    main()
