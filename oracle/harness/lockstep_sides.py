"""The two sides of a lockstep, asked: each question to both, B first.

``Sides`` holds implementations A and B on one game and asks them the lockstep's
questions: one at a time (``_both``) or, where B declares the protocol's optional
``inspect`` (docs/protocol.md), a whole step in one request (``_inspect``, whose
answers ``_Step`` gives question by question). B is asked first and its reply read
last, so a served B works while A does; a failure is raised as if A had been asked
first. A side that declines a request (it answers ``unsupported`` or ``skipped``, or
its handshake declares the gap) answers a ``_Gap`` instead, and the lockstep goes on
from the other side's answer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Final

from oracle.harness.lockstep_played import HOWS, how_declined
from oracle.protocol.client import ProtocolClient
from oracle.protocol.decisions import Decisions
from oracle.protocol.digests import DIGESTS_FEATURE
from oracle.protocol.implementation import (
    INSPECT_QUESTIONS,
    JSON,
    NOT_PINNED,
    Answers,
    Implementation,
    ImplementationOutcome,
    InvalidReply,
    Skipped,
    Unsupported,
    Verdict,
)
from oracle.protocol.inprocess import InProcess

#: the two sides' answers to one question (a ``_Gap`` where a side declines it)
Both = Callable[[str], tuple[Any, Any]]


class _Gap:
    """A side declined the request; ``how`` is one of ``HOWS``."""

    __slots__ = ("how",)

    def __init__(self, how: str) -> None:
        self.how = how


_GAPS: Final = {how: _Gap(how) for how in HOWS}


def _gap(err: ImplementationOutcome) -> _Gap:
    return _GAPS[how_declined(err)]


class _Step:
    """Both sides' answers about one step, where B answers them in one ``inspect``
    request (docs/protocol.md). ``both`` gives them question by question, raising
    each failure where asking one question at a time would have raised it: A's
    before B's, a declined request as a ``_Gap``, as in ``_both``. B's reply may be
    read only when first asked for (``read``): a served B works meanwhile."""

    __slots__ = ("_b", "_read", "a", "sent")

    def __init__(self, a: Answers, b: Answers | ImplementationOutcome | None = None,
                 read: Callable[[], Answers | ImplementationOutcome] | None = None,
                 sent: int | None = None) -> None:
        self.a, self._b, self._read = a, b, read
        #: the ``seq`` of B's request, where it is served and it applies an action
        self.sent = sent

    @property
    def unread(self) -> bool:
        """B's reply has not been read yet."""
        return self._read is not None

    @property
    def b(self) -> Answers | ImplementationOutcome:
        read = self._read
        if read is not None:
            self._read = None
            self._b = read()
        assert self._b is not None
        return self._b

    def both(self, question: str) -> tuple[Any, Any]:
        a = self.a[question]  # A stops only where its failure was raised first
        if isinstance(a, ImplementationOutcome):
            if not isinstance(a, Unsupported | Skipped):
                raise a
            a = _gap(a)
        b_answers = self._b if self._read is None else self.b
        assert b_answers is not None
        b = b_answers if isinstance(b_answers, ImplementationOutcome) \
            else b_answers.get(question)
        if isinstance(b, Unsupported | Skipped):
            return a, _gap(b)
        if isinstance(b, ImplementationOutcome):
            raise b
        if b is None:  # the adapter checks every part owed; none is owed after a gap
            raise AssertionError(f"B gave no answer to {question!r}")
        return a, b


