"""Turn the streamed results (results.jsonl) into the aggregate report.json value.

Open rulings (rulings.md, status ``open``) have readings, not one right answer: an
implementation declares the readings it follows, a declared reading that fails is a
failure like any other, and the report also says which readings it follows.
What the certificate covers (its scope, per-ruling coverage) is ``coverage.py``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from oracle.games import game_of_ruling
from oracle.harness.catalogue import Ruling
from oracle.harness.outcomes import BAD, OUTCOMES
from oracle.harness.reports.coverage import Scope, coverage
from oracle.protocol.levels import LEVELS, V1_LEVEL, V2_DEFAULT_LEVEL

REPORT_FORMAT = 2


def _who(hello: dict[str, Any]) -> tuple[str, str]:
    return str(hello.get("name", "")), str(hello.get("version", ""))


def declared_gaps(hello: dict[str, Any]) -> dict[str, list[str]]:
    """Per game, the gaps the handshake declares (protocol: ``games[].gaps``)."""
    out: dict[str, list[str]] = {}
    for entry in hello.get("games") or ():
        if isinstance(entry, dict) and entry.get("gaps"):
            out[str(entry.get("game"))] = sorted(str(g) for g in entry["gaps"])
    return out


def grading(hello: dict[str, Any]) -> dict[str, Any]:
    """How the run was graded (docs/protocol.md, "Version 2"): the protocol version, the
    level (``reasons``: reason codes checked; ``verdicts``: accepted or refused only)
    and each game's turn structure, as the harness read them from the handshake."""
    protocol = hello.get("protocol")
    level = hello.get("level")
    if level not in LEVELS:
        level = V1_LEVEL if protocol in (None, 1) else V2_DEFAULT_LEVEL
    turns = {str(g.get("game")): "decisions" if protocol == 2 and g.get("turns") == "decisions"
             else "explicit" for g in hello.get("games") or () if isinstance(g, dict)}
    return {"protocol": protocol, "level": level, "turns": turns}


def missing_features(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What to build next: each gap (declared or not) with the scenarios and rulings it
    blocks, the gap blocking the most first ("``action:defend``: 9 scenarios, 2
    rulings")."""
    scenarios: Counter[str] = Counter()
    rulings: dict[str, set[str]] = defaultdict(set)
    declared: dict[str, bool] = {}
    for record in results:
        outcome = record.get("outcome")
        if outcome not in ("unsupported", "undeclared-gap"):
            continue
        feature = str(record.get("gap") or "(unnamed)")
        scenarios[feature] += 1
        rulings[feature].update(record.get("rulings") or ())
        declared[feature] = declared.get(feature, True) and outcome == "unsupported"
    return [{"feature": f, "scenarios": n, "rulings": len(rulings[f]),
             "declared": declared[f]}
            for f, n in sorted(scenarios.items(), key=lambda kv: (-kv[1], kv[0]))]


def withheld(*, partial: bool, selection: dict[str, Any] | None,
             handshakes: list[dict[str, Any]], partial_reason: str | None = None) -> list[str]:
    """Why the run as a whole certifies nothing, whatever its results. ``partial_reason``:
    why a partial run stopped ("interrupted by SIGINT"), when known."""
    why: list[str] = []
    if partial:
        why.append(f"the run did not finish: {partial_reason} (partial)" if partial_reason
                   else "the run did not finish (partial)")
    if selection:
        shown = "; ".join(f"{k} {v}" for k, v in selection.items())
        why.append(f"a selection ran, not the whole scope ({shown}): partial, no certificate")
    who = {_who(h) for h in handshakes if "error" not in h}
    if len(who) > 1:
        why.append("the implementation gave different handshakes during the run: "
                   + ", ".join(f"{n} {v}".strip() for n, v in sorted(who)))
    return why


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
                 suite_rulings: list[str], selection: dict[str, Any] | None = None,
                 handshakes: list[dict[str, Any]] | None = None,
                 partial_reason: str | None = None) -> dict[str, Any]:
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
    hello = implementation or {}
    run_withheld = withheld(partial=partial, selection=selection,
                            handshakes=handshakes if handshakes is not None else [hello],
                            partial_reason=partial_reason)
    every = set(catalogue) | set(suite_rulings) | set(rulings)
    cover = coverage(results, scope, catalogue, suite_rulings,
                     {r: game_of_ruling(r) for r in every})
    return {
        "format": REPORT_FORMAT,
        "spec": spec,
        "implementation": hello,
        "isolation": hello.get("isolation") or {
            "isolated": False, "method": "unknown", "reason": "not reported"},
        "grading": grading(hello),
        "declared_gaps": declared_gaps(hello),
        "selection": selection,
        "missing_features": missing_features(results),
        "suite": suite,
        "started": started,
        "finished": finished,
        "partial": partial,
        "totals": totals,
        "scenarios": len(results),
        # every scenario run counts: a gap is not a pass
        "pass_rate": round(totals["pass"] / len(results), 4) if results else None,
        # Evidence only: every ruling in scope passed whole, the whole scope ran, and the
        # run finished.
        "certified": not run_withheld and bool(cover["certifies"]),
        "withheld_because": run_withheld,
        "scope": cover["scope"],
        "coverage": {k: cover[k] for k in ("rulings", "games", "not_certified_because")},
        "catalogue_without_scenarios": cover["catalogue_without_scenarios"],
        "rulings": rulings,
        "open_rulings": open_rulings(results),
        "results": results,
    }
