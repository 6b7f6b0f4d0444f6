"""One ruling's page: its words, the source passage in our words with the seed named,
its status (and an open ruling's readings), each engine's verdict, and every scenario
in Gherkin with its board and the mutants it catches. Every string is escaped: the
catalogue and features are ours, but a plug-in game's and any report's are not."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from oracle.harness.site.cells import KIND_WORDS, cell
from oracle.harness.site.features_doc import ScenarioDoc
from oracle.harness.site.model import SiteData
from oracle.harness.site.page_shell import mark, page

_KEYWORD = re.compile(r"^(\s*)(Background:|Scenario:|Given|When|Then|And|But)\b", re.M)
_TAGS = re.compile(r"^(@.*)$", re.M)


def gherkin_html(scenario: ScenarioDoc) -> str:
    """The scenario's Gherkin, escaped, keywords and tags marked for the eye."""
    text = escape(scenario.gherkin())
    text = _KEYWORD.sub(r'\1<span class="kw">\2</span>', text)
    return _TAGS.sub(r'<span class="tag">\1</span>', text, count=1)


def _source(data: SiteData, rid: str) -> str:
    ruling = data.catalogue.get(rid)
    seeds = list(ruling.sources) if ruling else []
    for scenario in data.scenarios_of(rid):
        seeds += [s for s in scenario.sources if s not in seeds]
    out = ["<h2>Source</h2>"]
    if ruling:
        out.append(f"<p class='src'>Catalogue section: {escape(ruling.section)}</p>")
    if seeds:
        items = []
        for seed in seeds:
            known = data.seeds.get(seed)
            what = (f": {escape(known['what'])} (<code>seeds/{escape(known['file'])}</code>)"
                    if known else "")
            items.append(f"<li>seed {escape(seed)}{what}</li>")
        out.append("<ul>" + "".join(items) + "</ul>")
    else:
        out.append("<p class='src'>No seed is named for this ruling.</p>")
    features = [f for f in data.features_of(rid) if f.description]
    if features:
        out.append("<p>The passage, in our own words (the feature files' account of it; "
                   "the seed itself is the authority):</p>")
        for feature in features:
            paragraphs = "".join(f"<p>{escape(' '.join(p.split()))}</p>"
                                 for p in feature.description.split("\n\n") if p.strip())
            out.append(f"<div class='passage'><p class='src'>{escape(feature.name)} "
                       f"(<code>{escape(feature.path)}</code>)</p>{paragraphs}</div>")
    return "".join(out)


def _status(data: SiteData, rid: str) -> str:
    ruling = data.catalogue.get(rid)
    status = ruling.status if ruling else "not in the catalogue"
    out = [f"<h2>Status</h2><p>{mark(status if ruling else 'none', status)} "]
    if status == "settled":
        out.append("The source gives a definite answer; every engine must follow it.</p>")
    elif status == "open":
        out.append("The source leaves this open or records competing readings. Each reading "
                   "is an option; an engine declares which it follows, and the report says "
                   "which one it does.</p>")
        rows = []
        for spec, name, values in data.options_of(rid):
            choices = [str(c) for c in spec.choices] if spec else values
            run = ", ".join(values) if values else "none"
            default = f" (default <code>{escape(str(spec.default))}</code>)" if spec else ""
            doc = escape(spec.doc) if spec else ""
            rows.append(f"<tr><td><code>{escape(name)}</code>{default}</td><td>"
                        f"{escape(', '.join(choices))}</td><td>{escape(run)}</td>"
                        f"<td>{doc}</td></tr>")
        if rows:
            out.append("<table class='grid'><tr><th>option</th><th>readings</th>"
                       "<th>readings with scenarios</th><th>what it means</th></tr>"
                       + "".join(rows) + "</table>")
    else:
        out.append("</p>")
    return "".join(out)


