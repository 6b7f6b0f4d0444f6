"""How the harness reads an adapter's reply, once the transport has it as JSON that
passes its schema (oracle/protocol/client.py asks): what a result answers, and what a
reply that is no result stands for; and the words of the handshake around them (what
the harness says of itself, what a failed handshake shows)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from oracle.core import reasons
from oracle.core.made import as_json
from oracle.protocol.digests import Digest
from oracle.protocol.implementation import (
    JSON,
    Errored,
    ImplementationOutcome,
    InvalidReply,
    UndeclaredGap,
    Unsupported,
    Verdict,
)
from oracle.protocol.levels import POSITIONS_GAP
from oracle.protocol.reply_checks import reply_checks
from oracle.protocol.same_json import same_json


def reply_outcome(cmd: str, reply: JSON, declines: bool = False) -> ImplementationOutcome:
    """The outcome a reply (or an inspect part) that is not a result stands for. An
    ``unsupported`` or ``skipped`` reply is an undeclared gap (a declared one is never
    asked: ``Declarations.check_request``), except one: ``unsupported`` with feature
    ``positions`` where the game declares that gap and the request carries a position
    (``declines``), an engine's declared way to say it cannot represent a position."""
    if declines and str((reply.get("unsupported") or {}).get("feature")) == POSITIONS_GAP:
        reason = str(reply["unsupported"].get("reason") or "")[:200]
        return Unsupported(f"declined the position of {cmd!r} (the declared gap "
                           f"'positions'{': ' + reason if reason else ''})", POSITIONS_GAP)
    if "skipped" in reply:
        body = reply["skipped"]
        return UndeclaredGap(f"answered skipped to {cmd!r} ({str(body.get('reason', ''))[:200]})"
                             ", a gap the handshake does not declare", f"skipped:{cmd}")
    if "unsupported" in reply:
        body = reply["unsupported"]
        feature = str(body.get("feature", cmd))[:200]
        reason = str(body.get("reason") or "")[:200]
        return UndeclaredGap(f"answered unsupported to {cmd!r} (feature {feature!r}"
                             f"{': ' + reason if reason else ''}), a gap the handshake "
                             f"does not declare", feature)
    body = reply.get("errored") or {}
    return Errored(str(body.get("message", "errored")), body.get("traceback"))


def registered(command: str, game: str, code: str) -> None:
    """An engine graded on reasons cites only registered codes (docs/reason-codes.md):
    any other is a wrong answer, said plainly. A game with no registry is not checked."""
    if game in reasons.games() and code not in reasons.codes(game):
        raise InvalidReply(command, "a refusal", "code",
                           f"{code!r} is not a reason code of {game!r} "
                           "(docs/reason-codes.md); an engine that does not speak our codes "
                           "declares level 'verdicts'", code)


def accepted(part: Any) -> bool:
    return isinstance(part, dict) and bool((part.get("result") or {}).get("accepted"))


def verdict(result: JSON) -> Verdict:
    if result["accepted"]:
        return Verdict.accept(result["position"])
    return Verdict.refuse(str(result.get("code", "")), str(result.get("ruling", "")),
                          str(result.get("reason", "")))


#: question -> its answer read from the result (the result schemas checked its shape)
ANSWERS: dict[str, Callable[[JSON], Any]] = {
    "legal_actions": lambda result: result["actions"],
    "scores": lambda result: result["scores"],
    "game_over": lambda result: bool(result["over"]),
    "apply": verdict,
}


#: commands whose whole answer is a position (``new_game``, ``position``: the canonical form)
POSITION_COMMANDS = frozenset({"new_game", "position"})
#: the questions whose answers ``checked_answer`` checks (the others it hands back as
#: they are: a caller may skip it for those)
CHECKED_QUESTIONS: Final = frozenset({"apply", "legal_actions", *POSITION_COMMANDS})


def checked_answer(question: str, game: str, answer: Any, command: str, *,
                   level: Callable[[], str], check_actions: bool,
                   reference: JSON | None) -> Any:
    """``answer`` (a command's answer as ``ANSWERS`` reads it), once the game's own
    checks accept what it hands back (``ReplyChecks``): a position the oracle's load
    refuses, or a legal action of the wrong shape, raises ``InvalidReply``. A game
    the oracle does not know cannot be checked: its answers pass as they are.
    ``reference``: a position known good (the one the lockstep's A gave), not checked
    again when the answer is the same; ``level``: the engine's declared level."""
    checks = reply_checks(game) if game else None
    if checks is None:
        return answer
    if question == "apply":
        if answer.accepted:
            if not same_json(answer.position, as_json(reference)):
                checks.position(command, answer.position)
        elif level() == "reasons":
            registered(command, game, answer.code)
    elif question == "legal_actions":
        if check_actions:
            checks.actions(command, answer)
    elif question in POSITION_COMMANDS:
        checks.position(command, answer)
    return answer


def suite_info() -> JSON:
    import oracle
    return {"name": "railrules", "version": oracle.__version__}


def not_a_handshake(err: ImplementationOutcome) -> str | None:
    """Why a failed handshake shows the command is no adapter at all (its reply to
    ``hello`` is not JSON, has the wrong ``seq`` or is no handshake reply: ``cat``, a
    shell), or None: an adapter that dies or hangs on starting is one with a bug."""
    if err.message.startswith("reply to 'hello'"):
        return f"not a railrules adapter: {err.message[:300]} (docs/protocol.md)"
    return None


def digest_answer(result: JSON) -> Any:
    """The answer a digest part stands for (its schema checked its shape): an accepted
    action's ``Verdict`` whose position is a ``Digest``, or the listing's ``Digest``.
    (Here, not in oracle/protocol/digests.py, which the module of ``Verdict`` imports:
    there it imported ``Verdict`` at each call, some 2 us, twice a fuzz step.)"""
    if "count" in result:
        return Digest(str(result["digest"]), int(result["count"]))
    return Verdict(True, cast(JSON, Digest(str(result["digest"]))))
