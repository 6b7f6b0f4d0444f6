"""Protocol v2 (docs/protocol.md, "Version 2"): an engine is graded by its play, not by
our conventions.

* The honest oracle with another engine's manners (tests/harness/fakes/other_structure.py:
  free-text refusals, no reason codes, forced passes played by itself) passes every
  scenario of both games and is certified, at level ``verdicts``.
* The same manners do not hide a wrong engine: a mutant under them still fails.
* A v1 adapter keeps working, graded at level ``reasons``.
* A position an engine declines is a gap only where the game declares ``positions``.
* A refusal step checks the reason code only at level ``reasons``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from harness_paths import HERE
from requires import needs_node
from test_unforgeable import certify_run, outcomes, why

from oracle.harness.report_diff import compare, regressed
from oracle.protocol.declarations import Declarations
from oracle.protocol.implementation import UndeclaredGap, Unsupported, Verdict
from oracle.protocol.inprocess import InProcess
from oracle.protocol.levels import forced_pass
from oracle.protocol.reply_reading import CHECKED_QUESTIONS, checked_answer
from oracle.protocol.reply_reading import reply_outcome as _outcome
from steps.common import _refused
from steps.world import World

OTHER = f"{sys.executable} {HERE / 'fakes' / 'other_structure.py'}"


@pytest.mark.parametrize("game", ["rocket", "18xx"])
def test_an_engine_with_its_own_turns_and_words_is_certified(tmp_path: Path,
                                                             game: str) -> None:
    code, report, _ = certify_run(tmp_path, OTHER, game=game, name="other")
    assert code == 0, why(report)
    assert set(outcomes(report).values()) == {"pass"}
    assert report["certified"] is True
    assert report["grading"] == {"protocol": 2, "level": "verdicts",
                                 "turns": {"rocket": "decisions", "18xx": "decisions"}}


def test_its_manners_do_not_hide_a_wrong_engine(tmp_path: Path) -> None:
    code, report, _ = certify_run(tmp_path, f"{OTHER} verdicts veto_poll_automatic",
                                  "--ruling", "SR-VETO-01", game="rocket", name="other")
    assert code != 0
    assert "fail" in outcomes(report).values()
    assert report["certified"] is False


def test_declined_positions_are_declared_gaps(tmp_path: Path) -> None:
    """Declining every position in a veto round leaves those rulings not graded (so the
    scope is not certified), never undeclared: the game declared ``positions``."""
    code, report, _ = certify_run(tmp_path, f"{OTHER} verdicts declines", "--ruling",
                                  "SR-VETO-04", game="rocket", name="other")
    seen = set(outcomes(report).values())
    assert "unsupported" in seen and "undeclared-gap" not in seen and "fail" not in seen
    assert report["certified"] is False and code != 0
    assert any(m["feature"] == "positions" and m["declared"]
               for m in report["missing_features"])  # type: ignore[attr-defined]


def test_an_undeclared_decline_is_an_undeclared_gap() -> None:
    reply = {"unsupported": {"feature": "positions", "reason": "no"}}
    assert isinstance(_outcome("apply", reply, declines=True), Unsupported)
    assert not isinstance(_outcome("apply", reply, declines=True), UndeclaredGap)
    assert isinstance(_outcome("apply", reply, declines=False), UndeclaredGap)


def _hello(**fields: Any) -> dict[str, Any]:
    return {"implementation": {"name": "x", "version": "1", "language": "c"},
            "games": [{"game": "rocket", "turns": "decisions", "gaps": ["positions"]}],
            **fields}


def test_what_a_handshake_declares() -> None:
    v1 = Declarations(_hello(protocol=1, level="verdicts"))
    assert (v1.level(), v1.turns("rocket")) == ("reasons", "explicit")
    assert not v1.declines_positions({"cmd": "apply", "game": "rocket"})
    v2 = Declarations(_hello(protocol=2))
    assert (v2.level(), v2.turns("rocket")) == ("verdicts", "decisions")
    assert v2.declines_positions({"cmd": "load", "game": "rocket"})
    assert not v2.declines_positions({"cmd": "new_game", "game": "rocket"})
    assert Declarations(_hello(protocol=2, level="reasons")).level() == "reasons"


@needs_node
def test_a_v1_adapter_is_graded_on_reasons(tmp_path: Path) -> None:
    """The JavaScript example speaks v1 (its refusals carry our codes)."""
    root = HERE.parent.parent
    _, report, _ = certify_run(tmp_path, f"node {root / 'examples/js-rocket/adapter.mjs'}",
                                  game="rocket", name="js")
    assert report["grading"]["level"] == "reasons"  # type: ignore[index]
    assert report["grading"]["protocol"] == 1  # type: ignore[index]
    assert "fail" not in outcomes(report).values()


class _Refuser(InProcess):
    def __init__(self, level: str) -> None:
        super().__init__()
        self._level = level

    def level(self) -> str:
        return self._level


@pytest.mark.parametrize("level,passes", [("verdicts", True), ("reasons", False)])
def test_a_refusal_step_checks_the_code_at_level_reasons(level: str, passes: bool) -> None:
    world = World(impl=_Refuser(level))
    world.verdict = Verdict.refuse("", "", "not now, says the engine")
    if passes:
        _refused(world, "turn/not_your_turn")
    else:
        with pytest.raises(AssertionError, match="expected 'turn/not_your_turn'"):
            _refused(world, "turn/not_your_turn")


def test_a_forced_pass_is_the_only_legal_pass() -> None:
    assert forced_pass("rocket", [{"type": "veto_pass", "player": "p2"}])
    assert not forced_pass("rocket", [{"type": "veto_pass"}, {"type": "veto_bid"}])
    assert not forced_pass("rocket", [{"type": "move"}])
    assert not forced_pass("18xx", [{"type": "veto_pass"}])


def test_diff_counts_a_dropped_level_as_a_regression() -> None:
    old = {"results": [], "certified": True, "grading": {"level": "reasons"}}
    new = {"results": [], "certified": True, "grading": {"level": "verdicts"}}
    diff = compare(old, new)
    assert diff["level_lost"] and regressed(diff)
    assert any("grading level" in w for w in diff["warnings"])
    assert not regressed(compare(new, old))


def test_an_engine_on_reasons_cites_only_registered_codes() -> None:
    from oracle.protocol.implementation import InvalidReply
    from oracle.protocol.reply_reading import registered as _registered
    _registered("apply", "rocket", "veto/not_original_space")
    _registered("apply", "toy", "made/up")  # a game without a registry is not checked
    with pytest.raises(InvalidReply, match="not a reason code of 'rocket'"):
        _registered("apply", "rocket", "veto/made_up")


def test_fuzz_compares_an_engine_with_its_own_turns_decision_for_decision() -> None:
    """The lockstep sees the explicit side at its decisions (oracle.protocol.decisions):
    the honest oracle with other manners agrees on every action, with its refusals
    compared as refusals; the same manners on a wrong engine still diverge."""
    import random

    from oracle.harness.lockstep import Lockstep, index_chooser
    from oracle.protocol.client import ProtocolClient

    def games(command: str) -> list[Any]:
        b = ProtocolClient(command, timeout=10.0, max_restarts=0)
        try:
            return [Lockstep(InProcess(), b, "rocket").play(
                ["p1", "p2", "p3"], {}, index_chooser(random.Random(s).choices(
                    range(40), k=80)), 80) for s in range(4)]
        finally:
            b.close()

    honest = games(OTHER)
    assert all(p.divergence is None for p in honest)
    assert sum(p.agreed_actions for p in honest) > 100
    assert any(p.divergence is not None for p in games(f"{OTHER} verdicts veto_poll_automatic"))


@pytest.mark.parametrize("question", ["scores", "game_over", "load", "query", "hello"])
def test_an_answer_checked_answer_does_not_check_is_handed_back_as_it_is(
        question: str) -> None:
    """(So the client skips it for the questions outside ``CHECKED_QUESTIONS``.)"""
    assert question not in CHECKED_QUESTIONS
    odd = object()
    assert checked_answer(question, "rocket", odd, question, level=lambda: "reasons",
                          check_actions=True, reference=None) is odd
