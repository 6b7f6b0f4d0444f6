"""1870's Mississippi (river.py): no track across the river until the Mississippi
River Bridge Company is sold to a company or closed; track along one bank is
allowed, and a city or town on one bank keeps its track to that bank.

Memphis (H17) is SSW's home on the east bank: its track may use edges 0, 3, 4, 5
(SW, NE, E, SE), not 1 or 2 (W, NW), while the river is closed. G18, north-east of
it, is a plain river hex whose banks are edges {1, 2} and {0, 3, 4, 5}.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API
from oracle.eighteen.load.loader import CATALOGUE
from oracle.eighteen.mechanisms import river
from tests.eighteen.positions import position

JSON = dict[str, Any]
#: the hexes tobymao's 1870 map draws the Mississippi through
RIVER_HEXES = {"A16", "B17", "C18", "D17", "E18", "F19", "G18", "H17", "I16", "J15", "K14",
               "L13", "M14", "N15", "O16", "O18"}


def memphis(tiles: list[tuple[str, str, int]] | None = None, phase: str = "1",
            bridge_owner: str | None = None, bridge_closed: bool = False) -> JSON:
    """SSW (P1, $500) to lay track, its home token in Memphis (H17)."""
    p = position("1870", phase, presidents={"SSW": ("P1", 500)}, tiles=tiles or [],
                 tokens=[("H17", 0, "SSW")], turn=("SSW", "track"))
    mrbc = next(x for x in p["privates"] if x["id"] == "MRBC")
    mrbc.update(owner=bridge_owner, closed=bridge_closed)
    return p


def lay(p: JSON, hex_id: str, tile: str, rotation: int) -> JSON:
    return API.apply(p, {"type": "lay_tile", "company": "SSW", "hex": hex_id, "tile": tile,
                         "rotation": rotation})


def refused(p: JSON, hex_id: str, tile: str, rotation: int) -> str:
    with pytest.raises(IllegalAction) as err:
        lay(p, hex_id, tile, rotation)
    return err.value.code


def test_the_data_has_the_published_river_hexes() -> None:
    assert set(river.rivers("1870")) == RIVER_HEXES
    assert river.bridge_private("1870") == "MRBC"
    assert {h for h, r in river.rivers("1870").items() if r.track_side is not None} == \
        {"A16", "C18", "D17", "H17", "K14", "M14"}  # the hexes with a city or town
    assert river.rivers("1830") == {} and river.bridge_private("1830") == ""


@pytest.mark.parametrize(("tile", "rotation", "crosses"), [
    ("9", 0, False), ("9", 1, True), ("9", 2, True),  # G18: 0-3 runs along the east bank
    ("7", 1, False), ("7", 0, True), ("8", 3, False), ("8", 0, True),
])
def test_a_plain_river_hex_keeps_each_path_on_one_bank(tile: str, rotation: int,
                                                      crosses: bool) -> None:
    g18 = river.rivers("1870")["G18"]
    assert bool(g18.crossing(CATALOGUE[tile], rotation)) is crosses


def test_memphis_track_stays_on_the_east_bank_while_the_bridge_is_unsold() -> None:
    p = memphis()
    assert refused(p, "H17", "57", 1) == "tile/crosses_river"  # W - E: across the river
    after = lay(p, "H17", "57", 0)  # SW - NE: along the east bank
    assert any(t["hex"] == "H17" and t["tile"] == "57" for t in after["tiles"])
    assert API.conservation(p, after) == []


@pytest.mark.parametrize(("owner", "closed", "allowed"), [
    (None, False, False),   # in the bank: closed river
    ("P1", False, False),   # a player's: closed river
    ("SSW", False, True),   # sold to a company: open
    ("FW", False, True),    # any public company
    ("P1", True, True),     # closed: open
])
def test_the_bridge_company_opens_the_river(owner: str | None, closed: bool,
                                            allowed: bool) -> None:
    p = memphis(bridge_owner=owner, bridge_closed=closed)
    if allowed:
        assert lay(p, "H17", "57", 1)
    else:
        assert refused(p, "H17", "57", 1) == "tile/crosses_river"


def test_along_the_river_in_a_plain_river_hex() -> None:
    p = memphis([("H17", "57", 0)])  # Memphis SW - NE: reaches G18's edge 0
    assert refused(p, "G18", "8", 0) == "tile/crosses_river"  # 0 - 2: to the west bank
    after = lay(p, "G18", "9", 0)  # 0 - 3: up the east bank
    assert any(t["hex"] == "G18" for t in after["tiles"])


def test_an_upgrade_may_not_take_track_across() -> None:
    p = memphis([("H17", "57", 0)], phase="2")
    assert refused(p, "H17", "14", 0) == "tile/crosses_river"  # adds W
    assert refused(p, "H17", "14", 3) == "tile/crosses_river"
    assert lay(p, "H17", "15", 3)  # SW, NE, E, SE: the east bank only
    opened = memphis([("H17", "57", 0)], phase="2", bridge_owner="SSW")
    assert lay(opened, "H17", "14", 0)


def test_a_refused_lay_leaves_the_position_alone() -> None:
    p = memphis()
    before = API.canonical(p)
    refused(p, "H17", "57", 1)
    assert API.canonical(p) == before
