"""Which moment a scenario's board picture shows, in words.

The record's ``board`` (oracle/harness/collect.py) names the step after which the
scenario's position last changed, and what that step sent. The picture is the
position at the scenario's end, so it shows the Given's position when the When's
action was refused (a refusal leaves the position as it was) and the engine's answer
when it was accepted.
"""

from __future__ import annotations

from typing import Any

#: the longest step text quoted in a caption
_STEP_TEXT: int = 160


def _step_words(steps: list[Any], index: int) -> str:
    step = steps[index] if isinstance(steps[index], dict) else {}
    text = str(step.get("text", ""))
    if len(text) > _STEP_TEXT:
        text = text[:_STEP_TEXT] + " ..."
    return f"step {index + 1}: {step.get('keyword', '')} {text}".strip()


def board_moment(record: dict[str, Any]) -> str:
    """A caption for the record's board: "after the When", "before the When", with the
    step it follows. Plain text (the caller escapes it)."""
    found = record.get("steps")
    steps: list[Any] = found if isinstance(found, list) else []
    board = record.get("board")
    at = board.get("step") if isinstance(board, dict) else None
    if not isinstance(at, int) or not 0 <= at < len(steps):
        return "The position at the end of the scenario."
    action = board.get("action") if isinstance(board, dict) else None
    kind = steps[at].get("type") if isinstance(steps[at], dict) else None
    where = _step_words(steps, at)
    whens = [s for s in steps if isinstance(s, dict) and s.get("type") == "when"]
    when_ran = any(s.get("status") in ("passed", "failed") for s in whens)
    if kind == "given":
        if not whens:
            return f"As the Given steps left it (after {where})."
        if not when_ran:
            return (f"Before the When: as the Given steps left it, the scenario stopped "
                    f"before its When (after {where}).")
        if any(s.get("status") == "failed" for s in whens):
            return (f"Before the When: its answer was not taken (expected against observed "
                    f"says why), so the position is as the Given steps left it "
                    f"(after {where}).")
        verdict = record.get("verdict")
        if isinstance(verdict, dict) and verdict.get("accepted") is False:
            return (f"Before the When: its action was refused, and a refusal leaves the "
                    f"position as the Given steps left it (after {where}).")
        return (f"Before the When: as the Given steps left it; the When sent no action "
                f"(after {where}).")
    if kind == "when":
        if action == "accepted":
            return f"After the When: the position the engine handed back ({where})."
        if action == "refused":
            return (f"Before the When's action: it was refused, and a refusal leaves the "
                    f"position as it was ({where}).")
        return f"The position the When was asked about; it sent no action ({where})."
    if kind == "then":
        return f"After the When, played on to the next decision ({where})."
    return f"The position after {where}."
