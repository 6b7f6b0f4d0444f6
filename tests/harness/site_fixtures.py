"""Small inputs for the rulings site and compare tests: the toy game's catalogue and
scenarios, a board renderer, and certification reports built by hand (valid by the
report schema, or broken on purpose)."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

from toygame import HERE, OPTIONS, TOY_MODULE

from oracle.harness.catalogue import catalogue
from oracle.harness.site.features_doc import read_game
from oracle.harness.site.model import SiteData

HASH = "0" * 64
#: the toy game drawn as a two-space Rocket-style board (the toy has no renderer)
TOY_DRAWN = dataclasses.replace(TOY_MODULE, board="oracle.harness.reports.board:board_svg")
BOARD = {"board": {"land": ["A1", "A2", "B1"], "water": ["B2"]}}


def site_data(**fields: Any) -> SiteData:
    data = SiteData(
        catalogue=dict(catalogue(str(HERE / "fixtures" / "toy" / "rulings.md"))),
        scenarios=read_game(TOY_DRAWN), games=[TOY_DRAWN], options={"toy": list(OPTIONS)})
    for key, value in fields.items():
        setattr(data, key, value)
    return data


def result(sid: str, ruling: str, outcome: str, options: dict[str, str] | None = None
           ) -> dict[str, Any]:
    return {"type": "result", "key": f"toy.feature::{sid}", "id": sid, "name": sid,
            "rulings": [ruling], "tags": [f"id:{sid}", f"ruling:{ruling}"],
            "outcome": outcome, "steps": [], "open": bool(options), "options": options or {}}


def report(name: str = "toy-engine", *, verdicts: dict[str, str] | None = None,
           follows: dict[str, list[str]] | None = None, certified: bool = False,
           isolated: bool = True, level: str = "verdicts") -> dict[str, Any]:
    """A report.json value the schema accepts: ``verdicts`` ruling -> pass | fail |
    unsupported (a declared gap) | untested; ``follows`` open ruling -> readings."""
    verdicts = verdicts if verdicts is not None else {"TOY-01": "pass", "TOY-02": "fail",
                                                      "TOY-03": "unsupported"}
    follows = follows if follows is not None else {"TOY-OPEN-01": ["step_max=3"]}
    coverage, results = {}, []
    for rid, verdict in verdicts.items():
        outcome = {"untested": None}.get(verdict, verdict)
        cover = ("graded" if verdict in ("pass", "fail") else verdict)
        coverage[rid] = {"status": "settled", "coverage": cover,
                         "outcomes": {outcome: 1} if outcome else {}, "verdict": verdict}
        if outcome:
            results.append(result(f"{rid}-a", rid, outcome))
    opened = {}
    for rid, readings in follows.items():
        coverage[rid] = {"status": "open", "coverage": "graded", "outcomes": {"pass": 1},
                         "verdict": "pass"}
        results.append(result(f"{rid}-b", rid, "pass", {"step_max": "3"}))
        opened[rid] = {"readings": {r: {"pass": 1} for r in readings}, "follows": readings,
                       "verdict": "follows " + "; ".join(readings)}
    totals = dict.fromkeys(("pass", "fail", "skipped", "unsupported", "undeclared-gap",
                            "error", "crash", "timeout", "setup-error"), 0)
    for r in results:
        totals[r["outcome"]] += 1
    return {
        "format": 2, "spec": f"./{name}", "implementation": {
            "name": name, "version": "1.0", "language": "toy"},
        "isolation": {"isolated": isolated, "method": "bwrap" if isolated else "none",
                      "reason": ""},
        "grading": {"protocol": 2, "level": level, "turns": {"toy": "explicit"}},
        "declared_gaps": {}, "selection": None, "missing_features": [],
        "suite": {"name": "railrules", "version": "0.1.0", "hash": HASH},
        "started": "2025-01-01T00:00:00Z", "finished": "2025-01-01T00:01:00Z",
        "partial": False, "totals": totals, "scenarios": len(results), "pass_rate": None,
        "certified": certified, "withheld_because": [],
        "scope": {"words": ["toy"], "name": "toy", "rulings": len(coverage)},
        "coverage": {"rulings": coverage, "games": {}, "not_certified_because": []},
        "catalogue_without_scenarios": [],
        "rulings": {rid: {"id": rid, "text": "", "status": "settled", "source": "",
                          "scenarios": [], "totals": {}} for rid in coverage},
        "open_rulings": opened, "results": results,
    }


def write(tmp: Path, name: str, value: Any) -> str:
    path = tmp / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), "utf-8")
    return str(path)


def variant(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``base`` with the dotted ``path`` set to ``value`` (a deep copy)."""
    out = copy.deepcopy(base)
    *head, last = path.split(".")
    node = out
    for key in head:
        node = node[key]
    node[last] = value
    return out
