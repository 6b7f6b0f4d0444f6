"""The site's front page: the search box, then every ruling by game and by source (the
catalogue's sections, which name their seeds), with its status, scenario count and,
given reports, each engine's mark."""

from __future__ import annotations

from collections import defaultdict
from html import escape

from oracle.harness.site.cells import KIND_WORDS, cell
from oracle.harness.site.model import SiteData
from oracle.harness.site.page_shell import mark, page


def _sections(data: SiteData) -> dict[str, dict[str, list[str]]]:
    """game -> catalogue section -> ruling ids, in catalogue order."""
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for rid in data.ruling_ids():
        ruling = data.catalogue.get(rid)
        section = ruling.section if ruling else "Cited by scenarios, not in the catalogue"
        out[data.game_of(rid) or "(no game)"][section].append(rid)
    return out


def _row(data: SiteData, rid: str) -> str:
    ruling = data.catalogue.get(rid)
    status = ruling.status if ruling else "none"
    count = len(data.scenarios_of(rid))
    engines = "".join(
        f"<td>{mark(c.kind, c.text, f'{run.label}: ' + KIND_WORDS[c.kind])}</td>"
        for run in data.runs for c in (cell(run, rid),))
    return (f"<tr><td><a href='rulings/{escape(rid, quote=True)}.html'>{escape(rid)}</a></td>"
            f"<td>{mark(status if ruling else 'none', status if ruling else 'unknown')}</td>"
            f"<td>{escape(ruling.text if ruling else '')}</td><td>{count}</td>{engines}</tr>")


def index_page(data: SiteData, stats: dict[str, int]) -> str:
    heads = "".join(f"<th>{escape(run.label)}</th>" for run in data.runs)
    body = ["<h1>railrules: the rulings, as executable documentation</h1>",
            f"<p>{stats['rulings']} rulings, {stats['scenarios']} scenarios. Each ruling's "
            "page gives its words, the source it comes from, its status and every scenario "
            "that encodes it, with the board the scenario starts from.</p>",
            "<p><label for='q'>Search rulings by ID or words: </label>"
            "<input id='q' type='search' placeholder='SR-VETO, isolated, D&amp;H ...'> "
            "<span id='count' class='src'></span></p><ul id='results'></ul>"]
    if data.runs:
        body.append("<p class='src'>Engines: " + "; ".join(
            f"{escape(run.label)} (<code>{escape(run.scope)}</code>, {escape(run.level)}, "
            f"{escape(run.isolation_words)})" for run in data.runs) + "</p>")
        other = [run.label for run in data.runs
                 if data.suite_hash and run.suite_hash != data.suite_hash]
        if other:
            body.append("<p class='note'>These reports graded another version of the suite "
                        "than the one these pages show; their scenarios may differ: "
                        + escape(", ".join(other)) + "</p>")
    if data.kills is None:
        body.append("<p class='note'>No kill matrix was given: the pages do not say which "
                    "mutants each scenario catches (<code>--matrix FILE</code>).</p>")
    for game, sections in sorted(_sections(data).items()):
        body.append(f"<h2>{escape(game)}</h2>")
        for section, rids in sections.items():
            body.append(f"<h3>{escape(section)}</h3><table class='grid'><tr><th>ruling</th>"
                        f"<th>status</th><th>words</th><th>scenarios</th>{heads}</tr>"
                        + "".join(_row(data, rid) for rid in rids) + "</table>")
    return page("railrules: the rulings", "".join(body),
                scripts=("search-data.js", "search.js"))
