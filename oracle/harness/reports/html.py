"""index.html: a static page a person reads, what failed first.

The page leads with the verdict, then what failed (each failure and undeclared gap as
an open card: its rulings' words, expected against observed, the steps, the board),
then why the run is not certified (each reason linking its ruling and scenarios), the
totals and coverage, and last the results grouped by ruling, each ruling's words shown.
Board pictures are SVG files beside the page (``board_files``), each drawn once. Every
string that came from a run (and so possibly from the adapter) goes through
``escape``; the page has no script.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Final

from oracle.harness.catalogue import Ruling
from oracle.harness.outcomes import BAD, OUTCOMES
from oracle.harness.reports.anchors import ruling_anchor, scenario_anchor
from oracle.harness.reports.board_files import BoardFiles
from oracle.harness.reports.coverage import COVERAGE
from oracle.harness.reports.html_failures import failures_section, reasons_section
from oracle.harness.reports.html_scenario import badge, scenario_card
from oracle.harness.reports.terminal import certified_words, level_words

CSS: Final = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1100px;color:#222;
padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:1.6em;border-bottom:1px solid #ddd}
h3{font-size:1.05em;margin:.2em 0}
nav a{margin-right:1em}
.verdict{font-size:1.2em;padding:.5em .8em;border-radius:6px;color:#fff}
.verdict.yes{background:#1e8449}.verdict.no{background:#c0392b}
.badge{display:inline-block;padding:1px 7px;border-radius:9px;color:#fff;font-size:.8em}
table.totals td,table.totals th{padding:2px 10px;text-align:left}
section.ruling{border:1px solid #ddd;border-radius:6px;margin:.8em 0;padding:.4em .8em}
details.scenario{border-left:3px solid #ccc;margin:.5em 0 .5em .5em;padding:.2em .8em}
#failed details.scenario{border-left-color:#c0392b}
.words{margin:.3em 0}.src{color:#666;font-size:.85em}
ol.steps li.passed{color:#1e8449}ol.steps li.failed{color:#c0392b;font-weight:bold}
ol.steps li.not-run{color:#999}
pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap;word-break:break-word;font-size:.85em}
.cmp{display:grid;grid-template-columns:1fr 1fr;gap:.5em}
figure.board{margin:.5em 0}figure.board img{max-width:100%;height:auto;border:1px solid #eee}
figcaption{color:#555;font-size:.85em}
.warn{background:#fdebd0;padding:.5em;border-radius:4px}
.grid a{margin-right:.2em}
"""


@dataclass
class Page:
    """The page's text and the board pictures it links (``BoardFiles.write``)."""
    html: str
    boards: BoardFiles = field(default_factory=BoardFiles)


def _header(report: dict[str, Any], who: str) -> list[str]:
    impl = report["implementation"]
    certified = bool(report.get("certified"))
    body = [f"<h1>railrules certification: {who}</h1>",
            f'<p class="verdict {"yes" if certified else "no"}">Certified: '
            f"<b>{escape(certified_words(report))}</b> &middot; scope "
            f"<code>{escape(report['scope']['name'])}</code> "
            f"({report['scope']['rulings']} rulings) &middot; {escape(level_words(report))}</p>"]
    body.extend(f'<p class="warn">{escape(str(why))}. This report certifies nothing.</p>'
                for why in report.get("withheld_because") or ())
    bad = sum(report["totals"].get(o, 0) for o in BAD)
    body.append(f"<p>{report['totals'].get('pass', 0)} of {report['scenarios']} scenarios "
                f"passed; {bad} did not (failures, undeclared gaps, errors); "
                f"{report['totals'].get('unsupported', 0)} were declared gaps.</p>")
    body.append('<nav><a href="#failed">What failed</a><a href="#why">Not certified '
                'because</a><a href="#coverage">Coverage</a><a href="#rulings">Results by '
                'ruling</a><a href="#boards">Reading the boards</a></nav>')
    isolation = report.get("isolation") or {}
    body.append(f"<p class='src'>language {escape(str(impl.get('language', '?')))} &middot; "
                f"command <code>{escape(report['spec'])}</code> &middot; suite "
                f"{escape(report['suite']['version'])} <code>"
                f"{escape(report['suite']['hash'][:16])}</code> &middot; "
                f"{escape(report['started'])} to {escape(report['finished'])} &middot; "
                f"adapter isolated: <b>{'yes' if isolation.get('isolated') else 'no'}</b> "
                f"({escape(str(isolation.get('method', '?')))}: "
                f"{escape(str(isolation.get('reason', '')))})</p>")
    return body


def _gaps(report: dict[str, Any]) -> list[str]:
    body: list[str] = []
    missing = report.get("missing_features") or []
    if missing:
        body.append("<p>Build next (the gaps that block the most scenarios): " + "; ".join(
            f"<code>{escape(str(m['feature']))}</code> {m['scenarios']} scenarios, "
            f"{m['rulings']} rulings{'' if m['declared'] else ' (undeclared)'}"
            for m in missing[:10]) + "</p>")
    gaps = report.get("declared_gaps") or {}
    if gaps:
        body.append("<p>Declared gaps (their rulings are not graded): " + "; ".join(
            f"{escape(str(g))}: {escape(', '.join(str(x) for x in v))}"
            for g, v in gaps.items()) + "</p>")
    return body


