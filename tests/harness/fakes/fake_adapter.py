"""A deliberately broken (or, in mode ``good``, correct) adapter for the toy game.

Usage: python fake_adapter.py MODE [STATE_FILE]. Each mode breaks the protocol
in one way when asked to ``apply`` (see MODES), so tests can check that the
harness classifies it and survives. The adapter declares the optional ``inspect``
feature only in a mode prefixed ``batch_`` (``batch_good``, ``batch_crash``, ...),
where an ``inspect`` carrying an action counts as asked to apply; the batch-only
modes break ``inspect`` itself (BATCH_MODES).
"""

from __future__ import annotations

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE), os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from toygame import TOY  # noqa: E402

from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import answer  # noqa: E402

MODES = ("good", "crash", "hang", "garbage", "wrong_seq", "flood", "chatty", "liar",
         "bad_schema", "crash_on_start", "die_once", "stderr_noise", "errored", "skipped",
         "unsupported_apply", "slow_start", "lenient", "picky")
#: break inspect: leave out a part it owes; answer scores errored, the rest as the oracle
BATCH_MODES = ("missing_part", "errored_scores")


def out(reply: object) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def main() -> None:
    mode = sys.argv[1]
    batch = mode.startswith("batch_")
    mode = mode.removeprefix("batch_")
    state = sys.argv[2] if len(sys.argv) > 2 else ""
    impl = InProcess(overrides={"toy": TOY}, games=["toy"])
    if mode == "crash_on_start":
        sys.exit(3)
    if mode == "slow_start":
        time.sleep(30)
    for line in sys.stdin:
        msg = json.loads(line)
        seq, cmd = msg["seq"], msg["cmd"]
        if cmd == "hello" and not batch:  # the oracle's handshake, without the feature
            reply = answer(impl, line)
            reply["result"].pop("features", None)
            out(reply)
            if mode == "deaf":
                time.sleep(30)  # answers the handshake, then stops reading its input
            continue
        if cmd == "inspect" and mode in BATCH_MODES:
            reply = answer(impl, line)
            if mode == "missing_part":
                reply["result"].pop("scores", None)
            elif "scores" in reply["result"]:
                reply["result"]["scores"] = {"errored": {"message": "scores exploded"}}
            out(reply)
            continue
        if cmd == "inspect" and "action" in msg and mode == "unsupported_apply":
            out({"seq": seq, "result": {"apply": {"unsupported": {"feature": "add",
                                                                  "reason": "no adding"}}}})
            continue
        if cmd == "inspect" and "action" in msg:
            cmd = "apply"  # the failure modes below break it as they break apply
        if mode == "stderr_noise":
            sys.stderr.write("warning: noise\n" * 50)
            sys.stderr.flush()
        # picky: refuses every position with a total above 5
        if cmd == "load" and mode == "picky" and msg["position"].get("total", 0) > 5:
            out({"seq": seq, "result": {"valid": False, "field": "total",
                                        "message": "too big for me", "rule": ""}})
            continue
        if cmd == "load" and mode == "liar":
            out({"seq": seq, "unsupported": {"feature": "game:toy", "reason": "not really"}})
            continue
        if cmd == "apply":
            if mode == "crash":
                sys.exit(7)
            if mode == "die_once" and not os.path.exists(state):
                open(state, "w").close()
                os._exit(9)
            if mode == "hang":
                time.sleep(30)
            if mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
                continue
            if mode == "wrong_seq":
                out({"seq": seq + 100, "result": {"accepted": False, "code": "x/y"}})
                continue
            if mode == "flood":
                sys.stdout.write("x" * (1 << 20))
                sys.stdout.flush()
                time.sleep(30)
            if mode == "chatty":
                out({"seq": seq, "result": {"accepted": False, "code": "add/past_limit"}})
                out({"seq": seq, "result": {"accepted": False, "code": "add/past_limit"}})
                continue
            if mode == "bad_schema":
                out({"seq": seq, "result": {"accepted": "maybe"}})
                continue
            if mode == "errored":
                out({"seq": seq, "errored": {"message": "engine exploded", "traceback": "tb"}})
                continue
            if mode == "skipped":
                out({"seq": seq, "skipped": {"reason": "known gap", "issue_url": "http://x"}})
                continue
            if mode == "lenient":  # accepts any addition: wrong under either reading
                pos, n = msg["position"], msg["action"]["n"]
                out({"seq": seq, "result": {"accepted": True,
                                            "position": {**pos, "total": pos["total"] + n}}})
                continue
            if mode == "unsupported_apply":
                out({"seq": seq, "unsupported": {"feature": "add", "reason": "no adding"}})
                continue
        out(answer(impl, line))
        if cmd == "stop":
            return
        if mode == "deaf":
            time.sleep(30)  # answers the handshake, then stops reading its input


if __name__ == "__main__":
    main()
