"""Serve the oracle over the adapter protocol (JSON lines on stdin/stdout).

``railrules serve`` is the reference adapter: it answers every protocol v2
command from the in-process oracle, so the same suite can be run through the
wire and its timing compared with the in-process run. See docs/protocol.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from typing import IO, Any, Final

from oracle.core import wire_json
from oracle.core.cli_types import non_negative_int, one_of, positive_int
from oracle.core.collector import fewer_collections
from oracle.core.errors import MalformedInput, RailrulesError
from oracle.core.made import as_json
from oracle.protocol.digests import DIGESTS_FEATURE
from oracle.protocol.expected import ASKED, Known, known_line
from oracle.protocol.implementation import (
    INSPECT_FEATURE,
    INSPECT_QUESTIONS,
    JSON,
    Errored,
    Implementation,
    Skipped,
    Unsupported,
)
from oracle.protocol.kept_whole import WHOLE_BYTES, read_kept_whole
from oracle.protocol.messages import PROTOCOL_VERSION, request_problem
from oracle.protocol.polling import Lines, PollingLines
from oracle.protocol.position_refs import (
    KEPT,
    PIPELINING_FEATURE,
    POSITION_REFS_FEATURE,
    REF_FEATURE,
    Remembered,
    remembered,
)
from oracle.protocol.same_json import exact_digest, same_json

#: Bytes a request line may have, its line end not counted (``--max-request``). A
#: request carries one position and one action: some 10 kB; a longer line is answered
#: ``errored`` unread, and serving goes on (docs/protocol.md, "Serving the oracle").
MAX_REQUEST_BYTES: Final = 1 << 20
#: Bytes read at a time while dropping the rest of a line over the bound.
_DRAIN: Final = 1 << 16


def hello_result(impl: Implementation) -> JSON:
    """The handshake result for an Implementation's ``hello()``."""
    info = impl.hello()
    about = {k: v for k, v in info.items() if k not in ("games", "level") and isinstance(v, str)}
    return {"protocol": PROTOCOL_VERSION, "level": impl.level(), "implementation": about,
            "games": info["games"],
            "features": [INSPECT_FEATURE, DIGESTS_FEATURE, POSITION_REFS_FEATURE,
                         PIPELINING_FEATURE]}


def _load(impl: Implementation, msg: JSON) -> JSON:
    bad = impl.check_position(msg["game"], msg["position"])
    if bad is None:
        return {"valid": True}
    return {"valid": False, "field": bad.field, "message": bad.message, "rule": bad.rule}


def _apply(impl: Implementation, msg: JSON) -> JSON:
    verdict = impl.apply(msg["game"], msg["position"], msg["action"])
    if verdict.accepted:
        return {"accepted": True, "position": verdict.position}
    return verdict.refusal_json()


#: the questions of an inspect whose reply line is filled in (``Known``), as the
#: request's JSON list
_ASKED: Final = list(ASKED)