def _coverage(report: dict[str, Any]) -> str:
    """Per game, how many rulings in scope were graded; every ruling's coverage, linked;
    the outcome totals; and the catalogue rulings no scenario cites."""
    cover = report["coverage"]
    out = ['<section id="coverage"><h2>Coverage of the scope</h2><table class="totals"><tr>'
           '<th>game</th>' + "".join(f"<th>{badge(c)}</th>" for c in COVERAGE) + "</tr>"]
    for game, counts in cover["games"].items():
        out.append(f"<tr><td>{escape(game or '(no game)')}</td>"
                   + "".join(f"<td>{counts.get(c, 0)}</td>" for c in COVERAGE) + "</tr>")
    out.append("</table>")
    cells = []
    for rid, entry in cover["rulings"].items():
        name = escape(rid)
        if rid in report["rulings"]:  # a ruling with results has a section to link
            name = f'<a href="#{ruling_anchor(rid)}">{name}</a>'
        cells.append(f"{name} {badge(str(entry['verdict']))}")
    out.append(f"<p class='grid'>Every ruling in scope: {' '.join(cells)}</p>")
    out.append('<table class="totals"><tr><th>outcome</th><th>scenarios</th></tr>')
    out.extend(f"<tr><td>{badge(o)}</td><td>{report['totals'].get(o, 0)}</td></tr>"
               for o in OUTCOMES)
    out.append("</table>")
    without = report["catalogue_without_scenarios"]
    if without:
        out.append(f"<p class='warn'>Catalogue rulings with no scenario ({len(without)}), "
                   f"which no certificate covers: {escape(', '.join(without))}</p>")
    out.append("</section>")
    return "".join(out)


def _open_rulings(report: dict[str, Any]) -> list[str]:
    if not report["open_rulings"]:
        return []
    body = ["<h2>Open rulings: which reading this implementation follows</h2><ul>"]
    for rid, entry in report["open_rulings"].items():
        readings = "; ".join(f"{r}: " + ", ".join(f"{k} {v}" for k, v in c.items())
                             for r, c in entry["readings"].items())
        name = escape(rid)
        if rid in report["rulings"]:
            name = f"<a href='#{ruling_anchor(rid)}'>{name}</a>"
        body.append(f"<li>{name}: <b>{escape(entry['verdict'])}</b> <span class='src'>"
                    f"({escape(readings)})</span></li>")
    body.append("</ul>")
    return body


def _rulings(report: dict[str, Any], catalogue: dict[str, Ruling], boards: BoardFiles,
             logs: str | None) -> list[str]:
    """Each ruling with its words shown, then its scenarios: one that did not pass is a
    link to its card under "What failed"; one already shown under an earlier ruling is a
    link to it; the rest are closed cards."""
    by_id = {r["id"]: r for r in report["results"]}
    shown: set[str] = set()
    body = ['<section id="rulings"><h2>Results by ruling</h2>']
    order = [rid for rid in catalogue if rid in report["rulings"]]
    order += sorted(rid for rid in report["rulings"] if rid not in catalogue)
    for rid in order:
        entry = report["rulings"][rid]
        totals = " ".join(f"{badge(k)} {v}" for k, v in entry["totals"].items())
        body.append(f'<section class="ruling" id="{ruling_anchor(rid)}"><h3>{escape(rid)} '
                    f"<span class='src'>({escape(entry['status'])})</span> {totals}</h3>"
                    f"<p class='words'>{escape(entry['text'] or 'not in the catalogue')}</p>"
                    f"<p class='src'>source: {escape(entry['source'] or '?')}</p>")
        for sid in entry["scenarios"]:
            record = by_id.get(sid)
            if record is None:
                continue
            if record.get("outcome") in BAD or sid in shown:
                where = "under What failed" if record.get("outcome") in BAD else "above"
                body.append(f'<p>{badge(str(record.get("outcome")))} <a href="#'
                            f'{scenario_anchor(str(sid))}">{escape(str(sid))}</a> '
                            f'{escape(str(record.get("name", "")))} <span class="src">'
                            f"(shown {where})</span></p>")
                continue
            shown.add(sid)
            body.append(scenario_card(record, boards, logs))
        body.append("</section>")
    body.append("</section>")
    return body


BOARDS_NOTE: Final = (
    '<section id="boards"><h2>Reading the boards</h2><p>Each picture is the scenario\'s '
    "position at its end, and its caption says which moment that is: <i>after the "
    "When</i> (the position the engine handed back for the When's action), <i>before the "
    "When</i> (the action was refused, and a refusal leaves the position as it was, or "
    "the scenario stopped in its Given steps), or <i>after the When, played on to the "
    "next decision</i>. The legend under each picture names the kinds of place (Rocket: "
    "cities, railway companies' towns, starting towns, stations, locomotives; 18xx: tile "
    "colours, towns, cities and their tokens, each train's run). A picture opened alone "
    "shows each hex's name as a tooltip.</p></section>")


def render_html(report: dict[str, Any], catalogue: dict[str, Ruling]) -> Page:
    """The page, and the board pictures it links (written beside it by the caller)."""
    impl = report["implementation"]
    who = escape(f"{impl.get('name', report['spec'])} {impl.get('version', '')}".strip())
    boards = BoardFiles()
    logs = report.get("exchange_logs")  # --log-exchanges: the folder, relative to the page
    body = _header(report, who)
    body.append(failures_section(report, catalogue, boards, logs))
    body.append(reasons_section(report))
    body.extend(_gaps(report))
    body.append(_coverage(report))
    body.extend(_open_rulings(report))
    body.extend(_rulings(report, catalogue, boards, logs))
    body.append(BOARDS_NOTE)
    html = ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>railrules: {who}</title><style>{CSS}</style></head><body>"
            + "".join(body) + "</body></html>\n")
    return Page(html, boards)
