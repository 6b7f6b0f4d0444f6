"""The top of the HTML report: what failed, and why the run is not certified.

Failures and undeclared gaps come first, each as an open card (its rulings' words,
expected against observed, the steps, the board), in the order of ``FIRST``; then the
"not certified because" list, each reason linking its ruling and the scenarios that
stopped it. The rulings' own sections further down link back to these cards.
"""

from __future__ import annotations

from html import escape
from typing import Any, Final

from oracle.harness.catalogue import Ruling
from oracle.harness.outcomes import BAD
from oracle.harness.reports.anchors import ruling_anchor, scenario_anchor
from oracle.harness.reports.board_files import BoardFiles
from oracle.harness.reports.html_scenario import badge, scenario_card

#: the order bad outcomes are listed in: wrong answers first, then gaps the engine chose
#: at run time, then what stopped a scenario before a verdict
FIRST: Final = ("fail", "undeclared-gap", "error", "crash", "timeout", "setup-error")


def failed_records(report: dict[str, Any], catalogue: dict[str, Ruling]
                   ) -> list[dict[str, Any]]:
    """Every scenario with a bad outcome, worst kind first, then in catalogue order of
    its first ruling (the order the rulings' sections take), then by ID."""
    place = {rid: i for i, rid in enumerate(catalogue)}
    rank = {o: i for i, o in enumerate(FIRST)}

    def key(record: dict[str, Any]) -> tuple[int, int, str]:
        rulings = [str(r) for r in record.get("rulings") or ()]
        first = min((place.get(r, len(place)) for r in rulings), default=len(place))
        return rank.get(str(record.get("outcome")), len(rank)), first, str(record.get("id"))

    return sorted((r for r in report["results"] if r.get("outcome") in BAD), key=key)


def _words(record: dict[str, Any], report: dict[str, Any]) -> str:
    """The texts of the rulings the scenario grades, each linking its section."""
    out = []
    for rid in record.get("rulings") or ():
        entry = report["rulings"].get(rid) or {}
        text = str(entry.get("text") or "not in the catalogue")
        out.append(f'<p class="words"><a href="#{ruling_anchor(str(rid))}">'
                   f"{escape(str(rid))}</a>: {escape(text)}</p>")
    return "".join(out)


def failures_section(report: dict[str, Any], catalogue: dict[str, Ruling],
                     boards: BoardFiles, logs: str | None) -> str:
    bad = failed_records(report, catalogue)
    out = [f'<section id="failed"><h2>What failed ({len(bad)} '
           f'scenario{"" if len(bad) == 1 else "s"})</h2>']
    if not bad:
        out.append("<p>Nothing: every scenario that ran passed or was a declared gap.</p>")
    else:
        counts = {o: sum(1 for r in bad if r.get("outcome") == o) for o in FIRST}
        out.append("<p>" + " ".join(f"{badge(o)} {n}" for o, n in counts.items() if n)
                   + "</p><ol class=\"failed\">")
        for record in bad:
            out.append(f'<li><a href="#{scenario_anchor(str(record.get("id", "")))}">'
                       f'{escape(str(record.get("id", "")))}</a> {badge(str(record["outcome"]))}'
                       f' {escape(str(record.get("name", "")))}</li>')
        out.append("</ol>")
        for record in bad:
            out.append(scenario_card(record, boards, logs, opened=True,
                                     words=_words(record, report)))
    out.append("</section>")
    return "".join(out)


def reasons_section(report: dict[str, Any]) -> str:
    """"Not certified because", each reason linking its ruling's section and the
    scenarios of that ruling that did not pass (a failure's card, or a gap's entry)."""
    reasons = report["coverage"]["not_certified_because"]
    withheld = report.get("withheld_because") or []
    if not reasons and not withheld:
        return ('<section id="why"><h2>Not certified because</h2><p>Nothing withholds the '
                "certificate.</p></section>")
    by_id = {str(r.get("id")): r for r in report["results"]}
    out = ['<section id="why"><h2>Not certified because</h2><ul class="why">']
    out.extend(f"<li>{escape(str(w))}</li>" for w in withheld)
    for reason in reasons:
        rid, _, why = str(reason).partition(": ")
        entry = report["rulings"].get(rid)
        if entry is None:  # no scenario of it ran: no section to link
            out.append(f"<li>{escape(str(reason))}</li>")
            continue
        stopped = [s for s in entry.get("scenarios", ())
                   if s in by_id and by_id[s].get("outcome") != "pass"]
        links = ", ".join(f'<a href="#{scenario_anchor(str(s))}">{escape(str(s))}</a> '
                          f'{badge(str(by_id[s].get("outcome")))}' for s in stopped[:20])
        more = f" and {len(stopped) - 20} more" if len(stopped) > 20 else ""
        out.append(f'<li><a href="#{ruling_anchor(rid)}">{escape(rid)}</a>: {escape(why)}'
                   + (f" &mdash; {links}{more}" if links else "") + "</li>")
    out.append("</ul></section>")
    return "".join(out)
