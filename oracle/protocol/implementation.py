"""The single interface the step code talks to.

Everything crosses as JSON values (positions, actions, scores), so the same
scenarios grade the in-process oracle and an engine in any language behind the
adapter protocol. Steps never reach past this interface.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from oracle.core.made import as_json
from oracle.protocol.digests import action_texts, listing_digest, position_digest

JSON = dict[str, Any]

#: What ``Implementation.start`` asks: the lockstep's questions about one position.
QUESTIONS: Final[tuple[str, ...]] = ("legal_actions", "scores", "game_over", "apply")

#: What one ``inspect`` may ask about a position (docs/protocol.md, "inspect").
INSPECT_QUESTIONS: Final[tuple[str, ...]] = ("legal_actions", "scores", "game_over")

#: The protocol feature that declares ``inspect`` in the handshake's ``features``.
INSPECT_FEATURE: Final = "inspect"

#: An ``inspect`` answer: question ("apply" for the action) -> its answer as the single
#: method gives it, or the ``ImplementationOutcome`` the method would raise. A question
#: left out was not answered: the action was refused or failed, or an earlier question
#: failed in a way that stops the side (a crash, a timeout, an error).
Answers = dict[str, Any]


#: what ``pinned`` gives where nothing is pinned: entering it does nothing, so a caller
#: that asks at every step may skip the block (the fuzz lockstep: lockstep_sides.py)
NOT_PINNED: Final = contextlib.nullcontext()


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to ``apply``: accepted with the new position, or refused."""

    accepted: bool
    position: JSON | None = None
    code: str = ""
    ruling: str = ""
    reason: str = ""

    @classmethod
    def accept(cls, position: JSON) -> Verdict:
        return cls(True, position)

    @classmethod
    def refuse(cls, code: str, ruling: str = "", reason: str = "") -> Verdict:
        return cls(False, None, code, ruling, reason)

    def refusal_json(self) -> JSON:
        """A refusal as an ``apply`` result: its code, ruling and reason, those left
        empty left out (an engine graded on verdicts may refuse in its own words,
        citing nothing)."""
        refusal: JSON = {"accepted": False, "code": self.code, "ruling": self.ruling,
                         "reason": self.reason}
        return {k: v for k, v in refusal.items() if v or k == "accepted"}


