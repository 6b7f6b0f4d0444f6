"""Protocol v2: the command set and the schema checks every message goes through.

Each request is one JSON object per line with ``cmd`` and ``seq``; each reply
echoes ``seq`` and carries exactly one of ``result``, ``skipped``,
``unsupported`` or ``errored``. The schemas live in ``oracle/protocol/schemas``:
``CMD.request.json``, ``CMD.result.json`` and the envelope ``reply.json``.
See docs/protocol.md.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from oracle.core.schema import Compiled, compiled, load_schema

#: The version the harness speaks and ``railrules serve`` answers. v1 adapters keep
#: working, graded at level ``reasons`` with explicit turns (docs/protocol.md,
#: "Version 2").
PROTOCOL_VERSION: Final = 2
SCHEMAS: Final = "oracle.protocol.schemas"

#: Every command of the protocol (v2 has v1's), in the order docs/protocol.md gives.
COMMANDS: Final[tuple[str, ...]] = (
    "hello", "new_game", "load", "apply", "position", "legal_actions", "scores", "game_over",
    "query", "stop", "inspect",
)


def problem(value: Any, name: str) -> str | None:
    """None if ``value`` matches schema ``name``, else a sentence naming the field
    (each schema compiled once: oracle.core.schema.compiled)."""
    found = compiled(SCHEMAS, name).first_error(value)
    if found is None:
        return None
    path, message = found
    where = "/".join(str(p) for p in path) or "(top)"
    return f"{name}: at {where}: {message[:300]}"


def request_problem(message: Any) -> str | None:
    """What is wrong with a request, or None."""
    if not isinstance(message, dict):
        return "a request is a JSON object"
    cmd = message.get("cmd")
    if cmd not in COMMANDS:
        return f"unknown cmd {cmd!r} (known: {', '.join(COMMANDS)})"
    return problem(message, f"{cmd}.request.json")


def reply_problem(cmd: str, reply: Any, digests: bool = False) -> str | None:
    """What is wrong with a reply to ``cmd``, or None: envelope first, then the result
    (an ``inspect`` asked with ``digests``: its digest parts' own schemas). An inspect
    reply every one of those takes is told valid by one validator (``_inspect_reply``),
    not six: one a fuzz step."""
    if cmd == "inspect" and _inspect_reply(digests).is_valid(reply):
        return None
    return reply_problem_each(cmd, reply, digests)


def reply_problem_each(cmd: str, reply: Any, digests: bool = False) -> str | None:
    """``reply_problem``, each schema checked in turn."""
    envelope = problem(reply, "reply.json")
    if envelope is not None:
        return envelope
    if "result" in reply:
        bad = problem(reply["result"], f"{cmd}.result.json")
        if bad is None and cmd == "inspect":
            return _parts_problem(reply["result"], digests)
        return bad
    return None


#: the inspect parts answered by digests where the request asks for them
DIGEST_PARTS: Final = frozenset({"apply", "legal_actions"})


def _parts_problem(parts: dict[str, Any], digests: bool) -> str | None:
    """Each part of an ``inspect`` result that is a result, checked against the schema
    of the command it answers (the envelope of each part is in inspect.result.json),
    or of its digest form (``CMD.digest.json``) where digests were asked for."""
    for question, part in parts.items():
        if "result" in part:
            form = "digest" if digests and question in DIGEST_PARTS else "result"
            bad = problem(part["result"], f"{question}.{form}.json")
            if bad is not None:
                return f"inspect part {question}: {bad}"
    return None


@cache
def _inspect_reply(digests: bool) -> Compiled:
    """Every check ``reply_problem`` makes of an inspect reply, as one schema: the
    envelope, and where there is a result, the result's and each part's result's
    (``properties`` applies only where the property is there, as the checks one by one
    do); it takes exactly what they all take, so only a refused reply is checked again
    one by one, to name what is wrong."""
    def part(question: str) -> Any:
        form = "digest" if digests and question in DIGEST_PARTS else "result"
        return {"properties": {"result": load_schema(SCHEMAS, f"{question}.{form}.json")}}
    return Compiled({"allOf": [load_schema(SCHEMAS, "reply.json"), {"properties": {
        "result": {"allOf": [load_schema(SCHEMAS, "inspect.result.json"), {"properties": {
            question: part(question)
            for question in ("apply", "legal_actions", "scores", "game_over")}}]}}}]})


def all_schema_names() -> list[str]:
    """Every schema file the protocol ships (for docs and tests)."""
    names = ["reply.json"]
    for cmd in COMMANDS:
        names += [f"{cmd}.request.json", f"{cmd}.result.json"]
    return names + [f"{part}.digest.json" for part in sorted(DIGEST_PARTS)]