def _inspect(impl: Implementation, msg: JSON) -> JSON:
    """Several questions in one request (docs/protocol.md, "inspect"): each part is
    exactly the reply the single command would get, without ``seq``, so a question the
    oracle cannot answer does not hide the others. With ``digests`` (the feature
    ``digests``), an accepted action's position and the legal actions are answered by
    their digests (oracle.protocol.digests), and that position is kept by its digest:
    a later inspect may name it by ``position_ref`` (oracle.protocol.position_refs)."""
    game = msg["game"]
    ask = msg["ask"]
    if ask != _ASKED:  # (the lockstep asks them all, in their order)
        unknown = [q for q in ask if q not in INSPECT_QUESTIONS]
        if unknown:  # reached only with --no-check: the request schema names them else
            raise Errored(f"inspect: ask {unknown!r}: each must be one of "
                          f"{', '.join(INSPECT_QUESTIONS)}")
    digests = msg.get("digests") is True
    kept = remembered(impl)
    ref = msg.get("position_ref")
    made_by = msg.get("position_of")
    if made_by is not None:  # (the request schema allows one of the three)
        position, ref = _made_by(kept, game, made_by), "position_of"
    else:
        position = msg["position"] if ref is None else _referred(kept, game, ref)
    # A whole position that is the last one kept, exactly (types exact; keys in any
    # order), is read as that object too: the harness sends whole, every few steps,
    # the position it would have named (position_refs.goes_whole), and a fresh parse
    # would be decoded again, cold, where the object is read pinned.
    last = kept.last(game) if ref is None and digests else None
    if last is not None and _is_kept(kept, game, last, position):
        position = last
    # A position kept is the very object this implementation's apply returned, which
    # nobody has changed since: pinned, its engine reads it from the state it made it
    # from (a mutant's from its own state: each implementation keeps its own).
    pin = ref is not None or (last is not None and position is last)
    if digests and "action" in msg:  # the built-in oracle's answers at once, where it can
        answered = impl.inspect_digests(game, position, msg["action"], msg["ask"])
        if answered is not None:
            parts, made = answered
            if made is None:
                return parts
            digest = parts["apply"]["result"]["digest"]
            kept.keep(game, digest, made, msg.get("seq"))
            if ask != _ASKED:
                return parts
            # its reply line filled in, not built and written again (expected.py)
            listing = parts["legal_actions"]["result"]
            return Known(parts, (digest, (listing["digest"], listing["count"]),
                                 parts["scores"]["result"]["scores"],
                                 parts["game_over"]["result"]["over"]))
    with impl.holding(game):  # its five questions look the engine up once
        return _inspect_each(impl, msg, kept, position, pin, digests)


def _inspect_each(impl: Implementation, msg: JSON, kept: Remembered, position: JSON,
                  pin: bool, digests: bool) -> JSON:
    """``_inspect``'s questions asked one by one, the game's engine held: ``position``
    pinned where ``pin`` says."""
    game = msg["game"]
    with impl.pinned(game, position) if pin else contextlib.nullcontext():
        if "action" not in msg:
            return _ask(impl, game, position, msg["ask"], digests)
        # Answered by its digest, the new position need not be written as JSON: the
        # engine may hand back what it made (a ``Made``), digest it from the state it
        # holds, keep it and answer about it (``Implementation.making``); it goes to
        # nobody else, and the reply's bytes are the same.
        with impl.making() if digests else contextlib.nullcontext():
            part = _envelope(impl, {"cmd": "apply", "game": game, "position": position,
                                    "action": msg["action"]})
    result = part.get("result")
    if result is None or not result["accepted"]:
        return {"apply": part}
    position = result["position"]
    if digests:
        digest = impl.position_digest(game, position)
        kept.keep(game, digest, position, msg.get("seq"))
        part = {"result": {"accepted": True, "digest": digest}}
    # Nobody has seen the position apply just made: it may be pinned.
    with impl.pinned(game, position):
        return {"apply": part, **_ask(impl, game, position, msg["ask"], digests)}


def _is_kept(kept: Remembered, game: str, last: Any, position: JSON) -> bool:
    """Whether the whole ``position`` is ``last`` exactly (but for key order): its
    canonical text's digest is the one ``last`` is kept by, which is the digest of
    ``last``'s JSON (an engine's ``position_digest`` of a position its apply returned),
    as the harness sends it; by ``same_json`` against that JSON where the digest
    cannot tell (``exact_digest``)."""
    if position is last:  # (read as it: kept_whole.py)
        return True
    digest = exact_digest(position)
    if digest is None:
        return same_json(as_json(last), position)
    return kept.get(game, digest) is last


def _referred(kept: Remembered, game: str, ref: str) -> JSON:
    """The position kept whose digest is ``ref`` (JSON, or a ``Made`` the engine reads
    as its JSON); ``unsupported`` with feature ``position_ref`` where it is not kept
    (the harness then sends it whole)."""
    position: JSON | None = kept.get(game, ref)
    if position is None:
        raise Unsupported(f"no position kept by the digest {ref[:16]}... (the last {KEPT} "
                          "made by an inspect asked with digests are)", REF_FEATURE)
    return position


