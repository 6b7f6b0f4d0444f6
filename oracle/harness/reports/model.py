"""Turn the streamed results (results.jsonl) into the aggregate report.json value.

Open rulings (rulings.md, status ``open``) have readings, not one right answer:
a failing scenario tagged ``@open`` is not counted as a failure; the report says
which reading (``@option:NAME=VALUE``) the implementation follows instead.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from oracle.harness.catalogue import Ruling
from oracle.harness.collect import OUTCOMES, iter_records

REPORT_FORMAT = 1
BAD = ("fail", "error", "crash", "timeout")


def read_stream(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Results (the last record per key wins, for resumed runs) and the handshake."""
    by_key: dict[str, dict[str, Any]] = {}
    handshake: dict[str, Any] | None = None
    for record in iter_records(path):
        if record.get("type") == "result":
            by_key[str(record.get("key"))] = record
            if handshake is None and isinstance(record.get("handshake"), dict):
                handshake = record["handshake"]
    return list(by_key.values()), handshake


def counts_as(record: dict[str, Any]) -> str:
    """How a result enters the totals: an open reading not followed is not a failure."""
    if record.get("open") and record.get("outcome") == "fail":
        return "reading-not-followed"
    return str(record.get("outcome"))


def _reading(record: dict[str, Any]) -> str:
    options = record.get("options") or {}
    return ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "(default)"


def open_rulings(results: list[dict[str, Any]]) -> dict[str, Any]:
    """For each open ruling: per reading, its outcomes; and the readings followed."""
    table: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for record in results:
        if not record.get("open"):
            continue
        for ruling in record.get("rulings") or ["(untagged)"]:
            table[ruling][_reading(record)][str(record.get("outcome"))] += 1
    out: dict[str, Any] = {}
    for ruling, readings in sorted(table.items()):
        follows = sorted(r for r, c in readings.items() if c["pass"] and not any(
            c[b] for b in BAD))
        graded = sorted(r for r, c in readings.items() if c["pass"] or c["fail"])
        if not graded:
            verdict = "not graded: no reading was run to a verdict"
        elif not follows:
            verdict = "follows none of the readings"
        elif len(follows) == 1:
            verdict = f"follows {follows[0]}"
        else:
            verdict = "follows every reading run: " + "; ".join(follows)
        out[ruling] = {
            "readings": {r: dict(sorted(c.items())) for r, c in sorted(readings.items())},
            "follows": follows, "verdict": verdict,
        }
    return out


def build_report(results: list[dict[str, Any]], *, implementation: dict[str, Any] | None,
                 spec: str, suite: dict[str, Any], catalogue: dict[str, Ruling],
                 started: str, finished: str, partial: bool) -> dict[str, Any]:
    results = sorted(results, key=lambda r: (str(r.get("feature")), int(r.get("line") or 0),
                                             str(r.get("id"))))
    totals = {o: 0 for o in OUTCOMES}
    totals["reading-not-followed"] = 0
    for record in results:
        totals[counts_as(record)] = totals.get(counts_as(record), 0) + 1
    by_ruling: dict[str, dict[str, Any]] = {}
    for record in results:
        for rid in record.get("rulings") or ["(untagged)"]:
            entry = by_ruling.setdefault(rid, {"scenarios": [], "totals": Counter()})
            entry["scenarios"].append(record["id"])
            entry["totals"][counts_as(record)] += 1
    rulings: dict[str, Any] = {}
    for rid, entry in sorted(by_ruling.items()):
        known = catalogue.get(rid)
        rulings[rid] = {
            **(known.to_json() if known else {"id": rid, "text": "", "status": "unknown",
                                              "source": ""}),
            "scenarios": entry["scenarios"], "totals": dict(sorted(entry["totals"].items())),
        }
    graded = sum(totals[o] for o in OUTCOMES if o not in ("skipped", "unsupported"))
    return {
        "format": REPORT_FORMAT,
        "spec": spec,
        "implementation": implementation or {},
        "suite": suite,
        "started": started,
        "finished": finished,
        "partial": partial,
        "totals": totals,
        "scenarios": len(results),
        "pass_rate": round(totals["pass"] / graded, 4) if graded else None,
        "certified": partial is False and graded > 0 and not any(totals[o] for o in BAD),
        "rulings": rulings,
        "open_rulings": open_rulings(results),
        "results": results,
    }
