"""What one lockstep game leaves: its actions, how it ended (``Divergence``), and what
was compared and what a side declined (``Played``).

A side *declines* a request when it answers ``unsupported`` or ``skipped``, or when
the harness answers so for it without asking (a gap its handshake declares). The
lockstep then goes on from the other side's answer, and ``Played`` counts the gap by
side, by how it was declined and by feature (``action:TYPE`` for an action, else the
question: ``legal_actions``, ``scores``, ``game_over``, ``new_game``), keeping the first
request of each with the action tried and a summary of the position it was asked
about, so a campaign can say how much of what it played was compared at all.
``position_diff`` and ``short`` write what a divergence shows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from oracle.core.made import as_json
from oracle.harness.canonical_keys import key
from oracle.protocol.implementation import (
    JSON,
    ImplementationOutcome,
    Skipped,
    UndeclaredGap,
)

#: how a side declined a request: its handshake declares the gap (or the in-process
#: engine lacks it), an ``unsupported`` answer no declaration covers, a ``skipped``
#: answer, or an error where only a gap is taken (a ``new_game`` B does not make)
HOWS: Final = ("declared", "undeclared", "skipped", "errored")


def how_declined(err: ImplementationOutcome) -> str:
    """The ``HOWS`` word for a gap."""
    if isinstance(err, UndeclaredGap):
        return "undeclared"
    if isinstance(err, Skipped):
        return "skipped"
    return "declared"


def gap_key(side: str, how: str, feature: str) -> str:
    """``"B declared action:move"``: the key of ``Played.declined``."""
    return f"{side} {how} {feature}"


def split_gap_key(text: str) -> tuple[str, str, str]:
    side, how, feature = [*text.split(" ", 2), "", ""][:3]
    return side, how, feature


def action_feature(action: Mapping[str, Any]) -> str:
    """The feature an action puts to an engine, as handshakes name gaps."""
    return f"action:{str(action.get('type', ''))[:60]}"


def position_summary(position: Any, limit: int = 240) -> str:
    """A game-neutral line about a position: its small top-level values written out
    (whose turn, the phase, what is pending), then the larger ones by their size
    (``lines[7]``)."""
    position = as_json(position)  # a ``Made`` (oracle.core.made) is summed up as its JSON
    if not isinstance(position, dict):
        return _text(position)[:limit]
    small, large = [], []
    for name, value in position.items():
        if name in ("game", "version", "options"):
            continue
        text = _text(value)
        if isinstance(value, dict | list) and len(text) > 60:
            large.append(f"{name}[{len(value)}]")
        else:
            small.append(f"{name}={text[:60]}")
    line = ", ".join(small + large)
    return line if len(line) <= limit else line[:limit - 3] + "..."


def _text(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        return repr(value)


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first difference: after ``step`` actions, on ``kind``."""

    step: int
    #: new_game | legal_actions | verdict | position | scores | game_over | error |
    #: invalid (a side handed back what the game's own checks refuse: ``InvalidReply``)
    kind: str
    detail: JSON

    def to_json(self) -> JSON:
        return {"step": self.step, "kind": self.kind, "detail": self.detail}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Divergence:
        return cls(int(data["step"]), str(data["kind"]), dict(data.get("detail") or {}))

    def summary(self) -> str:
        if self.kind == "error" and "action" in self.detail:
            return (f"a side failed ({self.detail.get('outcome', 'error')}) applying "
                    f"action {self.step + 1}")
        return f"{self.kind} differs after {self.step} action{'s' * (self.step != 1)}"


@dataclass
class Played:
    """One lockstep game: the actions applied, the chooser's index of each among the
    sorted legal actions it chose from (what the shrinker edits), and how it ended."""

    players: list[str]
    options: JSON
    actions: list[JSON] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    divergence: Divergence | None = None
    over: bool = False
    #: requests a side declined (the harness went on from the other side's answer)
    gaps: int = 0
    notes: list[str] = field(default_factory=list)
    #: the position the game started from, where it did not start from a new game (a
    #: game's ``openings``: oracle.core.game.GameModule)
    start: JSON | None = None
    #: the requests declined, by ``gap_key``: side, ``HOWS`` word, feature
    declined: dict[str, int] = field(default_factory=dict)
    #: the first request of each ``declined`` key: step, action tried, position summary
    first_declined: dict[str, JSON] = field(default_factory=dict)
    #: actions both sides answered alike (the verdict, and the position it makes)
    agreed_actions: int = 0
    #: actions one side declined to apply (the other side's verdict was taken)
    declined_actions: int = 0
    #: why the game could not go on, nothing having differed: neither side answers
    #: what one must (a new game, the legal actions, the action chosen)
    stopped: str = ""

    @property
    def outcome(self) -> str:
        if self.divergence is not None:
            return "diverged"
        if self.stopped:
            return "stopped"
        return "agree" if self.over else "capped"

    def decline(self, side: str, how: str, feature: str, step: int, position: Any,
                action: JSON | None = None) -> None:
        """Count a request ``side`` declined after ``step`` actions (about ``position``,
        or trying ``action`` on it); keep the first of its kind."""
        self.gaps += 1
        name = gap_key(side, how, feature)
        seen = self.declined.get(name, 0)
        self.declined[name] = seen + 1
        if not seen:
            first: JSON = {"step": step}
            if action is not None:
                first["action"] = action
            first["position"] = position_summary(position)
            self.first_declined[name] = first


def short(value: Any, limit: int = 300) -> Any:
    """``value``, or its canonical text cut to ``limit`` characters where longer."""
    text = key(value)
    return value if len(text) <= limit else text[:limit] + "..."


def position_diff(a: Any, b: Any, path: str = "", out: list[JSON] | None = None,
                  limit: int = 12) -> list[JSON]:
    """The paths where two JSON values differ, with both values (at most ``limit``)."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            position_diff(a.get(k, "<absent>"), b.get(k, "<absent>"), f"{path}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            position_diff(x, y, f"{path}[{i}]", out, limit)
    elif a != b:
        out.append({"path": path.lstrip(".") or "(root)", "a": short(a), "b": short(b)})
    return out