class ImplementationOutcome(Exception):
    """Base for replies that are not a result: the scenario cannot be graded as pass/fail."""

    outcome = "error"

    def __init__(self, message: str, detail: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class Unsupported(ImplementationOutcome):
    """The implementation declares it does not support this game, option or query."""

    outcome = "unsupported"


class Skipped(ImplementationOutcome):
    """The implementation knowingly skips this request."""

    outcome = "skipped"


class UndeclaredGap(Unsupported):
    """An ``unsupported`` or ``skipped`` answer that no declaration in the handshake
    covers. A gap the engine chooses at run time, request by request, could hide exactly
    the answers it gets wrong, so it withholds the certificate (docs/certify.md, "Threat
    model"); it is still a gap to the fuzz lockstep, as ``Unsupported`` is."""

    outcome = "undeclared-gap"


class Errored(ImplementationOutcome):
    """The implementation caught an error of its own while answering."""

    outcome = "error"


class Crashed(ImplementationOutcome):
    """The implementation died, or broke the protocol (bad JSON, wrong seq, ...)."""

    outcome = "crash"


class TimedOut(ImplementationOutcome):
    """The implementation did not answer in time."""

    outcome = "timeout"


class InvalidReply(AssertionError):
    """A result the protocol's schemas take but the game does not: a position its own
    load refuses, a legal action its action schema refuses (docs/protocol.md,
    "Validation"). A wrong answer, so an ``AssertionError``: ``fail`` at a When or Then
    step, ``setup-error`` in a Given (oracle.harness.collect.classify). ``expected``
    and ``observed`` are what the scenario's record shows (collect.step_error)."""

    def __init__(self, command: str, what: str, field: str, problem: str,
                 value: Any = None) -> None:
        message = f"{command} handed back {what}: at {field}: {problem}"
        super().__init__(message)
        self.message = message
        #: the protocol command whose result it was (``apply``, ``legal_actions``, ...)
        self.command = command
        #: the refused field (the load's name for it, or a schema path joined by dots)
        self.field = field
        self.expected = f"{command} hands back what the game's own checks accept"
        self.observed: Any = message if value is None else {"refused": message, "value": value}


@dataclass(frozen=True, slots=True)
class Malformed:
    """A position refused as malformed: the field it names and why."""

    field: str
    message: str
    rule: str = ""


class Implementation(ABC):
    """One engine under test. Positions and actions are canonical JSON values."""

    @abstractmethod
    def hello(self) -> JSON:
        """Name, version, language, and the games and options supported."""

    @abstractmethod
    def new_game(self, game: str, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        """A fresh position."""

    @abstractmethod
    def check_position(self, game: str, position: JSON) -> Malformed | None:
        """None if the position is valid, else what is wrong with it."""

    @abstractmethod
    def legal_actions(self, game: str, position: JSON) -> list[JSON]:
        """Every legal action in the position."""

    @abstractmethod
    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        """Apply one action; a refusal leaves the position as it was."""

    @abstractmethod
    def scores(self, game: str, position: JSON) -> JSON:
        """Scores so far (final scores once the game is over)."""

    def listing_texts(self, game: str, position: JSON) -> list[str]:
        """The legal actions' canonical texts (RFC 8785), sorted: what a digest of the
        listing is made from (oracle.protocol.digests)."""
        return action_texts(self.legal_actions(game, position))

    def listing_digest(self, game: str, position: JSON) -> tuple[str, int]:
        """The digest of the legal actions (``digests.listing_digest`` of
        ``listing_texts``) and their count: what an inspect asked with digests answers."""
        texts = self.listing_texts(game, position)
        return listing_digest(texts), len(texts)

    def position_digest(self, game: str, position: JSON) -> str:
        """The digest of ``position`` (oracle.protocol.digests), which this
        implementation's ``apply`` returned: by default of its JSON; an engine that
        writes its own positions' digests from the state they hold overrides it
        (``InProcess``, for the ``Made`` it answers while ``making``)."""
        return position_digest(as_json(position))

    def inspect_digests(self, game: str, position: JSON, action: JSON,
                        ask: Sequence[str]) -> tuple[JSON, Any] | None:
        """An ``inspect`` asked with digests about ``action`` answered at once, where
        this implementation can: the reply's parts, exactly as ``railrules serve``
        writes them each way (oracle/protocol/server.py), and the position its accepted
        apply made (None where it refused), which the server keeps. None, by default
        and wherever in doubt: the server then asks each question its own way."""
        return None

    def making(self) -> contextlib.AbstractContextManager[None]:
        """While this lasts, ``apply`` may answer with a ``Made`` (oracle.core.made),
        which only ``position_digest`` and this implementation's own questions read:
        ``railrules serve`` asks so where it answers a position by its digest. By
        default, nothing changes."""
        return contextlib.nullcontext()

    def level(self) -> str:
        """How its refusals are graded (oracle.protocol.levels): ``reasons``, it cites
        our reason codes, or ``verdicts``, only accepted or refused counts."""
        return "reasons"

    def turns(self, game: str) -> str:
        """``explicit`` (it waits for every pass, a forced one too) or ``decisions`` (it
        plays forced passes itself: oracle.protocol.levels)."""
        return "explicit"

    def canonical(self, game: str, position: JSON) -> JSON:
        """The canonical form of a position (query). Optional: the default declines."""
        raise Unsupported("query 'position' is not implemented", "position")

    def game_over(self, game: str, position: JSON) -> bool:
        """Whether the game is over (query). Optional: the default declines."""
        raise Unsupported("query 'game_over' is not implemented", "game_over")

    def query(self, game: str, position: JSON, name: str, args: JSON) -> JSON:
        """A game-specific named question about a position (18xx: ``routes``,
        ``revenue``). Optional: the default declines."""
        raise Unsupported(f"query {name!r} is not implemented", f"query:{name}")

    def start(self, question: str, game: str, position: JSON,
              action: JSON | None = None) -> Callable[[], Any]:
        """Ask one of ``QUESTIONS`` about ``position`` (``action`` for ``apply``); the
        returned call gives the answer the method gives, or raises as it raises. Here
        the answer is worked out at once; an engine behind the protocol sends the
        request now and reads the reply when the call is made, so the caller works
        meanwhile (the lockstep works out the other side's answer). Make the call
        before asking this implementation anything else."""
        asks: dict[str, Callable[[], Any]] = {
            "legal_actions": lambda: self.legal_actions(game, position),
            "scores": lambda: self.scores(game, position),
            "game_over": lambda: self.game_over(game, position),
            "apply": lambda: self.apply(game, position, action or {}),
        }
        ask = asks.get(question)
        if ask is None:
            raise ValueError(f"unknown question {question!r} (known: {', '.join(QUESTIONS)})")
        answer = ask()
        return lambda: answer

    def pinned(self, game: str, position: JSON) -> contextlib.AbstractContextManager[None]:
        """Where the engine may answer questions about ``position``, an object it has just
        returned and nobody has changed since, without reading it again
        (``oracle.core.game.Pinning``); by default, nothing changes (``NOT_PINNED``)."""
        return NOT_PINNED

    def holding(self, game: str) -> contextlib.AbstractContextManager[None]:
        """While the block lasts, the caller asks about ``game`` only and changes no
        plug-in: an in-process engine looks its game up once for the block instead of
        once per question (a served inspect asks five); by default, nothing changes."""
        return contextlib.nullcontext()

    def batches(self) -> bool:
        """Whether ``start_inspect`` asks everything in one request (an adapter that
        declares the ``inspect`` feature): the lockstep uses it only then."""
        return False

    def start_inspect(self, game: str, position: JSON, ask: Sequence[str],
                      action: JSON | None = None) -> Callable[[], Answers]:
        """``apply`` ``action`` (if given) to ``position``, then ask each of ``ask``
        (``INSPECT_QUESTIONS``) about the new position, or about ``position`` without
        an action; the returned call gives the ``Answers``. Each answer stands alone,
        so a question the engine declines does not hide the others. Here the questions
        are asked one by one, at once, stopping at a failure that is not a declared gap
        (the next request to a crashed adapter would restart it)."""
        answers: Answers = {}
        if action is not None:
            try:
                verdict = self._answer("apply", game, position, action)
            except ImplementationOutcome as err:
                answers["apply"] = err
                return lambda: answers
            answers["apply"] = verdict
            if not verdict.accepted:
                return lambda: answers
            position = verdict.position
        # The position apply just returned has been handed to nobody: it may be pinned.
        with self.pinned(game, position) if action is not None else contextlib.nullcontext():
            for question in ask:
                if question not in INSPECT_QUESTIONS:
                    raise ValueError(f"inspect asks only {', '.join(INSPECT_QUESTIONS)}, "
                                     f"not {question!r}")
                try:
                    answers[question] = self._answer(question, game, position)
                except (Unsupported, Skipped) as err:
                    answers[question] = err
                except ImplementationOutcome as err:
                    answers[question] = err
                    break
        return lambda: answers

    def _answer(self, question: str, game: str, position: JSON,
                action: JSON | None = None) -> Any:
        """One question of ``start_inspect``, answered now (an in-process engine calls
        it directly: oracle/protocol/inprocess.py)."""
        return self.start(question, game, position, action)()

    def close(self) -> None:  # noqa: B027 - optional hook, nothing to release by default
        """Release the implementation (stop a subprocess, ...)."""
