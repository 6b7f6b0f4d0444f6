"""The 18xx board picture: every hex, the track, tokens, and routes in colour."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from oracle.harness.reports.html_scenario import picture
from steps.eighteen_new_game import operating_turn_only
from tests.eighteen.test_route_queries import scranton_line


def test_the_whole_board_with_the_best_run_in_colour() -> None:
    svg = picture("18xx", scranton_line(), {})  # the renderer the 18xx record names
    root = ET.fromstring(svg)  # well-formed
    assert root.tag.endswith("svg")
    for hex_id in TITLES["1830"].map.hexes:
        assert f">{hex_id}<" in svg
    assert svg.count('class="route"') == 1
    assert "PRR" in svg and "NYC" in svg


def test_every_title_draws() -> None:
    for title in TITLES:
        p = operating_turn_only(API.new_game(["P1", "P2"], {"title": title}))
        svg = picture("18xx", p, {})
        ET.fromstring(svg)
        assert "could not be drawn" not in svg


def test_place_names_and_tokens_are_whole_with_a_legend() -> None:
    svg = picture("18xx", scranton_line())
    text = "".join(ET.fromstring(svg).itertext())
    for name in ("Philadelphia", "Trenton", "Pittsburgh", "Scranton"):
        assert name in text  # each named hex, whole (wrapped and shrunk)
    for kind in ("no tile", "yellow", "off-board", "town", "city", "train"):
        assert kind in text  # the legend: hex colours, stops, each run's train
