"""The caption under a board says which moment it shows (issue 29, item 3)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.harness.reports.moment import board_moment


def record(statuses: tuple[str, ...], board: Any, verdict: Any = None) -> dict[str, Any]:
    kinds = ("given", "when", "then")[:len(statuses)]
    out: dict[str, Any] = {
        "steps": [{"keyword": k.capitalize(), "type": k, "text": f"the {k}", "status": s}
                  for k, s in zip(kinds, statuses, strict=True)], "board": board}
    if verdict is not None:
        out["verdict"] = verdict
    return out


@pytest.mark.parametrize(("statuses", "board", "verdict", "words"), [
    (("passed", "passed", "passed"), {"step": 1, "action": "accepted"}, None,
     "After the When: the position the engine handed back (step 2: When the when)"),
    (("passed", "passed", "passed"), {"step": 1, "action": "refused"}, None,
     "Before the When's action: it was refused"),
    (("passed", "passed", "passed"), {"step": 0, "action": "accepted"},
     {"accepted": False}, "Before the When: its action was refused"),
    (("passed", "failed", "not run"), {"step": 0, "action": "none"}, None,
     "Before the When: its answer was not taken"),
    (("failed", "not run", "not run"), {"step": 0, "action": "none"}, None,
     "the scenario stopped before its When"),
    (("passed", "passed", "passed"), {"step": 2, "action": "none"}, None,
     "After the When, played on to the next decision (step 3: Then the then)"),
    (("passed", "passed"), {"step": 0, "action": "none"}, None,
     "Before the When: as the Given steps left it; the When sent no action"),
    (("passed",), {"step": 0, "action": "none"}, None, "As the Given steps left it"),
])
def test_the_caption_names_the_moment(statuses: tuple[str, ...], board: Any, verdict: Any,
                                      words: str) -> None:
    assert words in board_moment(record(statuses, board, verdict))


@pytest.mark.parametrize("board", [None, {"step": 9}, {"step": "x"}, [], {"step": -1}])
def test_a_record_without_a_usable_board_step_says_the_scenario_end(board: Any) -> None:
    assert board_moment(record(("passed", "passed"), board)) == (
        "The position at the end of the scenario.")
