"""Impassable borders (base rules): no track to a border edge, no join across one.

1830 prints a border between Kingston-side B16 (edge 5) and C17 (edge 2)."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.borders import crossing_edges, is_border
from oracle.eighteen.routes.graph import TrackGraph, side_node
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position
from tests.eighteen.test_rules import lay, refused

JSON = dict[str, Any]
BOARD = TITLES["1830"].map


def at_b16(tiles: list[tuple[str, str, int]] | None = None) -> JSON:
    return position("1830", "3", presidents={"PRR": ("P1", 500)}, tiles=tiles,
                    tokens=[("B16", 0, "PRR")], turn=("PRR", "track"))


def test_border_is_read_from_either_side() -> None:
    assert is_border(BOARD, "B16", 5) and is_border(BOARD, "C17", 2)
    assert not is_border(BOARD, "B16", 0) and not is_border(BOARD, "C17", 0)


def test_a_lay_away_from_the_border_is_allowed() -> None:
    after = API.apply(at_b16(), lay("PRR", "B16", "57", 0))  # edges 0 and 3
    assert {"hex": "B16", "tile": "57", "rotation": 0} in after["tiles"]


def test_a_lay_with_track_to_the_border_is_refused() -> None:
    p = at_b16()
    assert refused(p, lay("PRR", "B16", "57", 2)) == "tile/crosses_border"  # edges 2, 5
    # the check comes before connection: C17's edge 2 is the same border
    assert refused(p, lay("PRR", "C17", "9", 2)) == "tile/crosses_border"  # edges 2, 5
    assert API.apply(p, lay("PRR", "B16", "57", 1))  # edges 1 and 4: boundary, allowed


def test_a_refused_lay_leaves_the_state_unchanged() -> None:
    p = at_b16()
    before = API.canonical(p)
    refused(p, lay("PRR", "B16", "57", 2))
    assert API.canonical(p) == before


def test_an_upgrade_that_adds_track_to_the_border_is_refused() -> None:
    p = at_b16([("B16", "57", 0)])
    # 14 at rotation 0 keeps 0 and 3 and adds 1, 4; at rotation 2 it keeps them too
    # but adds edge 5, the border
    assert API.apply(p, lay("PRR", "B16", "14", 0))
    assert refused(p, lay("PRR", "B16", "14", 2)) == "tile/crosses_border"


def test_legal_actions_leave_out_lays_across_the_border() -> None:
    lays = {(a["hex"], a["tile"], a["rotation"]) for a in API.legal_actions(at_b16())
            if a["type"] == "lay_tile" and "private" not in a}
    assert ("B16", "57", 0) in lays and ("B16", "57", 1) in lays
    assert ("B16", "57", 2) not in lays
    assert not any(crossing_edges(BOARD, h, BOARD.catalogue[t], r) for h, t, r in lays)


def test_the_track_graph_does_not_join_across_a_border() -> None:
    # shared side elsewhere, separate sides at the border
    assert side_node(BOARD, "B16", 0) == side_node(BOARD, "C15", 3)
    assert side_node(BOARD, "B16", 5) != side_node(BOARD, "C17", 2)
    # a position with track on both sides of the border (not reachable in play,
    # built here to test the graph): PRR at B16 does not reach C17's track
    p = at_b16([("B16", "57", 2), ("C17", "9", 2)])
    state = API.load(p)
    reach = TrackGraph(BOARD, state).reach("PRR")
    assert side_node(BOARD, "B16", 5) in reach.sides
    assert side_node(BOARD, "C17", 5) not in reach.sides
