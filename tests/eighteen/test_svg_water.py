"""The board picture draws the printed rivers and borders (docs/18xx-rivers.md)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.eighteen.api import API
from oracle.eighteen.mechanisms.river import rivers
from oracle.harness.reports.html_scenario import picture

NS = "{http://www.w3.org/2000/svg}"


def _svg(title: str) -> ET.Element:
    svg = picture("18xx", API.new_game(["P1", "P2"], {"title": title}), {})
    return ET.fromstring(svg)  # well-formed


def _titles(root: ET.Element, css: str) -> list[str]:
    return [el.findtext(f"{NS}title") or "" for el in root.iter() if el.get("class") == css]


def test_1870_draws_the_river_through_each_river_hex() -> None:
    root = _svg("1870")
    drawn = sorted(t.removeprefix("river ") for t in _titles(root, "river"))
    assert drawn == sorted(rivers("1870")) and len(drawn) == 16
    # O18-N19 and N19-N17 are impassable: each edge drawn once
    assert len(_titles(root, "border")) == 2


def test_1830_has_no_river_and_its_borders_are_dark_edges() -> None:
    root = _svg("1830")
    assert _titles(root, "river") == [] and _titles(root, "water-border") == []
    assert len(_titles(root, "border")) == 4  # E7-F8, C11-D12, C13-D12, B16-C17


def test_1835_draws_its_water_border_once() -> None:
    root = _svg("1835")
    assert _titles(root, "water-border") == ["water border B10 edge 0"]
    assert _titles(root, "river") == []
