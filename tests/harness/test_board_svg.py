"""Board pictures: Rocket positions are drawn, other games get a placeholder, all escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.games import get_game
from oracle.harness.reports.board import board_svg
from oracle.harness.reports.html import picture


def test_a_rocket_position_is_drawn_with_its_places_and_lines() -> None:
    rocket = get_game("rocket")
    position = rocket.new_game(["p1", "p2"], {})
    position = rocket.apply(position, rocket.legal_actions(position)[0])
    svg = board_svg("rocket", position)
    root = ET.fromstring(svg)  # well-formed
    assert root.tag.endswith("svg")
    text = "".join(root.itertext())
    assert "York" in text or "york" in text
    assert svg.count("<polygon") > 100  # every land and water space
    symbols: dict[str, str] = {}
    small = board_svg("rocket", position, symbols)
    assert len(symbols) == 1 and len(small) < len(svg) / 3  # the ground is shared


def test_other_games_get_a_placeholder_saying_so() -> None:
    svg = picture("nogame", {"game": "nogame", "hexes": {}}, {})
    assert "No board picture is available for game nogame yet" in svg
    assert "no position" in board_svg("rocket", None)


def test_adapter_text_is_escaped() -> None:
    position = {"game": "rocket", "board": {"name": "<x>", "land": ["A1"], "water": [],
                                            "places": {"p": {"name": "<script>", "kind": "city",
                                                             "space": "A1"}}},
                "lines": {"<b>": {"track": ["A1"], "loco": "A1"}}}
    svg = board_svg("rocket", position)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg
    ET.fromstring(svg)
