"""18AL: the coal-field hexes and the South & North Alabama's Warrior Coal Field
token (TP-BONUS-01).

Hexes (flat layout, letters are rows), charters: the published 18AL map and charters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.board import Phase, hexes, make_map
from oracle.eighteen.privates import OWNING_COMPANY, PrivateDef, TokenPower
from oracle.eighteen.title import CompanyDef, TitleData

MAP = make_map(
    "flat_rows",
    hexes("E4 F3 F5 H7 I4 I6 J5 I2 H1 E2"),
    hexes("F7", cost=60, terrain="mountain"),
    hexes("D5", cost=60, terrain="mountain"),
    hexes("G2", cost=20, terrain="swamp"),
    hexes("G4", stops="C0", label="B", cost=60, terrain="mountain", name="Birmingham (coal)"),
    hexes("G6", stops="C0", name="Anniston (coal)"),
    hexes("H3", stops="C0", name="Tuscaloosa (coal)"),
    hexes("H5", colour="gray", stops="C30", track="e0-s0 e2-s0 e4-s0", name="Oxmoor (coal)"),
    hexes("E6", colour="yellow", stops="C20", track="e3-s0 e4-s0", name="Gadsden (coal)"),
)

SNAR = PrivateDef(
    id="SNAR", name="South & North Alabama Railroad", value=40, revenue=10,
    usable_by=OWNING_COMPANY,
    blocks="",
    tile=None,
    # TP-BONUS-01: the Warrior Coal Field token, +10, in a coal city the company
    # reaches (the published text; Rails does not check it), does not close the
    # private, removed when phase 6 begins.
    token=TokenPower(hexes=("H3", "G4", "H5", "G6", "E6"), when="turn", extra=True,
                     connected=True, free=True, reserved=False, requires_tile_laid=False,
                     bonus=10, bonus_removed_in_phase="6"),
    closes="never",
    separate_execution=None,
    rulings=(("token", "TP-BONUS-01"), ("token_timing", "TP-BONUS-01"), ("use", "TP-BONUS-01"),
             ("closed", "TP-BONUS-01")),
)


def settle_bonus(privates: Mapping[str, PrivateDef],
                 options: Mapping[str, Any]) -> dict[str, PrivateDef]:
    """TP-BONUS-01 "rails" reading: no connection asked of the coal token."""
    out = dict(privates)
    snar = out.get("SNAR")
    if options.get("bonus_token_reading") == "rails" and snar is not None and snar.token:
        out["SNAR"] = dataclasses.replace(snar, token=dataclasses.replace(snar.token,
                                                                          connected=False))
    return out


TITLE = TitleData(
    id="18AL",
    map=MAP,
    phases=(
        Phase("2", ("yellow",)), Phase("3", ("yellow", "green")),
        Phase("4", ("yellow", "green")), Phase("5", ("yellow", "green", "brown")),
        Phase("6", ("yellow", "green", "brown")), Phase("7", ("yellow", "green", "brown")),
    ),
    companies=(
        CompanyDef("ABC", "Atlanta, Birmingham & Coast", "G6", 0, (0, 40)),
        CompanyDef("TAG", "Tennessee, Alabama & Georgia", "E6", 0, (0, 40)),
    ),
    privates=(SNAR,),
    supply={"3": 3, "4": 3, "5": 3, "6": 3, "7": 5, "8": 11, "9": 10, "14": 4, "15": 4,
            "57": 4, "58": 3, "23": 4, "24": 4},
    bank=8000,
    starting_cash={3: 600, 4: 500, 5: 400},
    privates_hook=settle_bonus,
    sources="seed 003 (names only); 18AL map and charters",
)
