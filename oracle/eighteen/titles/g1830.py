"""1830: the map around Scranton (F16) and Albany, the D&H (TP-DH30-*).

Hexes, terrain and tile counts: the published 1830 map and tile manifest.
"""

from __future__ import annotations

from oracle.eighteen.board import hexes, make_map
from oracle.eighteen.title import CompanyDef, TitleData
from oracle.eighteen.titles.common import PHASES_1830, delaware_and_hudson, settle_dh

MAP = make_map(
    "pointy",
    hexes("D16 D18 D20 E13 E15 F12 F14 F18 G11 H14 I13"),
    hexes("E17 E21 G13 G15", cost=120, terrain="mountain"),
    hexes("F16", stops="C0", cost=120, terrain="mountain", name="Scranton"),
    hexes("E19", stops="C0", name="Albany"),
    hexes("H16", stops="C0", name="Lancaster"),
    hexes("G17", stops="T0 T0", name="Reading & Allentown"),
    hexes("F20", stops="T0 T0", name="New Haven & Hartford"),
    hexes("I17", cost=80, terrain="water"),
    hexes("E11", colour="yellow", stops="C0 C0", label="OO", name="Dunkirk & Buffalo"),
    hexes("H18", colour="yellow", stops="C0 C0", label="OO", name="Philadelphia & Trenton"),
)

_FOUR = (0, 40, 100, 100)
_THREE = (0, 40, 100)

TITLE = TitleData(
    id="1830",
    map=MAP,
    phases=PHASES_1830,
    companies=(
        CompanyDef("PRR", "Pennsylvania", "", None, _FOUR),
        CompanyDef("NYC", "New York Central", "", None, _FOUR),
        CompanyDef("ERIE", "Erie", "E11", None, _THREE),
        CompanyDef("BO", "Baltimore & Ohio", "", None, _THREE),
    ),
    privates=(delaware_and_hudson("F16"),),
    supply={"1": 1, "2": 1, "3": 2, "4": 2, "7": 4, "8": 8, "9": 7, "14": 3, "15": 2,
            "16": 1, "18": 1, "19": 1, "20": 1, "23": 3, "24": 3, "25": 1, "26": 1,
            "27": 1, "28": 1, "29": 1, "39": 1, "40": 1, "41": 2, "42": 2, "55": 1,
            "56": 1, "57": 4, "58": 2, "59": 2, "63": 3, "69": 1},
    bank=12000,
    starting_cash={2: 1200, 3: 800, 4: 600, 5: 480, 6: 400},
    privates_hook=settle_dh,
    sources="seed 001, seed 003; 1830 map and manifest",
)
