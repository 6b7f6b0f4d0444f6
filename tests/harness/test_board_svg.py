"""Board pictures: Rocket positions are drawn, other games get a placeholder, all escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from oracle.games import get_game
from oracle.harness.reports.board import board_svg
from oracle.harness.reports.html_scenario import picture


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


def test_place_names_are_whole_and_the_kinds_have_a_legend() -> None:
    rocket = get_game("rocket")
    svg = board_svg("rocket", rocket.new_game(["p1", "p2"], {}))
    text = "".join(ET.fromstring(svg).itertext())
    for name in ("Peterborough", "Northampton", "Southampton", "Birmingham"):
        assert name in text  # no 9-letter cut
    for kind in ("city", "railway town", "starting town", "station", "locomotive", "water"):
        assert kind in text


def test_a_long_name_is_wrapped_and_shrunk_not_cut() -> None:
    position = {"game": "rocket", "board": {"land": ["A1"], "water": [], "places": {
        "x": {"name": "Newcastle upon Tyne", "kind": "city", "space": "A1"}}}}
    root = ET.fromstring(board_svg("rocket", position))
    spans = [e.text for e in root.iter() if e.tag.endswith("tspan")]
    assert spans == ["Newcastle", "upon Tyne"]
