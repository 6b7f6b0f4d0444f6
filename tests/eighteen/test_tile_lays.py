"""The turn's normal tile lays (``tile_lays.py``): one in most titles; two in 1870 if
both are yellow (18xx Rules Difference List 5.2; tobymao's 1870 ``TILE_LAYS``)."""

from __future__ import annotations

import copy

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import tile_lays
from oracle.eighteen.model.tiles import TileDef, make_tile
from oracle.eighteen.titles import TITLES
from tests.eighteen.golden_positions import BUILDERS
from tests.eighteen.positions import position

YELLOW = make_tile("8", "yellow", "", "e0-e2")
GREEN = make_tile("14", "green", "C30x2", "e0-s0 e1-s0 e3-s0 e4-s0")


def test_the_allowances_in_the_data() -> None:
    assert {t: TITLES[t].tile_lays for t in TITLES} == {
        "1830": 1, "1835": 1, "1856": 1, "18GA": 1, "18Kaas": 1, "18AL": 1, "1870": 2, "1825": 1}


@pytest.mark.parametrize(("allowance", "used", "tile", "after"), [
    (1, 0, YELLOW, 1), (1, 0, GREEN, 1),   # one lay: any colour uses it
    (2, 0, YELLOW, 1), (2, 0, GREEN, 2),   # two: an upgrade first uses both
    (2, 1, YELLOW, 2),
])
def test_lays_used_after_a_tile(allowance: int, used: int, tile: TileDef, after: int) -> None:
    assert tile_lays.used_after(allowance, used, tile) == after


def test_a_later_lay_is_yellow_only() -> None:
    tile_lays.check_later_lay(2, 1, YELLOW)
    tile_lays.check_later_lay(2, 0, GREEN)
    tile_lays.check_later_lay(1, 1, GREEN)  # one lay: the count refuses it, not the colour
    with pytest.raises(IllegalAction) as err:
        tile_lays.check_later_lay(2, 1, GREEN)
    assert err.value.code == "tile/yellow_only"


def test_1830_still_lays_one_tile() -> None:
    p = position("1830", "3", presidents={"PRR": ("P1", 500)},
                 tiles=[("E19", "57", 1)], tokens=[("E19", 0, "PRR")], turn=("PRR", "track"))
    first = API.apply(p, {"type": "lay_tile", "company": "PRR", "hex": "E17", "tile": "8",
                          "rotation": 4})
    assert first["turn"]["tile_lays"] == 1
    before = copy.deepcopy(first)
    with pytest.raises(IllegalAction) as err:
        API.apply(first, {"type": "lay_tile", "company": "PRR", "hex": "E21", "tile": "9",
                          "rotation": 1})
    assert err.value.code == "tile/no_lays_left" and first == before


def test_1870_legal_actions_offer_the_second_yellow_lay_only() -> None:
    p = BUILDERS["1870_two_yellow_lays"]()
    first = API.apply(p, {"type": "lay_tile", "company": "SSW", "hex": "I4", "tile": "8",
                          "rotation": 4})
    lays = [a for a in API.legal_actions(first) if a["type"] == "lay_tile"]
    colours = {getattr(TITLES["1870"].map.tile(a["tile"]), "colour", None) for a in lays}
    assert lays and colours == {"yellow"}
    second = API.apply(first, lays[0])
    assert second["turn"]["tile_lays"] == 2
    assert not [a for a in API.legal_actions(second) if a["type"] == "lay_tile"]
