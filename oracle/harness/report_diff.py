"""Compare two certification reports: ``railrules diff OLD/report.json NEW/report.json``.

Per scenario (by its id): a **regression** is a scenario that passed and now does
not (or is new and goes wrong), a **progression** one that did not pass and now
does; **changed readings** are open rulings whose followed readings differ. Also
the certificate and scenarios that came or went. Exit status: 0 no regression,
1 regressions (for CI), 2 an unreadable report.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

BAD = ("fail", "error", "crash", "timeout", "setup-error")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", help="the earlier report.json (or its folder)")
    parser.add_argument("new", help="the later report.json (or its folder)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


def load(path_text: str) -> dict[str, Any]:
    path = Path(path_text)
    if path.is_dir():
        path = path / "report.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def outcomes(report: dict[str, Any]) -> dict[str, str]:
    return {str(r.get("id")): str(r.get("outcome")) for r in report.get("results", [])}


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    before, after = outcomes(old), outcomes(new)
    regressions, progressions, changed = [], [], []
    for sid in sorted(set(before) | set(after)):
        was, now = before.get(sid), after.get(sid)
        if was == now or now is None:
            continue
        entry = {"id": sid, "old": was, "new": now}
        if now != "pass" and (was == "pass" or (was is None and now in BAD)):
            regressions.append(entry)
        elif now == "pass":
            progressions.append(entry)
        else:
            changed.append(entry)
    readings = []
    old_open, new_open = old.get("open_rulings", {}), new.get("open_rulings", {})
    for ruling in sorted(set(old_open) | set(new_open)):
        was = (old_open.get(ruling) or {}).get("follows")
        now = (new_open.get(ruling) or {}).get("follows")
        if was != now:
            readings.append({"ruling": ruling, "old": was, "new": now})
    return {"regressions": regressions, "progressions": progressions,
            "other_changes": changed, "changed_readings": readings,
            "gone": sorted(set(before) - set(after)), "added": sorted(set(after) - set(before)),
            "certified": {"old": old.get("certified"), "new": new.get("certified")}}


def render(diff: dict[str, Any]) -> str:
    lines = []
    for label in ("regressions", "progressions", "other_changes"):
        items = diff[label]
        lines.append(f"{label.replace('_', ' ')}: {len(items)}")
        lines += [f"  {e['id']}: {e['old'] or '(new)'} -> {e['new']}" for e in items]
    lines.append(f"changed readings: {len(diff['changed_readings'])}")
    lines += [f"  {e['ruling']}: {e['old']} -> {e['new']}" for e in diff["changed_readings"]]
    if diff["gone"]:
        lines.append(f"scenarios gone: {len(diff['gone'])}: {', '.join(diff['gone'][:10])}")
    cert = diff["certified"]
    lines.append(f"certified: {cert['old']} -> {cert['new']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        old, new = load(args.old), load(args.new)
    except (OSError, ValueError) as err:
        print(f"railrules diff: {err}")
        return 2
    diff = compare(old, new)
    print(json.dumps(diff, indent=1) if args.json else render(diff))
    return 1 if diff["regressions"] else 0
