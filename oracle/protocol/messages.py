"""Protocol v1: the command set and the schema checks every message goes through.

Each request is one JSON object per line with ``cmd`` and ``seq``; each reply
echoes ``seq`` and carries exactly one of ``result``, ``skipped``,
``unsupported`` or ``errored``. The schemas live in ``oracle/protocol/schemas``:
``CMD.request.json``, ``CMD.result.json`` and the envelope ``reply.json``.
See docs/protocol.md.
"""

from __future__ import annotations

from typing import Any, Final

from oracle.core.schema import compiled

PROTOCOL_VERSION: Final = 1
SCHEMAS: Final = "oracle.protocol.schemas"

#: Every command of protocol v1, in the order docs/protocol.md describes them.
COMMANDS: Final[tuple[str, ...]] = (
    "hello", "new_game", "load", "apply", "position", "legal_actions", "scores", "game_over",
    "query", "stop",
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


def reply_problem(cmd: str, reply: Any) -> str | None:
    """What is wrong with a reply to ``cmd``, or None: envelope first, then the result."""
    envelope = problem(reply, "reply.json")
    if envelope is not None:
        return envelope
    if "result" in reply:
        return problem(reply["result"], f"{cmd}.result.json")
    return None


def all_schema_names() -> list[str]:
    """Every schema file the protocol ships (for docs and tests)."""
    names = ["reply.json"]
    for cmd in COMMANDS:
        names += [f"{cmd}.request.json", f"{cmd}.result.json"]
    return names
