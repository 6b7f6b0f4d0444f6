"""``railrules site``: built from the toy fixture, every ruling a page, the search index
complete, boards shared as files, kills only from a matrix file, and hostile report text
escaped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from site_fixtures import BOARD, TOY_DRAWN, report, site_data, variant, write

from oracle.harness.site.boards import write_boards
from oracle.harness.site.build import build_site
from oracle.harness.site.engine_reports import load_report
from oracle.harness.site.kills import load_kills

HOSTILE = "<script>alert(1)</script>\"'&"


def test_every_ruling_has_a_page_and_the_index_lists_it(tmp_path: Path) -> None:
    data = site_data()
    stats = build_site(data, tmp_path)
    ids = list(data.catalogue)
    assert ids == ["TOY-01", "TOY-02", "TOY-03", "TOY-OPEN-01"]
    for rid in ids:
        page = (tmp_path / "rulings" / f"{rid}.html").read_text("utf-8")
        assert f"<h1>{rid}</h1>" in page
    index = (tmp_path / "index.html").read_text("utf-8")
    assert all(f"rulings/{rid}.html" in index for rid in ids)
    search = json.loads((tmp_path / "search.json").read_text("utf-8"))
    assert sorted(e["id"] for e in search) == sorted(ids)
    assert {e["page"] for e in search} == {f"rulings/{rid}.html" for rid in ids}
    assert "window.RAILRULES_SEARCH" in (tmp_path / "search-data.js").read_text("utf-8")
    assert stats["rulings"] == 4 and stats["pages"] == 5


def test_a_ruling_page_holds_words_source_status_and_gherkin(tmp_path: Path) -> None:
    build_site(site_data(), tmp_path)
    page = (tmp_path / "rulings" / "TOY-03.html").read_text("utf-8")
    # the catalogue's words are escaped, never markup
    assert "&lt;b&gt;exactly&lt;/b&gt;" in page and "<b>exactly</b>" not in page
    assert "seed toy" in page and "The toy rules" in page
    opened = (tmp_path / "rulings" / "TOY-OPEN-01.html").read_text("utf-8")
    assert "mark open" in opened and "step_max" in opened
    assert '<span class="kw">Given</span> a toy game at total 0 with step_max 3' in opened
    assert "No kill matrix was given" in opened  # said, never invented


def test_boards_are_shared_files_not_inline(tmp_path: Path) -> None:
    data = site_data()
    positions = {s.id: {"game": "toy", "position": BOARD} for s in data.scenarios}
    data.boards = write_boards(tmp_path, positions, [TOY_DRAWN])
    build_site(data, tmp_path)
    files = list((tmp_path / "boards").glob("*.svg"))
    assert len(files) == 1  # one board, shared by every scenario drawn on it
    assert files[0].read_text("utf-8").startswith("<svg")
    page = (tmp_path / "rulings" / "TOY-01.html").read_text("utf-8")
    assert f"src='../boards/{files[0].name}'" in page and "<svg" not in page


def test_kills_come_from_the_matrix_file(tmp_path: Path) -> None:
    matrix = {"mutants": {"toy_off_by_one": ["TOY-01-b"], "toy_quiet": []},
              "descriptions": {"toy_off_by_one": "lets the total pass the limit"},
              "own_rulings": True, "idle_killers": {"TOY-01-c": "toy_quiet"}}
    data = site_data(kills=load_kills(write(tmp_path, "m.json", matrix)))
    build_site(data, tmp_path / "site")
    page = (tmp_path / "site" / "rulings" / "TOY-01.html").read_text("utf-8")
    assert "toy_off_by_one" in page and "lets the total pass the limit" in page
    assert "toy_quiet" in page and "partial matrix" in page
    assert "Mutants caught: none in the matrix given" in page  # TOY-01-a kills nothing


def test_hostile_report_text_is_escaped(tmp_path: Path) -> None:
    hostile = variant(report(HOSTILE), "open_rulings.TOY-OPEN-01.follows", [HOSTILE])
    hostile["implementation"]["version"] = HOSTILE
    run = load_report(write(tmp_path, "r.json", hostile))
    build_site(site_data(runs=[run]), tmp_path / "site")
    for page in [tmp_path / "site" / "index.html", *(tmp_path / "site").rglob("*.html")]:
        text = page.read_text("utf-8")
        assert "<script>alert" not in text, page
    opened = (tmp_path / "site" / "rulings" / "TOY-OPEN-01.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;" in opened


def test_engines_shown_per_ruling(tmp_path: Path) -> None:
    run = load_report(write(tmp_path, "r.json", report("alpha")))
    build_site(site_data(runs=[run]), tmp_path / "site")
    site = tmp_path / "site" / "rulings"
    assert "mark pass" in (site / "TOY-01.html").read_text("utf-8")
    assert "mark fail" in (site / "TOY-02.html").read_text("utf-8")
    assert "mark gap" in (site / "TOY-03.html").read_text("utf-8")
    assert "step_max=3" in (site / "TOY-OPEN-01.html").read_text("utf-8")


def test_the_command_refuses_a_malformed_report(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from oracle.harness.cli import main
    bad = write(tmp_path, "bad.json", variant(report(), "grading.level", "vibes"))
    code = main(["site", "--out", str(tmp_path / "s"), "--no-boards", "--reports", bad])
    assert code == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "grading.level" in err
    assert not (tmp_path / "s" / "index.html").exists()


def test_the_real_suite_builds_without_boards(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The whole catalogue: a page per ruling, the search index lists each one, and the
    outline rows get the ids the reports give them."""
    from oracle.harness.catalogue import rulings
    from oracle.harness.cli import main
    assert main(["site", "--out", str(tmp_path), "--no-boards"]) == 0
    assert "80 rulings" in capsys.readouterr().out
    ids = set(rulings())
    assert {p.stem for p in (tmp_path / "rulings").glob("*.html")} == ids
    assert {e["id"] for e in json.loads((tmp_path / "search.json").read_text())} == ids
    towns = (tmp_path / "rulings" / "SR-TWN-01.html").read_text("utf-8")
    assert "twn-cities[BI-birmingham-brewing]" in towns


def test_a_report_of_another_suite_is_flagged(tmp_path: Path) -> None:
    run = load_report(write(tmp_path, "r.json", report("alpha")))
    build_site(site_data(runs=[run], suite_hash="f" * 64), tmp_path / "site")
    assert "another version of the suite" in (tmp_path / "site" / "index.html").read_text()
