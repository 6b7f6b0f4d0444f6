"""A campaign's totals, and the lines ``railrules fuzz`` prints about them.

Agreement and gaps are counted apart: a game that "agrees" may have compared little
(a partial engine declines most requests, and the harness goes on from the other
side's answer), so the totals say how many actions both sides applied alike, how many
one side declined, and which requests were declined, by side, how (``HOWS``) and
feature, each with the first one met: the game, the step, the action tried and a
summary of the position it was tried on.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Any

from oracle.harness.lockstep import key
from oracle.harness.lockstep_played import split_gap_key
from oracle.protocol.implementation import JSON

#: outcomes of a game with nothing differing
AGREEING = ("agree", "capped")


def summary(lines: Iterable[JSON], wall: float, cpu: float) -> JSON:
    """The totals of these games' lines (``fuzz_campaign.record``)."""
    items = sorted(lines, key=lambda item: int(item["game_index"]))
    outcomes: dict[str, int] = {}
    for item in items:
        outcomes[item["outcome"]] = outcomes.get(item["outcome"], 0) + 1
    actions = sum(int(item["actions"]) for item in items)
    agreeing = [item for item in items if item["outcome"] in AGREEING]
    return {"games": len(items), "outcomes": outcomes,
            "games_agreed": len(agreeing),
            "games_agreed_with_nothing_declined": sum(not item.get("gaps")
                                                      for item in agreeing),
            "games_with_declined_requests": sum(bool(item.get("gaps")) for item in items),
            "actions": actions,
            "actions_agreed": sum(int(item.get("agreed_actions", 0)) for item in items),
            "actions_declined": sum(int(item.get("declined_actions", 0)) for item in items),
            "gaps": sum(int(item.get("gaps", 0)) for item in items),
            "declined": declined(items),
            "stopped": [{"game_index": item["game_index"], "actions": item["actions"],
                         "why": item.get("stopped", "")}
                        for item in items if item["outcome"] == "stopped"][:20],
            "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
            "games_per_s": round(len(items) / wall, 1) if wall else None,
            "actions_per_s": round(actions / wall) if wall else None}


def declined(items: list[JSON]) -> JSON:
    """side -> how -> feature -> requests, games, and the first one (by game index)."""
    out: JSON = {}
    for item in items:
        firsts = item.get("first_declined") or {}
        for name, count in (item.get("declined") or {}).items():
            side, how, feature = split_gap_key(name)
            entry = out.setdefault(side, {}).setdefault(how, {}).setdefault(
                feature, {"requests": 0, "games": 0})
            entry["requests"] += int(count)
            entry["games"] += 1
            if "first" not in entry and name in firsts:
                entry["first"] = {"game_index": item["game_index"], **firsts[name]}
    return out


def summary_lines(label: str, s: JSON) -> list[str]:
    """The summary as printed: one line of totals, then what was declined."""
    outcomes = ", ".join(f"{k} {v}" for k, v in sorted(s["outcomes"].items())) or "none"
    actions = int(s["actions"])
    agreed, declined_n = int(s.get("actions_agreed", 0)), int(s.get("actions_declined", 0))
    share = f" ({100 * declined_n // actions}%)" if actions else ""
    rate = f"  {s['wall_s']}s  {s['games_per_s']} games/s  {s['actions_per_s']} actions/s" \
        if s.get("games_per_s") else ""
    lines = [f"{label}: games {s['games']} ({outcomes}; "
             f"{s.get('games_with_declined_requests', 0)} with declined requests)  "
             f"actions {actions} (agreed {agreed}, declined by a side {declined_n}{share})  "
             f"requests declined {s['gaps']}{rate}"]
    rows = list(_declined_rows(s.get("declined") or {}))
    if rows:
        lines.append("  declined (side, how, feature: requests in games; the first):")
        lines += rows
    for stop in s.get("stopped") or []:
        lines.append(f"  game {stop['game_index']} stopped after {stop['actions']} "
                     f"actions: {stop['why']}")
    if actions and declined_n * 2 > actions:
        lines.append(f"  most actions were not compared: a side declined {declined_n} of "
                     f"{actions} (the harness went on from the other side's answer)")
    return lines


def _declined_rows(table: JSON) -> Iterable[str]:
    for side in sorted(table):
        for how in sorted(table[side]):
            features = table[side][how]
            for feature in sorted(features, key=lambda f: -int(features[f]["requests"])):
                entry = features[feature]
                yield (f"    {side} {how} {feature}: {entry['requests']} in "
                       f"{entry['games']} game{'s' * (entry['games'] != 1)}"
                       + _first(entry.get("first")))


def _first(first: Any) -> str:
    if not isinstance(first, dict):
        return ""
    text = f"; game {first.get('game_index')} after {first.get('step')} actions"
    if "action" in first:
        text += f", tried {key(first['action'])[:200]}"
    return text + f", on {first.get('position', '?')}"


def hints(s: JSON, impl: str, against: str) -> list[str]:
    """What to do next, from the totals: where the chooser declines, the direction
    that grades a partial engine; where gaps were not declared, what that means."""
    table = s.get("declined") or {}
    out = []
    if "A" in table:
        out.append(f"fuzz: A ({impl}) declined requests; the harness went on from B's "
                   f"answers (B's legal actions where A lists none). A partial engine is "
                   f"usually graded as B, the oracle choosing: railrules fuzz --impl "
                   f"{shlex.quote(against)} --against {shlex.quote(impl)}")
    undeclared = sum(int(e["requests"]) for side in table.values()
                     for e in side.get("undeclared", {}).values())
    if undeclared:
        out.append(f"fuzz: {undeclared} requests were answered unsupported with no gap "
                   "declared in the handshake: declare them (docs/protocol.md, 'Declaring "
                   "what you support'); certify withholds the certificate for them")
    return out
