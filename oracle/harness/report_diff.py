"""Compare two certification reports: ``railrules diff OLD/report.json NEW/report.json``.

Per scenario (by its id): a **regression** is a scenario that passed and now does
not (it fails, is a gap of any kind, or is gone from the new report), or that now has a
bad outcome it did not have (``unsupported`` to ``fail``, a new scenario that fails);
a **progression** one that did not pass and now does; **changed readings** are open
rulings whose followed readings differ. Also the certificate, the grading level,
scenarios that came or went, and a warning when the two reports grade different suites
(their hashes). Exit status: 0 no regression, 1 regressions, a lost certificate or a
level dropped from reasons to verdicts (for CI), 2 an unreadable report.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from oracle.harness.outcomes import BAD
from oracle.harness.reports.text import for_terminal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", help="the earlier report.json (or its folder)")
    parser.add_argument("new", help="the later report.json (or its folder)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


def load(path_text: str) -> dict[str, Any]:
    """A report.json; ``OSError`` when it cannot be read, ``ValueError`` naming what is
    wrong when it is not a report (not JSON, not an object; ``results``, ``open_rulings``
    or ``suite`` not of the shape ``compare`` reads)."""
    path = Path(path_text)
    if path.is_dir():
        path = path / "report.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:  # not JSON, or not UTF-8
        raise ValueError(f"{path}: not JSON ({err})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a report (a JSON object)")
    results = data.get("results", [])
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise ValueError(f"{path}: results: not a list of objects")
    open_rulings = data.get("open_rulings", {})
    if not isinstance(open_rulings, dict) or not all(
            isinstance(r, dict | None) for r in open_rulings.values()):
        raise ValueError(f"{path}: open_rulings: not an object of objects")
    if not isinstance(data.get("suite", {}), dict | None):
        raise ValueError(f"{path}: suite: not an object")
    report: dict[str, Any] = data
    return report


def outcomes(report: dict[str, Any]) -> dict[str, str]:
    return {str(r.get("id")): str(r.get("outcome")) for r in report.get("results", [])}


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """Per scenario: a regression leaves ``pass`` (for anything: a failure, a gap, or
    gone from the new report), or arrives at a bad outcome it was not in; a progression
    arrives at ``pass``; the rest are other changes."""
    before, after = outcomes(old), outcomes(new)
    regressions, progressions, changed = [], [], []
    for sid in sorted(set(before) | set(after)):
        was, now = before.get(sid), after.get(sid)
        if was == now:
            continue
        entry = {"id": sid, "old": was, "new": now}
        if (was == "pass" and now != "pass") or (now in BAD and was not in BAD):
            regressions.append(entry)
        elif now == "pass":
            progressions.append(entry)
        elif now is not None:
            changed.append(entry)
    readings = []
    old_open, new_open = old.get("open_rulings", {}), new.get("open_rulings", {})
    for ruling in sorted(set(old_open) | set(new_open)):
        was_r = (old_open.get(ruling) or {}).get("follows")
        now_r = (new_open.get(ruling) or {}).get("follows")
        if was_r != now_r:
            readings.append({"ruling": ruling, "old": was_r, "new": now_r})
    hashes = [str((r.get("suite") or {}).get("hash", "")) for r in (old, new)]
    warnings = []
    if hashes[0] != hashes[1]:
        warnings.append(f"the reports grade different suites (hash {hashes[0][:12] or '?'} "
                        f"against {hashes[1][:12] or '?'}): scenarios may have changed")
    lost = old.get("certified") is True and new.get("certified") is not True
    levels = [str((r.get("grading") or {}).get("level", "reasons")) for r in (old, new)]
    # a certificate that no longer checks reason codes is a weaker one
    level_lost = levels == ["reasons", "verdicts"]
    if levels[0] != levels[1]:
        warnings.append(f"the grading level changed: {levels[0]} -> {levels[1]}")
    return {"level": {"old": levels[0], "new": levels[1]}, "level_lost": level_lost,
            "regressions": regressions, "progressions": progressions,
            "other_changes": changed, "changed_readings": readings,
            "gone": sorted(set(before) - set(after)), "added": sorted(set(after) - set(before)),
            "certified": {"old": old.get("certified"), "new": new.get("certified")},
            "certificate_lost": lost, "warnings": warnings}


def render(diff: dict[str, Any]) -> str:
    lines = [f"warning: {w}" for w in diff.get("warnings", [])]
    for label in ("regressions", "progressions", "other_changes"):
        items = diff[label]
        lines.append(f"{label.replace('_', ' ')}: {len(items)}")
        lines += [f"  {e['id']}: {e['old'] or '(new)'} -> {e['new'] or '(gone)'}"
                  for e in items]
    lines.append(f"changed readings: {len(diff['changed_readings'])}")
    lines += [f"  {e['ruling']}: {e['old']} -> {e['new']}" for e in diff["changed_readings"]]
    if diff["gone"]:
        lines.append(f"scenarios gone: {len(diff['gone'])}: {', '.join(diff['gone'][:10])}")
    cert = diff["certified"]
    lines.append(f"certified: {cert['old']} -> {cert['new']}")
    return "\n".join(for_terminal(line) for line in lines)


def regressed(diff: dict[str, Any]) -> bool:
    """What exits 1: a regression, a certificate the old report had and the new lacks, or
    a grading level dropped from reasons to verdicts."""
    return (bool(diff["regressions"]) or bool(diff.get("certificate_lost"))
            or bool(diff.get("level_lost")))


def run(args: argparse.Namespace) -> int:
    try:
        old, new = load(args.old), load(args.new)
    except (OSError, ValueError) as err:
        print(f"railrules diff: {err}", file=sys.stderr)
        return 2
    diff = compare(old, new)
    print(json.dumps(diff, indent=1) if args.json else render(diff))
    return 1 if regressed(diff) else 0
