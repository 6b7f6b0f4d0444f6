"""Hex coordinates, tile rotation and the upgrade rules."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.load.loader import CATALOGUE
from oracle.eighteen.model.coords import edge_between, neighbour, opposite, parse_hex
from oracle.eighteen.model.tiles import upgrade_problem
from oracle.eighteen.titles import TITLES


def test_pointy_neighbours_of_scranton() -> None:
    assert [neighbour("F16", e, "pointy") for e in range(6)] == \
        ["G15", "F14", "E15", "E17", "F18", "G17"]


def test_flat_neighbours_of_kitchener() -> None:
    assert [neighbour("I12", e, "flat") for e in range(6)] == \
        ["I14", "H13", "H11", "I10", "J11", "J13"]


def test_edges_face_each_other() -> None:
    for layout in ("pointy", "flat", "flat_rows"):
        for edge in range(6):
            other = neighbour("H8", edge, layout)
            assert other is not None
            assert edge_between(other, "H8", layout) == opposite(edge)


def test_bad_hex_id_is_malformed() -> None:
    with pytest.raises(MalformedInput):
        parse_hex("F-16")


def test_every_map_hex_id_parses_and_neighbours_are_in_the_right_parity() -> None:
    for title in TITLES.values():
        for hex_id in title.map.hexes:
            letter, number = parse_hex(hex_id)
            for edge in range(6):
                nb = title.map.neighbour(hex_id, edge)
                if nb is not None:
                    nl, nn = parse_hex(nb)
                    assert (nl + nn) % 2 == (letter + number) % 2


def test_rotation_moves_edges_not_stops() -> None:
    t57 = CATALOGUE["57"]
    assert t57.rotated_paths(1) == {frozenset({("e", 1), ("s", 0)}),
                                    frozenset({("s", 0), ("e", 4)})}


def test_tile_57_on_scranton_is_a_legal_upgrade() -> None:
    f16 = TITLES["1830"].map.hexes["F16"].content
    assert upgrade_problem(f16, 0, CATALOGUE["57"], 0) is None


def test_a_plain_track_tile_cannot_go_on_a_city() -> None:
    f16 = TITLES["1830"].map.hexes["F16"].content
    assert upgrade_problem(f16, 0, CATALOGUE["9"], 0) == "tile/stops_mismatch"


def test_colour_order_is_kept() -> None:
    blank = TITLES["1830"].map.hexes["E15"].content
    assert upgrade_problem(blank, 0, CATALOGUE["16"], 0) == "tile/wrong_colour"


def test_labels_must_match() -> None:
    l6 = TITLES["1835"].map.hexes["L6"].content
    assert upgrade_problem(l6, 0, CATALOGUE["59"], 0) == "tile/label_mismatch"
    assert upgrade_problem(l6, 0, CATALOGUE["210"], 0) is None


def test_existing_track_is_kept() -> None:
    t57 = CATALOGUE["57"]
    assert upgrade_problem(t57, 0, CATALOGUE["14"], 0) is None  # 14 has edges 0 and 3
    assert upgrade_problem(t57, 2, CATALOGUE["14"], 0) == "tile/track_not_kept"


def test_green_preprint_is_upgraded_only_to_brown() -> None:
    l14 = TITLES["1835"].map.hexes["L14"].content
    assert upgrade_problem(l14, 0, CATALOGUE["210"], 0) == "tile/wrong_colour"
