"""``railrules fuzz`` with a partial engine (tests/harness/fakes/partial.py): on either
side its gaps are gone round (the other side's answer taken) and counted apart from
agreement, by side, how and feature, with the action and position of the first; a
game nobody can go on with stops with what was tried; an error names its action."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_paths import HERE

from oracle.harness.cli import main
from oracle.harness.fuzz_campaign import STREAM, read_stream
from oracle.harness.lockstep import Lockstep, index_chooser, key
from oracle.protocol.implementation import JSON, Unsupported
from oracle.protocol.inprocess import InProcess

PARTIAL = f"{sys.executable} {HERE / 'fakes' / 'partial.py'}"
#: what the fake's ``declared`` mode declares
DECLARED = {"new_game", "legal_actions", "action:move", "action:place_tile"}


def fuzz(out: Path, *argv: str) -> int:
    return main(["fuzz", "--out", str(out), "--progress", "no", "--games", "2",
                 "--max-actions", "30", *argv])


def summary(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "summary.json").read_text())
    return data


@pytest.mark.parametrize("side", ["A", "B"])
def test_gaps_are_counted_apart_from_agreement(tmp_path: Path, side: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{PARTIAL} declared"
    argv = ("--impl", engine) if side == "A" else ("--impl", "oracle", "--against", engine)
    assert fuzz(tmp_path, *argv) == 0
    s = summary(tmp_path)["this_run"]
    assert s["games"] == 2 and s["games_agreed"] == 2
    assert s["games_agreed_with_nothing_declined"] == 0
    assert s["games_with_declined_requests"] == 2
    # every action is either applied alike by both or declined by the partial side
    assert s["actions"] == 60 == s["actions_agreed"] + s["actions_declined"]
    assert 0 < s["actions_declined"] < s["actions"]
    table = s["declined"]
    assert set(table) == {side} and set(table[side]) == {"declared"}
    assert set(table[side]["declared"]) == DECLARED
    assert sum(e["requests"] for e in table[side]["declared"].values()) == s["gaps"]
    move = table[side]["declared"]["action:move"]
    assert move["first"]["action"]["type"] == "move"
    assert "turn=" in move["first"]["position"] and move["first"]["game_index"] == 0
    assert "action" not in table[side]["declared"]["legal_actions"]["first"]
    out = capsys.readouterr()
    shown = next(x for x in out.out.splitlines() if f"{side} declared action:move" in x)
    assert "tried {" in shown and '"type":"move"' in shown and "turn=" in shown
    assert f"declined by a side {s['actions_declined']}" in out.out
    # the direction that grades a partial engine, when it is the chooser
    assert ("--impl oracle --against" in out.err) is (side == "A")
    lines = read_stream(tmp_path / STREAM).values()
    assert all(line["outcome"] == "capped" for line in lines)


def test_undeclared_gaps_are_told_apart(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz(tmp_path, "--impl", "oracle", "--against", f"{PARTIAL} undeclared") == 0
    table = summary(tmp_path)["this_run"]["declined"]["B"]
    assert set(table["declared"]) == DECLARED
    assert set(table["undeclared"]) == {"action:call_veto"}
    first = table["undeclared"]["action:call_veto"]["first"]
    assert first["action"]["type"] == "call_veto" and "phase=" in first["position"]
    err = capsys.readouterr().err
    assert "answered unsupported with no gap declared" in err


def test_a_game_nobody_can_play_stops_and_says_why(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Both sides declare new games and legal actions gaps: nothing to play, no
    traceback; each game stopped, and why, and nothing compared (exit 3)."""
    blind = f"{PARTIAL} blind"
    assert fuzz(tmp_path, "--impl", blind, "--against", blind) == 3
    s = summary(tmp_path)["this_run"]
    assert s["outcomes"] == {"stopped": 2} and s["games_agreed"] == 0
    assert "neither side makes a new game" in s["stopped"][0]["why"]
    out = capsys.readouterr()
    assert "game 0 stopped after 0 actions: neither side makes a new game" in out.out
    assert "Traceback" not in out.err


