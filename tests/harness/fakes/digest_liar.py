"""The oracle behind the protocol, declaring ``digests``, whose digests go wrong from
its ``AFTER``-th inspect on (tests/harness/test_fuzz_digests.py).

Usage: python digest_liar.py MODE AFTER. The modes:

* ``position``: an accepted action's position digest is another position's (its last
  digit changed), the whole position it gives when asked again being right;
* ``count``: the listing's count is one more, its digest and whole listing right;
* ``listing``: the listing's digest is another listing's, its whole listing right;
* ``malformed``: the listing's digest is no hexadecimal digest at all;
* ``honest``: nothing goes wrong (the digests counted on stderr).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.core import wire_json  # noqa: E402
from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

JSON = dict[str, Any]


def _other(digest: str) -> str:
    return digest[:-1] + ("0" if digest[-1] != "0" else "1")


def main() -> None:
    mode, after = sys.argv[1], int(sys.argv[2])
    impl = InProcess(games=["rocket"])
    asked = 0
    for line in sys.stdin:
        msg = json.loads(line)
        reply = answer(impl, line)
        if msg["cmd"] == "inspect" and msg.get("digests") is True:
            asked += 1
            parts = reply.get("result", {})
            apply = parts.get("apply", {}).get("result", {})
            listing = parts.get("legal_actions", {}).get("result", {})
            if asked >= after and mode == "position" and "digest" in apply:
                apply["digest"] = _other(apply["digest"])
            elif asked >= after and mode == "count" and "count" in listing:
                listing["count"] += 1
            elif asked >= after and mode == "listing" and "digest" in listing:
                listing["digest"] = _other(listing["digest"])
            elif asked >= after and mode == "malformed" and "digest" in listing:
                listing["digest"] = "not a digest"
            sys.stderr.write(f"digests asked {asked}\n")
        # written as ``railrules serve`` writes: honest lines are the ones a lockstep
        # expects (oracle/protocol/expected.py), a lie one digit off one
        sys.stdout.buffer.write(wire_json.dumps(reply) + b"\n")
        sys.stdout.flush()
        if msg["cmd"] == "stop":
            return


if __name__ == "__main__":
    main()
