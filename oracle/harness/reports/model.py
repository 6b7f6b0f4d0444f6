"""Turn the streamed results (results.jsonl) into the aggregate report.json value.

Open rulings (rulings.md, status ``open``) have readings, not one right answer: an
implementation declares the readings it follows, a declared reading that fails is a
failure like any other, and the report also says which readings it follows.
What the certificate covers (its scope, per-ruling coverage) is ``coverage.py``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from oracle.games import game_of_ruling
from oracle.harness.catalogue import Ruling
from oracle.harness.collect import BAD, OUTCOMES, iter_records
from oracle.harness.reports.coverage import Scope, coverage

REPORT_FORMAT = 2


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
                 started: str, finished: str, partial: bool, scope: Scope,
                 suite_rulings: list[str]) -> dict[str, Any]:
    results = sorted(results, key=lambda r: (str(r.get("feature")), int(r.get("line") or 0),
                                             str(r.get("id"))))
    totals = {o: 0 for o in OUTCOMES}
    for record in results:
        outcome = str(record.get("outcome"))
        totals[outcome] = totals.get(outcome, 0) + 1
    by_ruling: dict[str, dict[str, Any]] = {}
    for record in results:
        for rid in record.get("rulings") or ["(untagged)"]:
            entry = by_ruling.setdefault(rid, {"scenarios": [], "totals": Counter()})
            entry["scenarios"].append(record["id"])
            entry["totals"][str(record.get("outcome"))] += 1
    rulings: dict[str, Any] = {}
    for rid, entry in sorted(by_ruling.items()):
        known = catalogue.get(rid)
        rulings[rid] = {
            **(known.to_json() if known else {"id": rid, "text": "", "status": "unknown",
                                              "source": ""}),
            "scenarios": entry["scenarios"], "totals": dict(sorted(entry["totals"].items())),
        }
    graded = totals["pass"] + totals["fail"]
    every = set(catalogue) | set(suite_rulings) | set(rulings)
    cover = coverage(results, scope, catalogue, suite_rulings,
                     {r: game_of_ruling(r) for r in every})
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
        # Evidence only: every settled ruling in scope passed, nothing in scope went
        # wrong, and the run finished.
        "certified": partial is False and bool(cover["certifies"]),
        "scope": cover["scope"],
        "coverage": {k: cover[k] for k in ("rulings", "games", "not_certified_because")},
        "catalogue_without_scenarios": cover["catalogue_without_scenarios"],
        "rulings": rulings,
        "open_rulings": open_rulings(results),
        "results": results,
    }
