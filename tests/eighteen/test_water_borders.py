"""1835's water border between C9 (edge 3) and B10 (edge 0), the Elbe estuary,
under both readings of ``water_borders`` (water_borders.py).

BA holds a station in Hamburg (C11), whose city 1 runs to edge 2 (NW), into B10's
edge 5. A tile in B10 joining edge 5 to edge 0 runs track to the water border.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import water_borders
from tests.eighteen.positions import position

JSON = dict[str, Any]


def hamburg(reading: str = "impassable") -> JSON:
    return position("1835", "1.1", presidents={"BA": ("P1", 300)},
                    tokens=[("C11", 1, "BA")], turn=("BA", "track"),
                    options={"water_borders": reading})


def lay(p: JSON, hex_id: str, tile: str, rotation: int) -> JSON:
    return API.apply(p, {"type": "lay_tile", "company": "BA", "hex": hex_id, "tile": tile,
                         "rotation": rotation})


def test_the_data_lists_the_elbe_on_both_sides() -> None:
    assert water_borders.listed("1835") == {"C9": frozenset({3}), "B10": frozenset({0})}
    assert water_borders.listed("1830") == {}
    board = API.rules.titles["1835"].map
    assert water_borders.is_water_border("1835", board, "C9", 3)
    assert water_borders.is_water_border("1835", board, "B10", 0)
    assert not water_borders.is_water_border("1835", board, "B10", 5)


def test_impassable_by_default_refuses_track_to_the_border() -> None:
    p = hamburg()
    with pytest.raises(IllegalAction) as err:
        lay(p, "B10", "7", 5)  # edges 5 and 0
    assert err.value.code == "tile/crosses_water_border"
    assert API.new_game(["P1", "P2"], {"title": "1835"})["options"]["water_borders"] == \
        "impassable"


def test_track_beside_the_border_is_allowed_under_both_readings() -> None:
    for reading in water_borders.READINGS:
        after = lay(hamburg(reading), "B10", "7", 4)  # edges 4 and 5
        assert any(t["hex"] == "B10" for t in after["tiles"])


def test_open_lets_track_cross_at_no_cost() -> None:
    p = hamburg("open")
    after = lay(p, "B10", "7", 5)
    ba_before = next(c for c in p["companies"] if c["id"] == "BA")["treasury"]
    ba_after = next(c for c in after["companies"] if c["id"] == "BA")["treasury"]
    assert ba_after == ba_before  # a plain hex, and the border costs nothing
    assert API.conservation(p, after) == []


def test_the_reading_is_for_titles_with_water_borders() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1830", "water_borders": "open"})
    assert err.value.field == "options.water_borders"
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1835", "water_borders": "ford"})
    assert API.new_game(["P1", "P2"], {"title": "1835", "water_borders": "open"})