def _made_by(kept: Remembered, game: str, seq: int) -> JSON:
    """The position kept that the inspect ``seq`` made (``position_of``, the feature
    ``pipelining``); ``unsupported`` with feature ``position_ref`` where it is not."""
    position: JSON | None = kept.made_by(game, seq)
    if position is None:
        raise Unsupported(f"no position kept made by the inspect of seq {seq} (the last "
                          f"{KEPT} made by an inspect asked with digests are)", REF_FEATURE)
    return position


def _ask(impl: Implementation, game: str, position: JSON, ask: list[str],
         digests: bool = False) -> JSON:
    return {question: _envelope(impl, {"cmd": question, "game": game, "position": position},
                                DIGEST_HANDLERS if digests else HANDLERS)
            for question in ask}


def _listing_digest(impl: Implementation, msg: JSON) -> JSON:
    digest, count = impl.listing_digest(msg["game"], msg["position"])
    return {"digest": digest, "count": count}


#: cmd -> handler(implementation, request) -> result. An explicit table, no reflection.
HANDLERS: dict[str, Callable[[Implementation, JSON], JSON]] = {
    "hello": lambda impl, msg: hello_result(impl),
    "new_game": lambda impl, msg: {
        "position": impl.new_game(msg["game"], msg["players"], msg["options"])},
    "load": _load,
    "apply": _apply,
    "position": lambda impl, msg: {"position": impl.canonical(msg["game"], msg["position"])},
    "legal_actions": lambda impl, msg: {
        "actions": impl.legal_actions(msg["game"], msg["position"])},
    "scores": lambda impl, msg: {"scores": impl.scores(msg["game"], msg["position"])},
    "game_over": lambda impl, msg: {"over": impl.game_over(msg["game"], msg["position"])},
    "query": lambda impl, msg: {"answer": impl.query(msg["game"], msg["position"], msg["name"],
                                                     msg.get("args", {}))},
    "stop": lambda impl, msg: {},
    "inspect": _inspect,
}
#: the handlers of an inspect's questions asked with ``digests``
DIGEST_HANDLERS: dict[str, Callable[[Implementation, JSON], JSON]] = {
    **HANDLERS, "legal_actions": _listing_digest}


def answer(impl: Implementation, line: bytes | str, check: bool = True) -> JSON:
    """The reply to one request line. Never raises: every failure becomes a reply."""
    return _answer(impl, line, check)[0]


def _answer(impl: Implementation, line: bytes | str, check: bool) -> tuple[JSON, bool]:
    """The reply, and whether it answered ``stop`` (so the line is parsed once)."""
    # a whole position that is the one kept last, read as that object (kept_whole.py)
    whole = read_kept_whole(remembered(impl), line) \
        if type(line) is bytes and len(line) > WHOLE_BYTES else None
    if whole is not None:
        msg, position = whole
        return _reply(impl, msg, check, position), False
    try:
        msg = wire_json.loads(line)
    except ValueError as err:
        return {"seq": None, "errored": {"message": f"request is not JSON: {err}"}}, False
    reply = _reply(impl, msg, check)
    return reply, "result" in reply and msg.get("cmd") == "stop"


def _reply(impl: Implementation, msg: Any, check: bool, kept: Any = None) -> JSON:
    """``kept``: the position kept that the request's (an empty object while its
    schema is checked) is (``read_kept_whole``)."""
    seq = msg.get("seq") if isinstance(msg, dict) else None
    bad = request_problem(msg) if check else None
    if bad is not None:
        return {"seq": seq, "errored": {"message": f"malformed request: {bad}"}}
    if kept is not None:
        msg["position"] = kept
    return {"seq": seq, **_envelope(impl, msg)}


