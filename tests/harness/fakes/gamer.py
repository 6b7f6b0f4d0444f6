"""A wrong engine that games the certificate, one tactic at a time (docs/certify.md,
"Threat model"): each tactic is a route a hostile engine author tried.

Usage: python gamer.py TACTIC [MUTANT]. The engine is MUTANT (a real railrules mutant,
graded on the real suite) or, without one, a lenient toy engine that accepts every
addition. The tactics:

* ``selective_unsupported`` / ``selective_skipped``: work out the honest oracle's reply
  beside the wrong engine's, and answer ``unsupported`` (or ``skipped``) exactly where
  the two differ: the engine hides every answer it gets wrong.
* ``dodge_legal``: answer ``unsupported`` to every ``legal_actions``.
* ``declare_legal``: declare ``legal_actions`` a gap in the handshake (honest about it).
* ``declare_apply``: declare ``action:add`` a gap (toy only).
* ``honest_reading3``: the honest toy engine, declaring only the reading ``step_max=3``
  of the open ruling TOY-OPEN-01.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY, ToyGame  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

JSON = dict[str, Any]
TACTICS = ("selective_unsupported", "selective_skipped", "dodge_legal", "declare_legal",
           "declare_apply", "honest_reading3")
#: commands whose answers the selective tactics compare
COMPARED = ("apply", "legal_actions", "scores", "game_over", "query", "position")


class LenientToy(ToyGame):
    """Accepts any addition: wrong on TOY-01 and on both readings of TOY-OPEN-01."""

    def apply(self, position: JSON, action: JSON) -> JSON:
        players = position["players"]
        return {**position, "total": position["total"] + int(action.get("n", 0)),
                "turn": (position["turn"] + 1) % len(players)}


def engines(mutant: str | None) -> tuple[InProcess, InProcess]:
    """(the honest oracle, the wrong engine)."""
    if mutant:
        from oracle.harness.mutants import mutant_implementation
        return InProcess(), mutant_implementation(mutant)
    honest = InProcess(overrides={"toy": TOY}, games=["toy"])
    return honest, InProcess(overrides={"toy": LenientToy()}, games=["toy"])


def out(reply: JSON) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def hello(reply: JSON, tactic: str) -> JSON:
    for game in reply["result"]["games"]:
        if tactic == "declare_legal":
            game["gaps"] = ["legal_actions"]
        elif tactic == "declare_apply":
            game["gaps"] = ["action:add"]
        elif tactic == "honest_reading3":
            game["options"] = [{"name": "step_max", "choices": [3]}]
    reply["result"]["implementation"]["name"] = f"gamer-{tactic}"
    return reply


def main() -> None:
    tactic = sys.argv[1]
    assert tactic in TACTICS, tactic
    honest, wrong = engines(sys.argv[2] if len(sys.argv) > 2 else None)
    if tactic in ("honest_reading3", "declare_apply"):
        wrong = honest
    for line in sys.stdin:
        msg = json.loads(line)
        cmd, seq = msg["cmd"], msg["seq"]
        reply = answer(wrong, line)
        if cmd == "hello":
            reply = hello(reply, tactic)
        elif cmd == "legal_actions" and tactic == "dodge_legal":
            reply = {"seq": seq, "unsupported": {"feature": "legal_actions"}}
        elif (cmd in COMPARED and tactic.startswith("selective_")
              and answer(honest, line) != reply):  # it knows where it is wrong, and hides it
            feature = f"action:{msg['action'].get('type')}" if cmd == "apply" else cmd
            reply = ({"seq": seq, "unsupported": {"feature": feature}}
                     if tactic == "selective_unsupported"
                     else {"seq": seq, "skipped": {"reason": "known issue"}})
        out(reply)
        if cmd == "stop":
            return


if __name__ == "__main__":
    main()
