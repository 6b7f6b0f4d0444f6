"""18GA: the map around Waycross (I9); the Waycross & Southern (TP-WS18GA-*).

Hexes, charters and token costs: the published 18GA map and charters.
"""

from __future__ import annotations

from oracle.eighteen.board import hexes, make_map
from oracle.eighteen.privates import OWNING_COMPANY, PrivateDef, TokenPower
from oracle.eighteen.title import CompanyDef, TitleData
from oracle.eighteen.titles.common import PHASES_1830

MAP = make_map(
    "pointy",
    hexes("H8 J8 H6 J6 I5 G7 E11"),
    hexes("H10 H12 G9", cost=20, terrain="water"),
    hexes("J10 F12", cost=40, terrain="water"),
    hexes("I7 G11", stops="T0"),
    hexes("I9", stops="C0", name="Waycross"),
    hexes("I11", stops="C0", name="Brunswick"),
    hexes("G13", stops="C0", name="Savannah"),
    hexes("J12", colour="red", stops="C30", track="e1-s0 e2-s0", name="Jacksonville"),
)

WS = PrivateDef(
    id="WS", name="Waycross & Southern", value=70, revenue=15,
    usable_by=OWNING_COMPANY,
    blocks="",  # TP-WS18GA-01: not blocked even while a player owns it
    tile=None,  # TP-WS18GA-02: no special tile lay
    # TP-WS18GA-01: token-lay step, not extra, free, unconnected
    token=TokenPower(hexes=("I9",), when="token", extra=False, connected=False, free=True,
                     reserved=False, requires_tile_laid=False),
    closes="never",
    separate_execution=None,
    rulings=(("tile", "TP-WS18GA-02"), ("token", "TP-WS18GA-01"),
             ("token_timing", "TP-WS18GA-01"), ("blocks", "TP-WS18GA-01"),
             ("use", "TP-WS18GA-01"), ("closed", "TP-WS18GA-01")),
)

TITLE = TitleData(
    id="18GA",
    map=MAP,
    phases=PHASES_1830,
    companies=(
        CompanyDef("ACL", "Atlantic Coast Line", "J12", 0, (0, 40, 100, 100)),
        CompanyDef("SAL", "Seaboard Air Line", "G13", 0, (0, 40, 100)),
        CompanyDef("CoG", "Central of Georgia", "", None, (0, 40, 100, 100)),
    ),
    privates=(WS,),
    supply={"3": 2, "4": 2, "5": 2, "6": 2, "7": 4, "8": 8, "9": 7, "14": 3, "15": 3,
            "57": 4, "58": 2, "23": 2, "24": 2},
    bank=8000,
    starting_cash={2: 1200, 3: 800, 4: 600, 5: 480},
    sources="seed 001, seed 003; 18GA map and charters",
)
