"""1870's gray tiles 171K (Kansas City, B11) and 172L (St. Louis, C18): the hexes take
label P at brown and K or L at gray, the labels of their own gray tiles (the published
tile manifest; issue 30 item 3, real-turns note D6)."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position
from tests.eighteen.test_rules import lay, refused

JSON = dict[str, Any]


def brown_city(hex_id: str, company: str, phase: str = "5") -> JSON:
    p = position("1870", phase, presidents={company: ("P1", 500)},
                 tiles=[(hex_id, "170", 0)], tokens=[(hex_id, 0, company)],
                 turn=(company, "track"))
    for priv in p["privates"]:  # the bridge company is closed by phase 5
        priv["closed"] = True
    return p


def test_171k_upgrades_kansas_city_from_the_brown_p_tile() -> None:
    after = API.apply(brown_city("B11", "MKT"), lay("MKT", "B11", "171K", 0))
    assert {"hex": "B11", "tile": "171K", "rotation": 0} in after["tiles"]
    assert {"hex": "B11", "city": 0, "company": "MKT"} in after["tokens"]


def test_172l_upgrades_st_louis_from_the_brown_p_tile() -> None:
    after = API.apply(brown_city("C18", "MP"), lay("MP", "C18", "172L", 0))
    assert {"hex": "C18", "tile": "172L", "rotation": 0} in after["tiles"]


def test_each_gray_tile_goes_on_its_own_city_only() -> None:
    assert refused(brown_city("B11", "MKT"), lay("MKT", "B11", "172L", 0)) == \
        "tile/label_mismatch"
    assert refused(brown_city("C18", "MP"), lay("MP", "C18", "171K", 0)) == \
        "tile/label_mismatch"


def test_gray_waits_for_its_phase() -> None:
    assert refused(brown_city("B11", "MKT", "4"), lay("MKT", "B11", "171K", 0)) == \
        "phase/colour_not_available"


def test_the_hex_labels_by_colour() -> None:
    hexdef = TITLES["1870"].map.hexes["B11"]
    assert hexdef.label_for("green", "") == ""
    assert hexdef.label_for("brown", "") == "P" and hexdef.label_for("gray", "P") == "K"
    assert TITLES["1870"].map.hexes["C18"].label_for("gray", "P") == "L"
    assert TITLES["1870"].map.hexes["J3"].label_for("gray", "P") == "P"
