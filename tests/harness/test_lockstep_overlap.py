"""The lockstep asks B first and reads B's answer last (``Implementation.start``), so a
served B works while A does; failures still come out as when A was asked first, and a
reply nobody uses is read anyway, so the wire stays in step (oracle/harness/lockstep.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from harness_paths import FAKE
from toygame import TOY

from oracle.harness.lockstep import Lockstep, index_chooser
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    JSON,
    Answers,
    Errored,
    Implementation,
    Verdict,
)
from oracle.protocol.inprocess import InProcess


def toy() -> InProcess:
    return InProcess(overrides={"toy": TOY}, games=["toy"])


def served(mode: str) -> ProtocolClient:
    return ProtocolClient(f"{FAKE} {mode}", timeout=2.0, start_timeout=10.0, max_restarts=0)


class Failing(InProcess):
    """The toy, but errors on one question from the given step on."""

    def __init__(self, question: str, after: int) -> None:
        super().__init__(overrides={"toy": TOY}, games=["toy"])
        self.question, self.after, self.asked = question, after, 0

    def _maybe_fail(self, question: str) -> None:
        if question == self.question:
            self.asked += 1
            if self.asked > self.after:
                raise Errored(f"A broke on {question}")

    def scores(self, game: str, position: JSON) -> JSON:
        self._maybe_fail("scores")
        return super().scores(game, position)

    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        self._maybe_fail("apply")
        return super().apply(game, position, action)


class Recording(InProcess):
    """The toy, noting when each question is sent and when its answer is read."""

    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__(overrides={"toy": TOY}, games=["toy"])
        self.name, self.log = name, log

    def batches(self) -> bool:
        return False  # the single questions' order (RecordingBatch: the batched one)

    def noted(self, what: str, answer: Callable[[], Any]) -> Callable[[], Any]:
        """``answer``, with its asking and its reading noted in the log."""
        self.log.append(f"{self.name} asked {what}")

        def read() -> Any:
            self.log.append(f"{self.name} read {what}")
            return answer()
        return read

    def start(self, question: str, game: str, position: JSON,
              action: JSON | None = None) -> Callable[[], Any]:
        return self.noted(question, super().start(question, game, position, action))


def test_b_is_asked_first_and_read_last() -> None:
    log: list[str] = []
    played = Lockstep(Recording("A", log), Recording("B", log), "toy").play(
        ["a", "b"], {}, index_chooser([0]), 1)
    assert played.divergence is None and len(played.actions) == 1
    assert log[:4] == ["B asked legal_actions", "A asked legal_actions",
                       "A read legal_actions", "B read legal_actions"]
    assert "B asked apply" in log and log.index("B asked apply") < log.index("A asked apply")
    assert log.index("A read apply") < log.index("B read apply")


class RecordingBatch(Recording):
    """The toy, noting when each ``start_inspect`` is sent and when its answers are read
    (an in-process implementation batches: ``InProcess.batches``)."""

    def batches(self) -> bool:
        return True

    def start(self, question: str, game: str, position: JSON,
              action: JSON | None = None) -> Callable[[], Any]:
        return InProcess.start(self, question, game, position, action)  # not noted

    def start_inspect(self, game: str, position: JSON, ask: Sequence[str],
                      action: JSON | None = None) -> Callable[[], Answers]:
        what = "apply" if action else "inspect"
        answers: Callable[[], Answers] = self.noted(
            what, super().start_inspect(game, position, ask, action))
        return answers


def test_batched_b_is_asked_first_and_read_last() -> None:
    log: list[str] = []
    a, b = RecordingBatch("A", log), RecordingBatch("B", log)
    assert b.batches()
    played = Lockstep(a, b, "toy").play(["a", "b"], {}, index_chooser([0]), 1)
    assert played.divergence is None and len(played.actions) == 1
    assert log == ["B asked inspect", "A asked inspect", "A read inspect", "B read inspect",
                   "B asked apply", "A asked apply", "A read apply", "B read apply"]


@pytest.mark.parametrize("question", ["scores", "apply"])
def test_when_a_fails_b_s_reply_is_still_read(question: str) -> None:
    b = served("good")
    try:
        played = Lockstep(Failing(question, 2), b, "toy").play(
            ["a", "b"], {}, index_chooser([0] * 8), 8)
        assert played.divergence is not None and played.divergence.kind == "error"
        assert played.divergence.detail["message"] == f"A broke on {question}"
        # the reply to the request sent before A failed was read: B is in step, not killed
        position = b.new_game("toy", ["a", "b"], {})
        assert b.legal_actions("toy", position) == TOY.legal_actions(position)
        assert b.restarts == 0 and b.starts == 1
    finally:
        b.close()


def test_b_failing_is_reported_after_a_answered() -> None:
    b = served("crash")  # dies when asked to apply
    try:
        played = Lockstep(toy(), b, "toy").play(["a", "b"], {}, index_chooser([0] * 4), 4)
        assert played.divergence is not None and played.divergence.kind == "error"
        assert played.divergence.detail["outcome"] == "crash"
        assert played.divergence.step == 0
    finally:
        b.close()


def test_a_served_pair_agrees_as_the_in_process_pair_does() -> None:
    b = served("good")
    try:
        over_wire = Lockstep(toy(), b, "toy").play(["a", "b"], {}, index_chooser([1] * 9), 9)
        in_process = Lockstep(toy(), toy(), "toy").play(["a", "b"], {},
                                                        index_chooser([1] * 9), 9)
    finally:
        b.close()
    assert over_wire.divergence is None and over_wire.over
    assert over_wire.actions == in_process.actions
    assert over_wire.choices == in_process.choices


def test_an_unknown_question_is_refused() -> None:
    impl: Implementation = toy()
    with pytest.raises(ValueError, match="unknown question"):
        impl.start("canonical", "toy", TOY.new_game(["a"], {}))