class _Declines(InProcess):
    """The oracle, declining the legal actions, or one action type."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def legal_actions(self, game: str, position: JSON) -> list[JSON]:
        if self.what == "legal_actions":
            raise Unsupported("no listing", "legal_actions")
        return super().legal_actions(game, position)

    def apply(self, game: str, position: JSON, action: JSON) -> Any:
        if action.get("type") == self.what:
            raise Unsupported("not that", f"action:{self.what}")
        return super().apply(game, position, action)

    def batches(self) -> bool:
        return False


def test_lockstep_stops_where_neither_side_answers() -> None:
    """Neither side lists legal actions: the game stops with the position; neither
    applies the action chosen: it stops with the action and the position."""
    listless = Lockstep(_Declines("legal_actions"), _Declines("legal_actions"), "rocket")
    played = listless.play(["p1", "p2"], {}, index_chooser([0] * 5), 5)
    assert played.outcome == "stopped" and not played.actions
    assert "neither side lists the legal actions" in played.stopped
    assert "turn=" in played.stopped
    assert played.declined == {"A declared legal_actions": 1, "B declared legal_actions": 1}
    first = InProcess().legal_actions("rocket", InProcess().new_game("rocket", ["p1", "p2"],
                                                                      {}))
    kind = sorted(first, key=key)[0]["type"]
    stuck = Lockstep(_Declines(kind), _Declines(kind), "rocket")
    played = stuck.play(["p1", "p2"], {}, index_chooser([0] * 5), 5)
    assert played.outcome == "stopped" and f"neither side applies action:{kind}" in \
        played.stopped and "turn=" in played.stopped


def test_a_declining_chooser_is_handed_the_other_sides_answers() -> None:
    """A declines its legal actions and one action type: the game goes on from B's
    list and B's verdict, the same game as the oracle alone plays."""
    alone = Lockstep(InProcess(), InProcess(), "rocket").play(
        ["p1", "p2"], {}, index_chooser([3, 1, 4, 1, 5, 9, 2, 6]), 8)
    partial = Lockstep(_Declines("legal_actions"), InProcess(), "rocket").play(
        ["p1", "p2"], {}, index_chooser([3, 1, 4, 1, 5, 9, 2, 6]), 8)
    assert partial.actions == alone.actions and partial.divergence is None
    assert partial.declined == {"A declared legal_actions": 9}
    assert partial.agreed_actions == 8 and partial.declined_actions == 0
    kind = alone.actions[0]["type"]
    gappy = Lockstep(_Declines(kind), InProcess(), "rocket").play(
        ["p1", "p2"], {}, index_chooser([3, 1, 4, 1, 5, 9, 2, 6]), 8)
    assert gappy.actions == alone.actions and gappy.divergence is None
    declined = sum(a["type"] == kind for a in alone.actions)
    assert gappy.declined_actions == declined == gappy.declined[f"A declared action:{kind}"]
    assert gappy.agreed_actions == 8 - declined
    assert gappy.first_declined[f"A declared action:{kind}"]["action"] == alone.actions[0]


def test_an_error_names_the_action_and_shrinks_to_it(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A side that dies applying an action: the output names the action; the action
    ends the trace, so the shrinker (each replay meeting a live adapter again)
    reaches it: one action."""
    assert fuzz(tmp_path, "--impl", f"{PARTIAL} crash_on_move") == 1
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("divergence in game"))
    assert "a side failed (crash) applying action" in line and '"type":"move"' in line
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert [a["type"] for a in trace["actions"]] == ["move"]
    assert trace["divergence"]["detail"]["action"] == trace["actions"][-1]
    assert "stopped: a side gave crash: the adapter closed" in (
        tmp_path / "divide.txt").read_text()