def _envelope(impl: Implementation, msg: JSON,
              handlers: dict[str, Callable[[Implementation, JSON], JSON]] | None = None) -> JSON:
    """The reply to a checked request, without ``seq``: exactly one of result,
    unsupported, skipped, errored."""
    try:
        return {"result": (handlers or HANDLERS)[msg["cmd"]](impl, msg)}
    except Unsupported as err:
        return {"unsupported": {"feature": str(err.detail or msg["cmd"]),
                                "reason": err.message}}
    except Skipped as err:
        return {"skipped": {"reason": err.message}}
    except (Errored, MalformedInput) as err:
        return {"errored": {"message": str(err)}}
    except RailrulesError as err:  # a refusal on purpose (a search over its budget)
        return {"errored": {"message": str(err)}}
    except Exception as err:  # an oracle bug is still an answer, with its traceback
        return {"errored": {"message": f"{type(err).__name__}: {err}",
                            "traceback": traceback.format_exc()}}


def too_large(limit: int) -> JSON:
    """The reply to a request line over ``limit`` bytes (its ``seq`` unread)."""
    return {"seq": None, "errored": {"message": f"request larger than {limit} bytes"}}


def _lines(stdin: Lines, limit: int) -> Iterator[bytes | None]:
    """The request lines of ``stdin``; None for a line over ``limit`` bytes, whose
    bytes are read and dropped a chunk at a time, never held whole."""
    while True:
        line = stdin.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while True:  # over the bound: skip to the end of this line
            rest = stdin.readline(_DRAIN)
            if not rest or rest.endswith(b"\n"):
                break
        yield None


def serve(impl: Implementation, stdin: Lines, stdout: IO[bytes], check: bool = True,
          max_request: int = MAX_REQUEST_BYTES) -> int:
    """Answer requests until ``stop`` or end of input; a line over ``max_request``
    bytes is answered ``errored`` and serving goes on."""
    for line in _lines(stdin, max_request):
        if line is None:
            reply, stop = too_large(max_request), False
        elif not line.strip():
            continue
        else:
            reply, stop = _answer(impl, line, check)
        written = known_line(reply)
        stdout.write((wire_json.dumps(reply) if written is None else written) + b"\n")
        stdout.flush()
        if stop:
            break
    impl.close()
    return 0


def served_exit(code: int) -> None:
    """End a served process at once, its replies flushed: ``stop`` is answered and the
    client waits for the exit, which the interpreter's own teardown (freeing every
    module's objects) would delay by some 40 ms, paid on each of the kill matrix's
    hundreds of served mutants. Nothing is left to write or release, but for a
    profiler or a coverage tracer watching the process: then it exits as usual, so
    they write what they measured."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _game_names() -> list[str]:
    from oracle.games import game_modules
    return list(game_modules())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", action="append", default=None,
                        type=one_of(_game_names, "game"),
                        help="offer only this game (repeatable; default: every game)")
    parser.add_argument("--no-check", action="store_true",
                        help="skip validating requests against the protocol schemas")
    parser.add_argument("--max-request", type=positive_int, default=MAX_REQUEST_BYTES,
                        metavar="BYTES",
                        help=f"bytes a request line may have (default {MAX_REQUEST_BYTES}); "
                             "a longer one is answered errored")
    parser.add_argument("--poll-us", type=non_negative_int, default=0, metavar="MICROSECONDS",
                        help="wait for each request by asking the input without sleeping "
                             "for up to this long first: quicker answers to a client that "
                             "sends at once (a fuzz campaign), a core held meanwhile "
                             "(default 0: sleep at once)")


def run(args: argparse.Namespace) -> int:
    from oracle.protocol.inprocess import InProcess
    stdin: Lines = sys.stdin.buffer
    if args.poll_us > 0:
        stdin = PollingLines(sys.stdin.fileno(), args.poll_us / 1e6)
    with fewer_collections():  # (no answer makes a cycle: oracle/core/collector.py)
        served_exit(serve(InProcess(games=args.game), stdin, sys.stdout.buffer,
                          check=not args.no_check, max_request=args.max_request))
    return 0


if __name__ == "__main__":  # ``python -m oracle.protocol.server``, the same as ``railrules serve``
    _parser = argparse.ArgumentParser(prog="railrules serve", description=__doc__)
    add_arguments(_parser)
    sys.exit(run(_parser.parse_args()))
