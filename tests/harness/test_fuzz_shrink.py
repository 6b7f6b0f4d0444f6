"""Shrinking a divergence (oracle/harness/fuzz_shrink.py): hard (a late divergence cut
to a handful of actions), shown as it goes, quiet about the shrinking library's own
notes, bounded in time, and exact about what "the same divergence" is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis.reporting import report

from oracle.harness.cli import main
from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.fuzz_shrink import (
    alike,
    nearest,
    repairing_chooser,
    shrink,
    silenced,
    state_of_play,
)
from oracle.harness.lockstep import Divergence, Lockstep, Played, replay_chooser
from oracle.harness.mutants import mutant_implementation
from oracle.protocol.inprocess import InProcess

#: a mutant whose bug shows late: game 0 of seed 0 diverges after 170 actions
LATE = "never_isolated"
#: one that shows after some 120 actions and shrinks in seconds, served
QUICK = "merger_scores_survivor"


@pytest.fixture(scope="module")
def late() -> tuple[Lockstep, Played]:
    lock = Lockstep(mutant_implementation(LATE), InProcess(), "rocket")
    found = play_one(lock, Campaign(impl=f"mutant:{LATE}", max_actions=400), 0)
    assert found.divergence is not None and len(found.actions) >= 150
    return lock, found


def test_a_late_divergence_shrinks_to_a_handful(late: tuple[Lockstep, Played]) -> None:
    """170 actions to at most 20 (12 when measured), the same kind of difference,
    fewer players, and the shrunk trace replays to the same divergence."""
    lock, found = late
    assert found.divergence is not None
    lengths: list[int] = []
    result = shrink(lock, found, seconds=120, progress=lengths.append)
    best = result.best
    assert best.divergence is not None and best.divergence.kind == found.divergence.kind
    assert len(best.actions) <= 20 and not result.out_of_time
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] == len(best.actions)
    assert len(best.players) <= len(found.players)
    again = lock.play(best.players, best.options, replay_chooser(best.actions),
                      len(best.actions))
    assert again.divergence is not None and again.divergence.kind == found.divergence.kind
    assert again.actions == best.actions


def test_shrinking_stops_at_its_time_limit(late: tuple[Lockstep, Played]) -> None:
    lock, found = late
    result = shrink(lock, found, seconds=0.0)
    assert result.out_of_time and result.best is found and result.replays == 0


def test_the_library_pass_says_nothing(late: tuple[Lockstep, Played],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Hypothesis's own notes ("PLEASE REPORT THIS", "@seed(...)") never reach the
    output: its reporter is silenced around the lowering pass."""
    with silenced():
        report("PLEASE REPORT THIS if you can provide a reproducing example")
    lock, found = late
    cut = shrink(lock, found, seconds=60).best
    lowered = shrink(lock, cut, seconds=30, lowering=True, max_examples=20)
    assert len(lowered.best.actions) <= len(cut.actions)
    captured = capsys.readouterr()
    assert "PLEASE REPORT" not in captured.out + captured.err
    assert "Hypothesis" not in captured.out + captured.err
    assert "@seed" not in captured.out + captured.err


def test_fuzz_shows_shrinking_progress(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Each shorter trace on stderr as it is found (``shrinking: 120 -> 26 -> 6``), and
    the lengths before and after in the summary."""
    code = main(["fuzz", "--out", str(tmp_path), "--progress", "no", "--impl",
                 f"mutant:{QUICK}", "--games", "3", "--max-actions", "400"])
    assert code == 1
    captured = capsys.readouterr()
    line = next(x for x in captured.err.splitlines() if x.startswith("shrinking: "))
    lengths = [int(n) for n in line.removeprefix("shrinking: ").split(" actions")[0]
               .split(" -> ")]
    finding = json.loads((tmp_path / "summary.json").read_text())["finding"]
    assert lengths[0] == finding["actions"] >= 50 and len(lengths) >= 2, line
    assert lengths[-1] == finding["shrunk_actions"] <= 20 and "replays" in line
    assert finding["shrink_replays"] > 0 and finding["shrink_stopped_at_limit"] is False
    assert f"shrunk from {lengths[0]} to {lengths[-1]} actions" in captured.out
    assert "PLEASE REPORT" not in captured.out + captured.err


def test_alike_divergences() -> None:
    crash_applying = Divergence(3, "error", {"outcome": "crash", "action": {"type": "x"}})
    crash_starting = Divergence(0, "error", {"outcome": "crash", "message": "gave up"})
    assert alike(crash_applying) != alike(crash_starting)
    assert alike(crash_applying) != alike(Divergence(3, "error", {
        "outcome": "timeout", "action": {"type": "x"}}))
    assert alike(Divergence(9, "verdict", {"a": 1})) == alike(Divergence(2, "verdict", {}))


def test_a_replayed_action_no_longer_listed_is_repaired() -> None:
    legal = [{"type": "move", "player": "p2", "to": "A1"},
             {"type": "place", "player": "p2", "to": "B2"},
             {"type": "place", "player": "p2", "to": "C3"}]
    assert nearest({"type": "place", "player": "p1", "to": "C3"}, legal) == legal[2]
    assert nearest({"type": "pass", "player": "p2", "to": "A1"}, legal) == legal[0]
    choose = repairing_chooser([legal[1], {"type": "place", "player": "p1", "to": "C3"}])
    assert choose(0, legal) is not None and choose(0, legal) == legal[1]
    assert choose(1, legal) == legal[2] and choose(2, legal) is None


def test_state_of_play_ignores_the_board() -> None:
    one = {"turn": {"active": "p1"}, "phase": "action", "board": list(range(50))}
    two = {"turn": {"active": "p1"}, "phase": "action", "board": list(range(60))}
    assert state_of_play(one) == state_of_play(two)
    assert state_of_play(one) != state_of_play({**one, "turn": {"active": "p2"}})
