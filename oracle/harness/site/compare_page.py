"""The compare view's page and data: rulings down, engines across, a cell each (pass,
fail, gap, or not in the run's scope, and for an open ruling the reading followed),
each engine's badge above its column. Every word of a report is escaped."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from oracle.harness.catalogue import Ruling
from oracle.harness.site.cells import KIND_WORDS, KINDS, Cell, matrix, passed
from oracle.harness.site.engine_reports import EngineRun
from oracle.harness.site.page_shell import mark, page


def badge_name(index: int, run: EngineRun) -> str:
    """A badge's file name: the column's number and the engine's name made safe."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", run.name).strip("-.")[:40] or "engine"
    return f"badges/{index + 1}-{slug}.svg"


def ruling_order(runs: list[EngineRun], catalogue: dict[str, Ruling]) -> list[str]:
    """Every ruling some report grades or scopes: in catalogue order, then the rest."""
    seen = {rid for run in runs for rid in run.rulings}
    return [r for r in catalogue if r in seen] + sorted(seen - set(catalogue))


def _cell_html(c: Cell) -> str:
    reading = f"<span class='reading'>{escape(c.reading)}</span>" if c.reading else ""
    return f"<td>{mark(c.kind, c.text, f'{KIND_WORDS[c.kind]} ({c.detail})')}{reading}</td>"


def compare_page(runs: list[EngineRun], catalogue: dict[str, Ruling],
                 game_of: dict[str, str]) -> str:
    rulings = ruling_order(runs, catalogue)
    cells = matrix(runs, rulings)
    heads = "".join(
        f"<th>{escape(run.label)}<br><img src='{escape(badge_name(i, run), quote=True)}' "
        f"alt='badge of {escape(run.label, quote=True)}'><br><span class='src'>"
        f"{escape(run.language)}; {passed(run, rulings)} of {len(rulings)} pass</span></th>"
        for i, run in enumerate(runs))
    rows: list[str] = []
    game = None
    for rid in rulings:
        if game_of.get(rid, "") != game:
            game = game_of.get(rid, "")
            rows.append(f"<tr><th colspan='{len(runs) + 1}'>{escape(game or '(no game)')}"
                        "</th></tr>")
        ruling = catalogue.get(rid)
        words = ruling.text if ruling else "not in the catalogue"
        status = f" {mark('open')}" if ruling and ruling.status == "open" else ""
        rows.append(f"<tr><td class='rid' title='{escape(words, quote=True)}'>{escape(rid)}"
                    f"{status}</td>" + "".join(_cell_html(c) for c in cells[rid]) + "</tr>")
    legend = "".join(f"<li>{mark(k, Cell(k, '').text)} {escape(KIND_WORDS[k])}</li>"
                     for k in KINDS)
    sources = "".join(f"<li>{escape(run.label)}: <code>{escape(run.path)}</code>"
                      f"{' (partial run)' if run.partial else ''}</li>" for run in runs)
    body = ("<h1>railrules: engines side by side</h1>"
            f"<p>{len(rulings)} rulings, {len(runs)} reports. Each badge states the scope "
            "certified, the grading level (reasons: reason codes checked; verdicts: "
            "accepted or refused only) and whether the adapter ran isolated.</p>"
            f"<ul>{legend}</ul><table class='grid matrix'><tr><th>ruling</th>{heads}</tr>"
            + "".join(rows) + f"</table><h2>Reports</h2><ul>{sources}</ul>")
    return page("railrules: engines side by side", body)


def compare_json(runs: list[EngineRun], catalogue: dict[str, Ruling]) -> dict[str, Any]:
    rulings = ruling_order(runs, catalogue)
    cells = matrix(runs, rulings)
    return {
        "engines": [{"name": r.name, "version": r.version, "report": r.path,
                     "certified": r.certified, "scope": r.scope, "level": r.level,
                     "isolation": r.isolation_words, "partial": r.partial,
                     "badge": badge_name(i, r), "passed": passed(r, rulings)}
                    for i, r in enumerate(runs)],
        "rulings": {rid: [{"cell": c.kind, "coverage": c.detail, "reading": c.reading}
                          for c in row] for rid, row in cells.items()},
    }
