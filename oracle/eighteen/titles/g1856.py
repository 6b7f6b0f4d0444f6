"""1856: the map around Kitchener (I12) and a few ports; the Waterloo & Saugeen
(TP-WSR56-*) and the Great Lakes Shipping Company's port token (TP-BONUS-01).

Hexes (flat layout, letters are columns), charters and tile counts: the
published 1856 map, charters and manifest.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.board import Phase, hexes, make_map
from oracle.eighteen.privates import OWNING_COMPANY, PrivateDef, TilePower, TokenPower
from oracle.eighteen.title import CompanyDef, TitleData

MAP = make_map(
    "flat",
    hexes("H13 I10 G14 G16 H9 I16 E14 E16 F11 G10 D15 E12"),
    hexes("K12 K14 K10", cost=40, terrain="mountain"),
    hexes("H11", stops="T0"),
    hexes("I14 F13", stops="T0 T0"),
    hexes("E18 H7", stops="T0 T0", name="port"),
    hexes("H17", stops="T0", name="port"),
    hexes("J11", stops="C0", name="Guelph"),
    hexes("J13", stops="C0", name="Galt"),
    hexes("J15", stops="C0", name="Brantford"),
    hexes("H15", stops="C0", name="Woodstock"),
    hexes("G12", stops="C0"),
    hexes("F17", stops="C0", name="St. Thomas (port)"),
    hexes("D17", stops="C0", name="Glencoe"),
    hexes("I12", colour="yellow", stops="C0 C0", label="OO", name="Kitchener"),
    hexes("F15", colour="yellow", stops="C30", track="e0-s0 e4-s0", label="B-L", name="London"),
)

WSR = PrivateDef(
    id="WSR", name="Waterloo & Saugeen Railway", value=40, revenue=10,
    usable_by=OWNING_COMPANY,
    blocks="I12",  # TP-WSR56-01
    # TP-WSR56-01: tile 59, tile-lay step, not extra, unconnected, not free
    tile=TilePower(hex="I12", tile=("59",), colour="", when="track", extra=False,
                   connected=False, free=False, reserved=False),
    # TP-WSR56-02: token-lay step, not extra, free, unconnected, no tile needed
    token=TokenPower(hexes=("I12",), when="token", extra=False, connected=False, free=True,
                     reserved=False, requires_tile_laid=False),
    closes="any",  # TP-WSR56-03
    separate_execution=None,
    rulings=(("tile", "TP-WSR56-01"), ("blocks", "TP-WSR56-01"), ("token", "TP-WSR56-02"),
             ("token_timing", "TP-WSR56-02"), ("requires_tile", "TP-WSR56-02"),
             ("closed", "TP-WSR56-03")),
)

PORTS = ("C14", "D19", "E18", "F17", "F9", "H17", "H7", "H5", "J17", "J5", "K2", "M18", "O18")

GLSC = PrivateDef(
    id="GLSC", name="Great Lakes Shipping Company", value=70, revenue=15,
    usable_by=OWNING_COMPANY,
    blocks="",
    tile=None,
    # TP-BONUS-01: the port marker, +20 in one port hex, any time in the owner's
    # turn, closes the private, removed when phase 6 begins (the first 6 train).
    # ``connected`` is open: the published text names none (default), Rails asks for it.
    token=TokenPower(hexes=PORTS, when="turn", extra=True, connected=False, free=True,
                     reserved=False, requires_tile_laid=False, bonus=20,
                     bonus_removed_in_phase="6"),
    closes="token",
    separate_execution=None,
    rulings=(("token", "TP-BONUS-01"), ("token_timing", "TP-BONUS-01"), ("use", "TP-BONUS-01"),
             ("closed", "TP-BONUS-01")),
)


def settle_bonus(privates: Mapping[str, PrivateDef],
                 options: Mapping[str, Any]) -> dict[str, PrivateDef]:
    """TP-BONUS-01 "rails" reading: the port marker must be connected."""
    out = dict(privates)
    glsc = out.get("GLSC")
    if options.get("bonus_token_reading") == "rails" and glsc is not None and glsc.token:
        out["GLSC"] = dataclasses.replace(glsc, token=dataclasses.replace(glsc.token,
                                                                          connected=True))
    return out


TITLE = TitleData(
    id="1856",
    map=MAP,
    phases=(
        Phase("2", ("yellow",)), Phase("3", ("yellow", "green")),
        Phase("4", ("yellow", "green")), Phase("5", ("yellow", "green", "brown")),
        Phase("6", ("yellow", "green", "brown")), Phase("D", ("yellow", "green", "brown")),
    ),
    companies=(
        CompanyDef("WGB", "Wellington, Grey & Bruce", "J11", 0, (0, 40)),
        CompanyDef("BBG", "Buffalo, Brantford & Goderich", "J15", 0, (0, 40, 100)),
        CompanyDef("GW", "Great Western", "F15", 0, (0, 40, 100, 100)),
        CompanyDef("CA", "Canada Air Line", "D17", 0, (0, 40, 100)),
    ),
    privates=(WSR, GLSC),
    supply={"1": 1, "2": 1, "3": 3, "4": 3, "5": 2, "6": 2, "7": 7, "8": 13, "9": 13,
            "14": 4, "15": 4, "16": 1, "18": 1, "19": 1, "20": 1, "23": 4, "24": 4,
            "25": 1, "26": 1, "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 3,
            "42": 3, "55": 1, "56": 1, "57": 4, "58": 3, "59": 2, "63": 4, "69": 1},
    bank=12000,
    starting_cash={3: 500, 4: 375, 5: 300, 6: 250},
    privates_hook=settle_bonus,
    sources="seed 001, seed 003; 1856 map, charters and manifest",
)
