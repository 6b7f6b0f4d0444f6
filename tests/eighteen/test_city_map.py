"""Upgrades that renumber cities (issue 30 item 1; real-turns note D1).

1830 New York (G19: city 0 to edge 3, city 1 to edge 0) to tile 54 at rotation 0
keeps all its track with old city 0 as new city 1; on H18, tile 59 at rotation 5
to 65 at rotation 3 swaps the two cities the same way. Tokens follow their city."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import stop_mapping
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position
from tests.eighteen.test_rules import lay, refused

JSON = dict[str, Any]
TITLE = TITLES["1830"]


def _tile(tile_id: str) -> Any:
    tile = TITLE.map.tile(tile_id)
    assert tile is not None
    return tile


def test_new_york_to_54_maps_old_city_0_to_new_city_1() -> None:
    assert stop_mapping(TITLE.map.hexes["G19"].content, 0, _tile("54"), 0) == {0: 1, 1: 0}


def test_a_track_losing_upgrade_has_no_mapping() -> None:
    # 54 at rotation 1: its cities run to edges 1-2 and 3-4, New York's edge 0 is lost
    assert stop_mapping(TITLE.map.hexes["G19"].content, 0, _tile("54"), 1) is None


def test_new_york_upgrade_is_accepted_and_the_token_moves() -> None:
    p = position("1830", "3", presidents={"NYNH": ("P1", 500)},
                 tokens=[("G19", 0, "NYNH")], turn=("NYNH", "track"))
    after = API.apply(p, lay("NYNH", "G19", "54", 0))
    assert {"hex": "G19", "tile": "54", "rotation": 0} in after["tiles"]
    assert {"hex": "G19", "city": 1, "company": "NYNH"} in after["tokens"]
    assert not any(t["hex"] == "G19" and t["city"] == 0 for t in after["tokens"])


def test_a_track_losing_new_york_upgrade_is_still_refused() -> None:
    p = position("1830", "3", presidents={"NYNH": ("P1", 500)},
                 tokens=[("G19", 0, "NYNH")], turn=("NYNH", "track"))
    assert refused(p, lay("NYNH", "G19", "54", 1)) == "tile/track_not_kept"


def test_h18_59_to_65_swaps_the_cities_and_their_tokens() -> None:
    p = position("1830", "5", presidents={"PRR": ("P1", 500)},
                 tiles=[("H18", "59", 5)], tokens=[("H18", 0, "PRR")],
                 turn=("PRR", "track"))
    after = API.apply(p, lay("PRR", "H18", "65", 3))
    assert {"hex": "H18", "tile": "65", "rotation": 3} in after["tiles"]
    assert {"hex": "H18", "city": 1, "company": "PRR"} in after["tokens"]


def test_h18_upgrade_that_loses_track_is_refused() -> None:
    p = position("1830", "5", presidents={"PRR": ("P1", 500)},
                 tiles=[("H18", "59", 5)], tokens=[("H18", 0, "PRR")],
                 turn=("PRR", "track"))
    assert refused(p, lay("PRR", "H18", "65", 0)) == "tile/track_not_kept"


def test_an_unplaced_home_follows_its_city_through_the_renumbering() -> None:
    # NYNH's home is G19 city 0 as printed (the edge-3 city); on 54 at rotation 0
    # that city is city 1
    p = position("1830", "3", presidents={"NYNH": ("P1", 500)},
                 tiles=[("G19", "54", 0)], turn=("NYNH", "home"))
    home = {"type": "place_token", "company": "NYNH", "hex": "G19"}
    assert refused(p, {**home, "city": 0}) == "token/not_home"
    after = API.apply(p, {**home, "city": 1})
    assert {"hex": "G19", "city": 1, "company": "NYNH"} in after["tokens"]


def test_the_reserved_home_slot_follows_its_city() -> None:
    p = position("1830", "3", presidents={"NYNH": ("P1", 500), "PRR": ("P2", 500)},
                 tiles=[("G19", "54", 0)], turn=("PRR", "token"))
    state = State.from_json(p)
    assert API.rules.homes_waiting(state, "PRR", "G19", 1) == ["NYNH"]
    assert API.rules.homes_waiting(state, "PRR", "G19", 0) == []