def _engines(data: SiteData, rid: str) -> str:
    if not data.runs:
        return ("<h2>Engines</h2><p class='src'>No report was given (<code>railrules site "
                "--reports REPORT.json ...</code> shows which engines pass this ruling).</p>")
    rows = []
    for run in data.runs:
        c = cell(run, rid)
        shown = mark(c.kind, c.text, KIND_WORDS[c.kind])
        rows.append(f"<tr><td>{escape(run.label)}</td><td>{shown}"
                    f" <span class='src'>{escape(c.detail)}</span></td>"
                    f"<td>{escape(c.reading) or '&mdash;'}</td></tr>")
    return ("<h2>Engines</h2><table class='grid'><tr><th>engine</th><th>verdict</th>"
            "<th>reading followed</th></tr>" + "".join(rows) + "</table>")


def _kills(data: SiteData, scenario: ScenarioDoc) -> str:
    if data.kills is None:
        return "<p class='src'>Mutants caught: unknown (no kill matrix was given).</p>"
    caught = data.kills.of(scenario.id)
    if not caught:
        return "<p class='src'>Mutants caught: none in the matrix given.</p>"
    items = "".join(f"<li><code>{escape(m)}</code> {escape(data.kills.descriptions.get(m, ''))}"
                    f"</li>" for m in caught)
    return f"<p>Mutants caught ({len(caught)}):</p><ul>{items}</ul>"


def _scenario(data: SiteData, scenario: ScenarioDoc) -> str:
    out = [f"<section class='scenario' id='{escape(scenario.id, quote=True)}'>"
           f"<h3>{escape(scenario.name)}</h3><p class='src'><code>{escape(scenario.id)}"
           f"</code> &middot; {escape(scenario.feature.path)}:{scenario.line}</p>"
           f"<pre class='gherkin'>{gherkin_html(scenario)}</pre>"]
    board = data.boards.get(scenario.id, "")
    if board:
        out.append(f"<p><img class='board' loading='lazy' src='../{escape(board, quote=True)}' "
                   f"alt='the board of {escape(scenario.id, quote=True)}, as its Given steps "
                   f"leave it'></p>")
    else:
        out.append(f"<p class='src'>No board: {escape(data.boards_note or 'no position')}</p>")
    out.append(_kills(data, scenario))
    if data.runs:
        marks = " ".join(
            f"{escape(run.label)}: {_outcome(run.scenarios.get(scenario.id))}"
            for run in data.runs)
        out.append(f"<p class='src'>Outcomes: {marks}</p>")
    out.append("</section>")
    return "".join(out)


def _outcome(outcome: str | None) -> str:
    if outcome is None:
        return mark("none", "not run")
    kind = "pass" if outcome == "pass" else "fail" if outcome == "fail" else "gap"
    return mark(kind, outcome)


def ruling_page(data: SiteData, rid: str) -> str:
    ruling = data.catalogue.get(rid)
    words = ruling.text if ruling else "This ruling is cited by a scenario but is not in " \
                                       "the catalogue."
    game = data.game_of(rid) or "no game"
    scenarios = data.scenarios_of(rid)
    body = [f"<nav><a href='../index.html'>All rulings</a> &middot; game {escape(game)}</nav>",
            f"<h1>{escape(rid)}</h1><p class='words'>{escape(words)}</p>",
            _status(data, rid), _source(data, rid), _engines(data, rid),
            f"<h2>Scenarios ({len(scenarios)})</h2>"]
    if data.kills is not None:
        body.append(f"<p class='src'>Kills from <code>{escape(Path(data.kills.path).name)}"
                    f"</code>, {escape(data.kills.scope_words)}.</p>")
    else:
        body.append("<p class='note'>No kill matrix was given (<code>railrules site --matrix "
                    "FILE</code>, the output of <code>railrules mutants --json</code>): which "
                    "mutants each scenario catches is not shown.</p>")
    if not scenarios:
        body.append("<p class='note'>No scenario encodes this ruling yet: no engine is "
                    "graded on it.</p>")
    body += [_scenario(data, s) for s in scenarios]
    return page(f"railrules {rid}", "".join(body), root="../")
