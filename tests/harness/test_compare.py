"""``railrules compare``: the matrix cells, the badges, and reports refused when they
are not reports (a report is untrusted input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from site_fixtures import report, variant, write

from oracle.harness.cli import main
from oracle.harness.site.badge import badge_svg, badge_words
from oracle.harness.site.cells import cell
from oracle.harness.site.compare_command import write_compare
from oracle.harness.site.engine_reports import ReportError, load_report


def test_matrix_cells(tmp_path: Path) -> None:
    verdicts = {"TOY-01": "pass", "TOY-02": "fail", "TOY-03": "unsupported"}
    run = load_report(write(tmp_path, "r.json", report(verdicts=verdicts)))
    assert (cell(run, "TOY-01").kind, cell(run, "TOY-01").detail) == ("pass", "graded")
    assert cell(run, "TOY-02").kind == "fail"
    assert (cell(run, "TOY-03").kind, cell(run, "TOY-03").detail) == ("gap", "unsupported")
    assert cell(run, "TOY-OPEN-01").reading == "step_max=3"
    assert cell(run, "SR-VETO-01").kind == "none"  # not in the run's scope


def test_compare_writes_matrix_and_badges(tmp_path: Path) -> None:
    a = load_report(write(tmp_path, "a.json", report("alpha", certified=True)))
    b = load_report(write(tmp_path, "b.json", report("beta", isolated=False,
                                                     verdicts={"TOY-01": "fail"})))
    out = tmp_path / "out"
    files = write_compare([a, b], out)
    assert {"badges/1-alpha.svg", "badges/2-beta.svg", "index.html"} <= set(files)
    data = json.loads((out / "compare.json").read_text("utf-8"))
    assert [c["cell"] for c in data["rulings"]["TOY-01"]] == ["pass", "fail"]
    assert [c["cell"] for c in data["rulings"]["TOY-02"]] == ["fail", "none"]
    assert data["rulings"]["TOY-OPEN-01"][0]["reading"] == "step_max=3"
    page = (out / "index.html").read_text("utf-8")
    assert "badges/1-alpha.svg" in page and "alpha 1.0" in page


def test_badge_states_scope_level_and_isolation(tmp_path: Path) -> None:
    certified = load_report(write(tmp_path, "a.json", report("alpha", certified=True,
                                                             level="reasons")))
    left, right, colour = badge_words(certified, 4, 4)
    assert left == "railrules toy"
    assert right == "certified \u00b7 reasons \u00b7 isolated" and colour == "#2e7d32"
    loose = load_report(write(tmp_path, "b.json", report("beta", isolated=False)))
    assert badge_words(loose, 2, 4)[1] == "2/4 rulings \u00b7 verdicts \u00b7 not isolated"
    svg = badge_svg(loose, 2, 4)
    assert svg.startswith("<svg xmlns=") and "not isolated" in svg and "beta 1.0" in svg


def test_hostile_names_are_escaped_in_badges_and_matrix(tmp_path: Path) -> None:
    evil = "<img src=x onerror=alert(1)>"
    value = report(evil)
    value["scope"]["name"] = evil
    run = load_report(write(tmp_path, "r.json", value))
    assert "<img" not in badge_svg(run, 0, 4)
    files = write_compare([run], tmp_path / "out")
    assert all("<" not in f and ".." not in f for f in files)
    page = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "not a report"),
    (json.dumps(variant(report(), "format", 1)), "format"),
    (json.dumps(variant(report(), "results", [{"id": "x"}])), "results.0"),
    (json.dumps(variant(report(), "isolation.isolated", "yes")), "isolation.isolated"),
    (json.dumps(variant(report(), "coverage.rulings", {"<b>": {
        "status": "settled", "coverage": "graded", "outcomes": {}, "verdict": "pass"}})),
     "is not a ruling ID"),
    ("[" * 5000 + "]" * 5000, "nested deeper"),
])
def test_a_malformed_report_is_refused(tmp_path: Path, content: str, words: str) -> None:
    path = write(tmp_path, "bad.json", content)
    with pytest.raises(ReportError, match=words) as caught:
        load_report(path)
    assert "bad.json" in str(caught.value)


def test_the_command_refuses_a_malformed_report(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "good.json", report())
    code = main(["compare", good, str(tmp_path / "missing.json"), "--out",
                 str(tmp_path / "out")])
    assert code == 2
    assert "missing.json: cannot be read" in capsys.readouterr().err
    assert not (tmp_path / "out" / "index.html").exists()
    assert main(["compare", good, "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "badges" / "1-toy-engine.svg").exists()
