"""The oracle behind the protocol, declaring ``position_refs`` (as ``railrules serve``
does), with the inspects that name their position by reference answered some way of
its own (tests/harness/test_fuzz_position_refs.py).

Usage: python ref_keeper.py MODE [MUTANT]. The modes, for every inspect carrying
``position_ref`` or ``position_of`` (every other request is answered as ``railrules
serve`` answers it; ``stale`` names the position the step before by ``position_ref``):

* ``honest``: answered as ``railrules serve`` answers it;
* ``forget``: ``unsupported`` with feature ``position_ref``, as an adapter that keeps
  no position;
* ``garbage``: a result that breaks the protocol (an ``apply`` part that is no part);
* ``errored``: ``errored``;
* ``stale``: answered about the position made the step before the one named (an
  adapter that remembers the wrong position);
* ``other_gap``: ``unsupported`` with another feature than ``position_ref``;
* ``crash``: the process exits on the 20th such inspect, unanswered;
* ``chatty``: the 20th such inspect answered twice.

With MUTANT, the engine is that mutant's (as ``railrules serve-mutant`` serves it).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.position_refs import remembered  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

JSON = dict[str, Any]


def _impl() -> Any:
    if len(sys.argv) > 2:
        from oracle.harness.mutants import mutant_implementation
        return mutant_implementation(sys.argv[2])
    return InProcess(games=["rocket"])


def _by_ref(mode: str, impl: Any, msg: JSON, line: str, made: list[str]) -> JSON:
    seq = msg["seq"]
    if mode == "forget":
        return {"seq": seq, "unsupported": {"feature": "position_ref", "reason": "forgot"}}
    if mode == "garbage":
        return {"seq": seq, "result": {"apply": "no part at all"}}
    if mode == "errored":
        return {"seq": seq, "errored": {"message": "lost my place"}}
    if mode == "other_gap":
        return {"seq": seq, "unsupported": {"feature": "scores", "reason": "not today"}}
    if mode == "stale" and len(made) >= 2:
        msg = {**msg, "position_ref": made[-2]}
        return answer(impl, json.dumps(msg))
    return answer(impl, line)


def _made(reply: JSON) -> str | None:
    """The digest an inspect's accepted apply answered, if it did."""
    part: Any = reply.get("result", {})
    for key in ("apply", "result", "digest"):
        part = part.get(key) if isinstance(part, dict) else None
    return part if isinstance(part, str) else None


def main() -> None:
    mode = sys.argv[1]
    impl = _impl()
    made: list[str] = []  # the digests of the positions its applies made, in order
    by_ref = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("cmd") == "inspect" and ("position_ref" in msg or "position_of" in msg):
            sys.stderr.write("by reference\n")
            reply = _by_ref(mode, impl, msg, line, made)
            by_ref += 1
        else:
            reply = answer(impl, line)
        if mode == "crash" and by_ref == 20:
            return
        digest = _made(reply) if msg.get("cmd") == "inspect" else None
        if digest is not None and remembered(impl).get(msg["game"], digest) is not None:
            made.append(digest)
        sys.stdout.write(json.dumps(reply) + "\n")
        if mode == "chatty" and by_ref == 20:
            sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if msg.get("cmd") == "stop":
            return


if __name__ == "__main__":
    main()
