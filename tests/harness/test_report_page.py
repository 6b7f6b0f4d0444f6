"""The HTML report leads with what failed (issue 29, item 3): failures and undeclared
gaps first, each linked; "not certified because" linked; ruling texts shown without
opening anything; boards as files beside the page, with the moment each shows; every
link resolving, and engine text escaped everywhere."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from html_page import read

from oracle.games import get_game
from oracle.harness.catalogue import Ruling
from oracle.harness.reports.anchors import ruling_anchor, scenario_anchor
from oracle.harness.reports.coverage import resolve_scope
from oracle.harness.reports.html import render_html
from oracle.harness.reports.model import build_report

CATALOGUE = {
    "SR-AAA-01": Ruling("SR-AAA-01", "The first ruling's <b>words</b>.", "settled", "FAQ"),
    "SR-BBB-01": Ruling("SR-BBB-01", "The second ruling's words.", "settled", "FAQ"),
    "SR-CCC-01": Ruling("SR-CCC-01", "The third ruling's words.", "settled", "FAQ"),
}
HOSTILE = '</pre><script>alert(1)</script><img src=x onerror=alert(2)>'


def _steps(*statuses: str) -> list[dict[str, Any]]:
    kinds = ("given", "when", "then")
    return [{"keyword": k.capitalize(), "type": k, "text": f"a {k} step", "status": s}
            for k, s in zip(kinds, statuses, strict=True)]


def _position() -> dict[str, Any]:
    rocket = get_game("rocket")
    position: dict[str, Any] = rocket.new_game(["p1", "p2"], {})
    return position


def record(sid: str, ruling: str, outcome: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": "result", "key": f"suite.py::{sid}", "id": sid, "name": f"scenario {sid}",
        "rulings": [ruling], "tags": [], "open": False, "options": {}, "outcome": outcome,
        "feature": "rocket/x.feature", "line": 1, "game": "rocket",
        "steps": _steps("passed", "passed", "passed" if outcome == "pass" else "failed"),
    }
    return {**base, **extra}


def report_of(results: list[dict[str, Any]]) -> dict[str, Any]:
    cited = sorted({r for rec in results for r in rec["rulings"]})
    scope = resolve_scope("suite", catalogue=CATALOGUE, suite_rulings=cited,
                          game_prefixes={"rocket": ["SR-"]})
    return build_report(results, implementation={"name": "evil<i>", "version": "1"},
                        spec="engine", suite={"version": "0", "hash": "ab" * 32},
                        catalogue=CATALOGUE, started="s", finished="f", partial=False,
                        scope=scope, suite_rulings=cited)


def hostile_position() -> dict[str, Any]:
    position = copy.deepcopy(_position())
    place = next(iter(position["board"]["places"].values()))
    place["name"] = HOSTILE
    return position


def results() -> list[dict[str, Any]]:
    position = _position()
    return [
        # in catalogue order the passes come first: the report must not
        record("a-pass", "SR-AAA-01", "pass", position=position,
               board={"step": 1, "action": "accepted"}),
        record("b-gap[0-1]", "SR-BBB-01", "undeclared-gap", position=position,
               observed="unsupported: action:defend"),
        record("c-fail", "SR-CCC-01", "fail", position=hostile_position(),
               board={"step": 0, "action": "accepted"}, expected="the action is refused",
               observed=HOSTILE, verdict={"accepted": False, "reason": HOSTILE},
               failed_step={"index": 2, "keyword": "Then", "type": "then", "text": "x"}),
        record("a-fail", "SR-AAA-01", "fail", position=position,
               board={"step": 1, "action": "accepted"}, expected="3", observed="4"),
    ]


def test_failures_come_first_worst_kind_first_then_in_catalogue_order(
        tmp_path: Path) -> None:
    page = render_html(report_of(results()), CATALOGUE)
    seen = read(page.html)
    assert seen.sections.index("failed") < seen.sections.index("why") < \
        seen.sections.index("rulings")
    # the first cards are the failures (a fail before an undeclared gap; among fails,
    # the catalogue's order), the pass comes only under its ruling
    assert seen.cards[:3] == [scenario_anchor("a-fail"), scenario_anchor("c-fail"),
                              scenario_anchor("b-gap[0-1]")]
    assert seen.cards[3:] == [scenario_anchor("a-pass")]
    assert page.html.index("What failed (3 scenarios)") < page.html.index(
        "<h2>Results by ruling</h2>")


def test_every_link_resolves_and_the_reasons_link_rulings_and_scenarios(
        tmp_path: Path) -> None:
    page = render_html(report_of(results()), CATALOGUE)
    page.boards.write(tmp_path)
    (tmp_path / "index.html").write_text(page.html, "utf-8")
    seen = read(page.html)
    assert seen.broken(tmp_path) == []
    assert len(seen.ids) == len(set(seen.ids))  # no anchor twice
    why = page.html[page.html.index('id="why"'):page.html.index('id="coverage"')]
    for rid, sid in (("SR-AAA-01", "a-fail"), ("SR-BBB-01", "b-gap[0-1]"),
                     ("SR-CCC-01", "c-fail")):
        assert f'href="#{ruling_anchor(rid)}"' in why
        assert f'href="#{scenario_anchor(sid)}"' in why
    assert "a-pass" not in why


def test_ruling_texts_and_failures_are_shown_without_opening_anything() -> None:
    page = render_html(report_of(results()), CATALOGUE)
    visible = " ".join(read(page.html).visible)
    for ruling in CATALOGUE.values():
        assert ruling.text in visible
    assert "the action is refused" in visible  # expected, on the failure's open card
    assert "After the When: the position the engine handed back" in visible
    assert "Before the When" in visible  # the hostile failure's board: step 0, a Given


def test_boards_are_shared_files_and_the_page_holds_none() -> None:
    page = render_html(report_of(results()), CATALOGUE)
    assert "<svg" not in page.html
    seen = read(page.html)
    assert all(src.startswith("boards/") and src.endswith(".svg") for src in seen.images)
    # four scenarios, two positions drawn: the same position is one file
    assert len(seen.images) == 4 and len(page.boards.files) == 2


def test_hostile_engine_text_stays_escaped_in_the_page_and_the_pictures() -> None:
    page = render_html(report_of(results()), CATALOGUE)
    tags = set(read(page.html).tags)
    assert "script" not in tags and "<script" not in page.html
    assert "<img src=x" not in page.html and "&lt;img src=x onerror" in page.html
    assert "evil&lt;i&gt;" in page.html and "&lt;b&gt;words&lt;/b&gt;" in page.html
    assert all("<script" not in svg for svg in page.boards.files.values())
    assert any("&lt;script&gt;alert(1)&lt;/script&gt;" in svg
               for svg in page.boards.files.values())


def test_a_run_with_nothing_wrong_says_so_and_links_resolve() -> None:
    ok = [r for r in results() if r["outcome"] == "pass"]
    page = render_html(report_of(ok), CATALOGUE)
    seen = read(page.html)
    assert seen.broken() == []
    assert "What failed (0 scenarios)" in page.html
    assert "Nothing withholds the certificate" in page.html
