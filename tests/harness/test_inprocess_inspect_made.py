"""While the lockstep plays, ``InProcess.start_inspect`` asks the engine directly
(``_inspect_made``): whole Rocket games show it answers as the generic loop does, the
same verdicts, refusals, listings, scores and end, and raises the same errors."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from oracle.core.made import Listed, same
from oracle.protocol.implementation import INSPECT_QUESTIONS, Answers, Verdict
from oracle.protocol.inprocess import InProcess

PLAYERS = ["p1", "p2", "p3"]


class Generic(InProcess):
    """The oracle asked through the generic loop (a subclass takes no fast path)."""


def _both() -> tuple[InProcess, InProcess]:
    fast, generic = InProcess(), Generic()
    for impl in (fast, generic):
        impl.made = impl.texts = True
    return fast, generic


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    direct = InProcess._inspect_made

    def counting(api: Any, position: Any, action: Any) -> Answers | None:
        calls.append(1)
        return direct(api, position, action)

    monkeypatch.setattr(InProcess, "_inspect_made", staticmethod(counting))
    return calls


def _texts(listing: Any) -> list[str]:
    assert isinstance(listing, Listed)
    return listing.texts


def _alike(fast: Answers, generic: Answers) -> None:
    assert fast.keys() == generic.keys()
    if "apply" in fast:
        a, b = fast["apply"], generic["apply"]
        assert isinstance(a, Verdict) and isinstance(b, Verdict)
        assert (a.accepted, a.code, a.ruling, a.reason) == (
            b.accepted, b.code, b.ruling, b.reason)
        if a.accepted:
            assert same(a.position, b.position)
    if "legal_actions" in fast:
        assert _texts(fast["legal_actions"]) == _texts(generic["legal_actions"])
        assert fast["scores"] == generic["scores"]
        assert fast["game_over"] is generic["game_over"]


@pytest.mark.parametrize("seed", range(3))
def test_whole_games_answer_alike(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    fast, generic = _both()
    rng = random.Random(seed)
    position = fast.new_game("rocket", PLAYERS, {})
    listed = fast.start_inspect("rocket", position, INSPECT_QUESTIONS)()
    previous: Any = None
    refused = steps = 0
    while not listed["game_over"] and steps < 3000:
        if previous is not None:  # last step's action again: often refused now
            stale = [fast.start_inspect("rocket", position, INSPECT_QUESTIONS, previous)(),
                     generic.start_inspect("rocket", position, INSPECT_QUESTIONS, previous)()]
            _alike(*stale)
            refused += not stale[0]["apply"].accepted
        action = rng.choice(_texts(listed["legal_actions"]))
        previous = json.loads(action)
        answers = [impl.start_inspect("rocket", position, INSPECT_QUESTIONS, previous)()
                   for impl in (fast, generic)]
        _alike(*answers)
        position, listed = answers[0]["apply"].position, answers[0]
        steps += 1
    assert listed["game_over"] and refused > 0
    assert len(calls) == 2 * steps - 1  # the fast path answered each step and each stale


def test_a_made_position_without_an_action_is_asked_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    fast, generic = _both()
    start = fast.new_game("rocket", PLAYERS, {})
    first = _texts(fast.start_inspect("rocket", start, INSPECT_QUESTIONS)()["legal_actions"])
    made = fast.start_inspect("rocket", start, INSPECT_QUESTIONS,
                              json.loads(first[0]))()["apply"].position
    calls.clear()
    _alike(fast.start_inspect("rocket", made, INSPECT_QUESTIONS)(),
           generic.start_inspect("rocket", made, INSPECT_QUESTIONS)())
    assert calls == [1]


def test_a_malformed_action_raises_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    fast, generic = _both()
    start = fast.new_game("rocket", PLAYERS, {})
    errors = []
    for impl in (fast, generic):
        with pytest.raises(Exception) as raised:
            impl.start_inspect("rocket", start, INSPECT_QUESTIONS, {"type": "no_such_kind"})
        errors.append((type(raised.value), str(raised.value)))
    assert errors[0] == errors[1] and calls == [1]


def test_other_questions_or_a_json_position_take_the_generic_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counted(monkeypatch)
    fast, _ = _both()
    start = fast.new_game("rocket", PLAYERS, {})
    fast.start_inspect("rocket", start, INSPECT_QUESTIONS)()  # JSON, no action
    fast.start_inspect("rocket", start, ("scores",))()  # not every question
    fast.made = False
    fast.start_inspect("rocket", start, INSPECT_QUESTIONS)()  # outside the lockstep
    assert calls == []
