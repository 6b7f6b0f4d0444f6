"""index.html: a static page a person reads, results grouped by ruling.

For each ruling: its words and source (from the packaged catalogue), then each
scenario with its steps, the board, and expected against observed at the
failing step. Every string that came from a run (and so possibly from the
adapter) goes through ``escape``; the page has no script.
"""

from __future__ import annotations

import json
import posixpath
from html import escape
from typing import Any
from urllib.parse import quote

from oracle.games import game_modules, resolve
from oracle.harness.catalogue import Ruling
from oracle.harness.outcomes import BAD, OUTCOMES
from oracle.harness.reports.board import placeholder
from oracle.harness.reports.coverage import COVERAGE
from oracle.harness.reports.terminal import certified_words, level_words

COLOURS = {"pass": "#1e8449", "fail": "#c0392b", "skipped": "#7f8c8d",
           "unsupported": "#95a5a6", "error": "#d35400", "crash": "#8e44ad",
           "timeout": "#b9770e", "setup-error": "#6e2c00", "graded": "#1e8449",
           "not-graded": "#d35400", "untested": "#7f8c8d"}

CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1100px;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}
.badge{display:inline-block;padding:1px 7px;border-radius:9px;color:#fff;font-size:.8em}
table.totals td,table.totals th{padding:2px 10px;text-align:left}
details.ruling{border:1px solid #ddd;border-radius:6px;margin:.5em 0;padding:.3em .8em}
details.scenario{border-left:3px solid #ccc;margin:.5em 0 .5em .5em;padding:.2em .8em}
.words{font-style:italic;margin:.3em 0}.src{color:#666;font-size:.85em}
ol.steps li.passed{color:#1e8449}ol.steps li.failed{color:#c0392b;font-weight:bold}
ol.steps li.not-run{color:#999}
pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;word-break:break-word;font-size:.85em}
.cmp{display:grid;grid-template-columns:1fr 1fr;gap:.5em}
svg.board{max-width:100%;height:auto;border:1px solid #eee}
.warn{background:#fdebd0;padding:.5em;border-radius:4px}
"""


def _badge(outcome: str) -> str:
    colour = COLOURS.get(outcome, "#555")
    return f'<span class="badge" style="background:{colour}">{escape(outcome)}</span>'


def exchanges_link(record: dict[str, Any], logs: str | None) -> str:
    """A link to the scenario's exchange log (``--log-exchanges``), beside a scenario
    that did not pass (a failure, an error, an undeclared gap: ``BAD``), or nothing. The
    link is relative (the report folder and the logs move together), its path quoted and
    escaped, and only to a file in the logs' folder: the file name comes from the record,
    which an adapter cannot write, but a results stream on disk could have been edited."""
    name = record.get("exchanges")
    if logs is None or not isinstance(name, str) or record.get("outcome") not in BAD:
        return ""
    if not name or name.startswith(".") or "/" in name or "\\" in name:
        return ""
    href = quote(posixpath.join(logs, name), safe="/")
    return f' <a class="log" href="{escape(href, quote=True)}">exchanges</a>'


def _scenario(record: dict[str, Any], symbols: dict[str, str],
              logs: str | None = None) -> str:
    outcome = str(record.get("outcome"))
    opened = " open" if outcome not in ("pass", "skipped", "unsupported") else ""
    where = f"{record.get('feature', '')}:{record.get('line', '')}"
    out = [f'<details class="scenario"{opened}><summary>{_badge(outcome)} '
           f'<b>{escape(str(record.get("name", "")))}</b> <code>{escape(str(record["id"]))}</code>'
           f' <span class="src">{escape(where)}</span>{exchanges_link(record, logs)}</summary>']
    if record.get("open"):
        reading = ", ".join(f"{k}={v}" for k, v in sorted((record.get("options") or {}).items()))
        out.append(f"<p>Reading of an open ruling: <code>{escape(reading or '(default)')}"
                   f"</code></p>")
    out.append('<ol class="steps">')
    for step in record.get("steps", []):
        status = str(step.get("status", "not run"))
        out.append(f'<li class="{escape(status.replace(" ", "-"))}">'
                   f'<b>{escape(str(step.get("keyword", "")))}</b> '
                   f'{escape(str(step.get("text", "")))}')
        if step.get("table"):
            rows = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row)
                           + "</tr>" for row in step["table"])
            out.append(f"<table>{rows}</table>")
        if step.get("docstring"):
            out.append(f"<pre>{escape(str(step['docstring']))}</pre>")
        out.append("</li>")
    out.append("</ol>")
    if outcome != "pass" and (record.get("expected") or record.get("observed")):
        out.append('<div class="cmp"><div><b>expected</b><pre>'
                   f'{escape(str(record.get("expected", "")))}</pre></div><div><b>observed</b>'
                   f'<pre>{escape(str(record.get("observed", "")))}</pre></div></div>')
    if record.get("verdict") and outcome != "pass":
        out.append(f"<p>last verdict: <code>{escape(json.dumps(record['verdict']))}</code></p>")
    if record.get("stderr"):
        out.append(f"<b>adapter stderr</b><pre>{escape(str(record['stderr']))}</pre>")
    if record.get("game") or record.get("position") is not None:
        out.append(picture(str(record.get("game", "")), record.get("position"), symbols))
    out.append("</details>")
    return "".join(out)


def picture(game: str, position: Any, symbols: dict[str, str]) -> str:
    """The board as SVG, drawn by the renderer the game's record names (if any)."""
    module = game_modules().get(game)
    if module is None or not module.board:
        return placeholder(game)
    draw: Any = resolve(module.board)
    return str(draw(game, position, symbols))


def _coverage(report: dict[str, Any]) -> str:
    """Per game, how many rulings in scope were graded; per ruling, its coverage; and the
    catalogue rulings no scenario cites."""
    cover = report["coverage"]
    out = ['<h2>Coverage of the scope</h2><table class="totals"><tr><th>game</th>'
           + "".join(f"<th>{_badge(c)}</th>" for c in COVERAGE) + "</tr>"]
    for game, counts in cover["games"].items():
        out.append(f"<tr><td>{escape(game or '(no game)')}</td>"
                   + "".join(f"<td>{counts.get(c, 0)}</td>" for c in COVERAGE) + "</tr>")
    out.append("</table>")
    if cover["not_certified_because"]:
        out.append("<p>Not certified because:</p><ul>" + "".join(
            f"<li>{escape(w)}</li>" for w in cover["not_certified_because"]) + "</ul>")
    rows = "".join(f"<a href='#{escape(rid)}'>{escape(rid)}</a> {_badge(e['coverage'])} "
                   for rid, e in cover["rulings"].items())
    out.append(f"<details><summary>Every ruling in scope</summary><p>{rows}</p></details>")
    without = report["catalogue_without_scenarios"]
    if without:
        out.append(f"<p class='warn'>Catalogue rulings with no scenario ({len(without)}), "
                   f"which no certificate covers: {escape(', '.join(without))}</p>")
    return "".join(out)


def render_html(report: dict[str, Any], catalogue: dict[str, Ruling]) -> str:
    impl = report["implementation"]
    who = escape(f"{impl.get('name', report['spec'])} {impl.get('version', '')}".strip())
    symbols: dict[str, str] = {}
    by_id = {r["id"]: r for r in report["results"]}
    logs = report.get("exchange_logs")  # --log-exchanges: the folder, relative to the page
    body: list[str] = [f"<h1>railrules certification: {who}</h1>"]
    body.append(f"<p>language {escape(str(impl.get('language', '?')))} &middot; command "
                f"<code>{escape(report['spec'])}</code> &middot; suite "
                f"{escape(report['suite']['version'])} <code>{escape(report['suite']['hash'][:16])}"
                f"</code> &middot; {escape(report['started'])} to {escape(report['finished'])}</p>")
    for why in report.get("withheld_because") or ():
        body.append(f'<p class="warn">{escape(why)}. This report certifies nothing.</p>')
    scope = report["scope"]
    body.append(f"<p>Certified: <b>{escape(certified_words(report))}</b> &middot; "
                f"scope <code>{escape(scope['name'])}</code> ({scope['rulings']} rulings) "
                f"&middot; {escape(level_words(report))}</p>")
    isolation = report.get("isolation") or {}
    body.append(f"<p>Adapter isolated: <b>{'yes' if isolation.get('isolated') else 'no'}</b>"
                f" ({escape(str(isolation.get('method', '?')))}: "
                f"{escape(str(isolation.get('reason', '')))})</p>")
    missing = report.get("missing_features") or []
    if missing:
        body.append("<p>Build next (the gaps that block the most scenarios): " + "; ".join(
            f"<code>{escape(m['feature'])}</code> {m['scenarios']} scenarios, "
            f"{m['rulings']} rulings{'' if m['declared'] else ' (undeclared)'}"
            for m in missing[:10]) + "</p>")
    gaps = report.get("declared_gaps") or {}
    if gaps:
        body.append("<p>Declared gaps (their rulings are not graded): " + "; ".join(
            f"{escape(g)}: {escape(', '.join(v))}" for g, v in gaps.items()) + "</p>")
    body.append(_coverage(report))
    body.append('<table class="totals"><tr><th>outcome</th><th>scenarios</th></tr>')
    for outcome in OUTCOMES:
        body.append(f"<tr><td>{_badge(outcome)}</td><td>{report['totals'].get(outcome, 0)}"
                    f"</td></tr>")
    body.append("</table>")
    if report["open_rulings"]:
        body.append("<h2>Open rulings: which reading this implementation follows</h2><ul>")
        for rid, entry in report["open_rulings"].items():
            readings = "; ".join(
                f"{r}: " + ", ".join(f"{k} {v}" for k, v in c.items())
                for r, c in entry["readings"].items())
            body.append(f"<li><a href='#{escape(rid)}'>{escape(rid)}</a>: "
                        f"<b>{escape(entry['verdict'])}</b> <span class='src'>"
                        f"({escape(readings)})</span></li>")
        body.append("</ul>")
    body.append("<h2>Results by ruling</h2>")
    order = [rid for rid in catalogue if rid in report["rulings"]]
    order += sorted(rid for rid in report["rulings"] if rid not in catalogue)
    for rid in order:
        entry = report["rulings"][rid]
        totals = " ".join(f"{_badge(k)} {v}" for k, v in entry["totals"].items())
        bad = any(k != "pass" for k in entry["totals"])
        body.append(f'<details class="ruling" id="{escape(rid)}"{" open" if bad else ""}>'
                    f"<summary><b>{escape(rid)}</b> ({escape(entry['status'])}) {totals}"
                    f"</summary><p class='words'>{escape(entry['text'] or 'not in the catalogue')}"
                    f"</p><p class='src'>source: {escape(entry['source'] or '?')}</p>")
        for sid in entry["scenarios"]:
            if sid in by_id:
                body.append(_scenario(by_id[sid], symbols, logs))
        body.append("</details>")
    defs = ('<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>'
            + "".join(symbols.values()) + "</defs></svg>")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>railrules: {who}</title><style>{CSS}</style></head><body>"
            + defs + "".join(body) + "</body></html>\n")