class Sides:
    """A (the chooser) and B (the reference) on one game, and how each is asked."""

    def __init__(self, a: Implementation, b: Implementation, game: str) -> None:
        self.a, self.b, self.game = a, b, game
        # Against the reference oracle a side's legal actions are compared by their exact
        # text (``key``): equal to the oracle's, they are valid; else a divergence. So the
        # client's own check of each action (docs/protocol.md, "Validation") would only
        # cost time (a third of a served rocket game's). Positions stay checked: they are
        # compared with ``==``, which takes ``1``, ``1.0`` and ``true`` for one another.
        for side, other in ((a, b), (b, a)):
            if isinstance(side, ProtocolClient) and _reference(other):
                side.check_actions = False
        #: B is an engine behind the protocol and A the reference oracle: B's position
        #: equal to A's, types exact, is the oracle's own and needs no check of its own
        self._reference_b = isinstance(b, ProtocolClient) and _reference(a)
        self.codes = True
        self._conventions(a, b)
        #: B answers positions and listings by digests while a game is played, read
        #: against A's whole answers (lockstep_digests.py): where B declares the
        #: feature and batches
        self._digests = False
        if isinstance(self.b, ProtocolClient):
            with contextlib.suppress(ImplementationOutcome):  # no handshake: its
                # failure shows in play
                self._digests = self.b.batches() and self.b.declares(DIGESTS_FEATURE)

    def _conventions(self, a: Implementation, b: Implementation) -> None:
        """Protocol v2 (docs/protocol.md, "Version 2"): where one side plays forced passes
        itself (``turns: decisions``) and the other waits for them, the other is seen at
        its decisions (``Decisions``: its own forced passes, played by itself), so the
        two compare decision for decision; a refusal's code is compared only where both
        sides speak our reason codes (level ``reasons``). A side that cannot even say
        (its handshake fails) is taken as explicit: its failure shows in play."""
        try:
            turns = (a.turns(self.game), b.turns(self.game))
            self.codes = a.level() == "reasons" and b.level() == "reasons"
        except ImplementationOutcome:
            return
        if turns == ("explicit", "decisions"):
            self.a = Decisions(a)
        elif turns == ("decisions", "explicit"):
            self.b = Decisions(b)

    def _ask(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except (Unsupported, Skipped) as err:
            return _gap(err)

    def _both(self, question: str, pa: JSON, pb: JSON,
              action: JSON | None = None) -> tuple[Any, Any]:
        """A's answer and B's (a ``_Gap`` where a side declines the request). B is asked
        first and answered last: a served B works out its answer while A works out its
        own, on the other core. A failure is raised as if A had been asked first: A's
        before B's, and B's reply is read either way, so the wire stays in step."""
        try:
            b_reply = self.b.start(question, self.game, pb, action)
        except ImplementationOutcome as err:
            b_error = err  # raised after A has answered, as when A was asked first

            def b_failed() -> Any:
                raise b_error
            b_reply = b_failed
        try:
            a = self.a.start(question, self.game, pa, action)()
        except (Unsupported, Skipped) as err:
            a = _gap(err)
        except BaseException:
            self._drain(b_reply)
            raise
        return a, self._ask(b_reply)

    def _inspect(self, pa: JSON, pb: JSON, action: JSON | None) -> _Step:
        """Both sides' answers about one step: the action (if any) applied, then every
        question about the new positions. B's one request goes first and its reply is
        read last, as in ``_both``, when the step is first asked about (``_Step.b``); A
        is asked through ``start_inspect`` too."""
        # Each side's position is the object it returned (or the other side's, where it
        # declined), which the lockstep changes in no way and hands only to readers (the
        # trace, the shrinker's list): pinned, an in-process side reads it from the state
        # it made it from instead of keying its exact form again.
        sent = None
        try:
            pin = self.b.pinned(self.game, pb)
            if pin is NOT_PINNED:  # (a block that does nothing, skipped: one a step)
                b_reply = self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS, action)
            else:
                with pin:
                    b_reply = self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS, action)
            sent = self.b.last_inspect if isinstance(self.b, ProtocolClient) else None
        except ImplementationOutcome as b_error:
            def b_failed(err: ImplementationOutcome = b_error) -> Answers:
                raise err
            b_reply = b_failed
        self._b_written()
        try:
            pin = self.a.pinned(self.game, pa)
            if pin is NOT_PINNED:
                a = self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS, action)()
            else:
                with pin:
                    a = self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS, action)()
        except ImplementationOutcome as err:  # A's whole request failed: every answer is
            a = {q: err for q in (("apply",) if action is not None else INSPECT_QUESTIONS)}
        except BaseException:
            self._drain(b_reply)
            raise
        self._before_reply(a, sent)
        # A (the reference oracle, in process) has made its position: a served B handing
        # back that very value is not checked again (ProtocolClient.reference_position)
        client = self.b if self._reference_b and isinstance(self.b, ProtocolClient) else None
        made = _accepted_position(a.get("apply")) if client is not None else None

        def read() -> Answers | ImplementationOutcome:
            if client is not None:
                client.reference_position = made
            try:
                return b_reply()
            except ImplementationOutcome as err:
                return err
            finally:
                if client is not None:
                    client.reference_position = None
        return _Step(a, read=read, sent=sent)

    def _b_written(self) -> None:
        """What is done once B's request about a step is written, before A is asked
        about it (the lockstep's overlapping: lockstep.py); here, nothing."""

    def _before_reply(self, a: Answers, sent: int | None) -> None:
        """What may be worked out from A's answers while a served B still works out its
        own, before its reply (to request ``sent``, where served) is read (``Digests``:
        A's digests, and the reply that would agree with them); here, nothing."""

    def _b_answers(self, pb: JSON) -> Answers | ImplementationOutcome:
        """B's answers about ``pb`` alone (B declined the action, so it is handed A's
        position, as ``_both`` does)."""
        try:
            return self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS)()
        except ImplementationOutcome as err:
            return err

    def _a_answers(self, pa: JSON) -> Answers:
        """A's answers about ``pa`` alone (A declined the action, so it is handed B's
        position, as ``_both`` does)."""
        try:
            return self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS)()
        except ImplementationOutcome as err:
            return {q: err for q in INSPECT_QUESTIONS}

    @staticmethod
    def _drain(reply: Callable[[], Any]) -> None:
        """Read a reply nobody will use (A failed first), so the next request is clean."""
        with contextlib.suppress(ImplementationOutcome, InvalidReply):
            reply()

    def _asker(self, pending: _Step | None, pa: JSON, pb: JSON) -> Both:
        """Where the questions about the current positions are answered: the step's
        ``inspect`` answers, or one request per question."""
        if pending is not None:
            return pending.both
        return lambda question: self._both(question, pa, pb)


def _reference(impl: Implementation) -> bool:
    """The built-in oracle as it ships: in process, no game engine replaced."""
    return type(impl) is InProcess and not impl._overrides


def _accepted_position(verdict: Any) -> JSON | None:
    """The position an accepted ``apply`` answer made, else None."""
    if isinstance(verdict, Verdict) and verdict.accepted:
        return verdict.position
    return None
