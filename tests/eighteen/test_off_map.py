"""No track off the map (1830 rules, laying track; issue 30 item 4): tile 54 at
rotation 3 on New York (G19) runs new track to edges with no hex beyond them."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.borders import off_map_edges
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position
from tests.eighteen.test_rules import lay, refused

BOARD = TITLES["1830"].map


def _new_york() -> dict[str, Any]:
    return position("1830", "3", presidents={"NYNH": ("P1", 500)},
                    tokens=[("G19", 0, "NYNH")], turn=("NYNH", "track"))


def test_54_at_rotation_3_on_new_york_runs_off_the_map() -> None:
    tile = BOARD.tile("54")
    assert tile is not None
    assert off_map_edges(BOARD, "G19", tile, 3, frozenset({0, 3}))
    assert off_map_edges(BOARD, "G19", tile, 0, frozenset({0, 3})) == []
    assert refused(_new_york(), lay("NYNH", "G19", "54", 3)) == "tile/off_map"


def test_new_york_to_54_on_the_map_is_allowed() -> None:
    assert API.apply(_new_york(), lay("NYNH", "G19", "54", 0))


def test_legal_actions_leave_out_lays_off_the_map() -> None:
    lays = {(a["hex"], a["tile"], a["rotation"]) for a in API.legal_actions(_new_york())
            if a["type"] == "lay_tile" and "private" not in a}
    assert ("G19", "54", 0) in lays and ("G19", "54", 3) not in lays
