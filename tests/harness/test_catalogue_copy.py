"""The packaged rulings catalogue is a faithful copy of the shared one."""

from __future__ import annotations

import pytest
from harness_paths import ROOT

from oracle.harness.catalogue import catalogue, packaged_text, parse_catalogue

SHARED = ROOT.parent / "shared" / "rulings.md"


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/rulings.md is not on this machine")
def test_packaged_copy_matches_shared_catalogue() -> None:
    assert packaged_text() == SHARED.read_text("utf-8"), (
        "oracle/harness/data/rulings.md is stale: copy ../shared/rulings.md over it")


def test_catalogue_parses_every_row_with_its_section() -> None:
    rows = catalogue()
    table_rows = [line for line in packaged_text().splitlines()
                  if line.startswith("| ") and line.split("|")[1].strip()[:1].isupper()
                  and "-" in line.split("|")[1]]
    assert len(rows) == len(table_rows) > 0
    for ruling in rows.values():
        assert ruling.text and ruling.status in ("settled", "open", "superseded")
        assert ruling.section


def test_parse_is_strict_about_the_row_shape() -> None:
    text = ("## S (seed 009)\n| ID | ruling | status |\n|---|---|---|\n| AB-01 | words | open |\n"
            "| not an id | words | open |\n| AB-02 | no status |\n| AB-03 | x | open | extra |\n")
    parsed = parse_catalogue(text)
    assert list(parsed) == ["AB-01"]
    assert parsed["AB-01"].section == "S (seed 009)" and parsed["AB-01"].sources == ("009",)
