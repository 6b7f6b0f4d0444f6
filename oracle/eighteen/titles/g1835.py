"""1835: the map around Ludwigshafen/Mannheim (L6) and Fürth/Nürnberg (L14), the
Nürnberg-Fürth (TP-NF35-*) and the Pfalzbahnen (TP-PFB35-*).

Hexes, terrain, phases and tile counts: the published 1835 map and manifest.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.board import Phase, hexes, make_map
from oracle.eighteen.privates import (
    OWNING_PLAYERS_COMPANIES,
    PrivateDef,
    SeparateExecution,
    TilePower,
    TokenPower,
)
from oracle.eighteen.title import CompanyDef, TitleData

MAP = make_map(
    "pointy",
    hexes("K5 K13 L4 L10 L12 L16 M11"),
    hexes("K7 K9 M13", cost=50, terrain="water"),
    hexes("K15", cost=70, terrain="mountain"),
    hexes("K3 K11", stops="T0"),
    hexes("L8 M7", stops="T0 T0"),
    hexes("M15", stops="T0", cost=50, terrain="water", name="Ostbayern"),
    hexes("M9", stops="C0", name="Stuttgart"),
    hexes("J6", colour="yellow", stops="C0 C0", label="XX", cost=50, name="Mainz Wiesbaden"),
    # Baden's home: until BA places it, no other company may token here (TP-PFB35-02)
    hexes("L6", colour="yellow", stops="C0 C0", label="XX", name="Ludwigshafen Mannheim",
          unlaid_home_blocks_tokens=True),
    hexes("L14", colour="green", stops="C30 C30", track="e3-s0 e2-s0 e5-s1 e0-s1",
          label="XX", name="Fürth Nürnberg"),
)

NF = PrivateDef(
    id="NF", name="Nürnberg-Fürth", value=100, revenue=5,
    usable_by=OWNING_PLAYERS_COMPANIES,  # TP-NF35-01
    blocks="",
    tile=None,
    # TP-NF35-01: free, extra, unconnected; timing TP-NF35-02 (see ``settle_timing``)
    token=TokenPower(hexes=("L14",), when="turn", extra=True, connected=False, free=True,
                     reserved=False, requires_tile_laid=None),
    closes="token",  # TP-NF35-01
    separate_execution=None,
    rulings=(("token", "TP-NF35-01"), ("use", "TP-NF35-01"), ("closed", "TP-NF35-01"),
             ("token_timing", "TP-NF35-02")),
)

PFB = PrivateDef(
    id="PfB", name="Pfalzbahnen", value=150, revenue=15,
    usable_by=OWNING_PLAYERS_COMPANIES,  # TP-PFB35-01
    blocks="",
    # TP-PFB35-01: any green tile (green phase), tile-lay step, extra, free, unconnected
    tile=TilePower(hex="L6", tile=(), colour="green", when="track", extra=True,
                   connected=False, free=True, reserved=False),
    # TP-PFB35-02: needs the tile laid (by anyone) and Baden's home placed
    token=TokenPower(hexes=("L6",), when="turn", extra=True, connected=False, free=True,
                     reserved=False, requires_tile_laid=True),
    closes="token",  # TP-PFB35-03: the token closes it, the tile does not
    # TP-PFB35-03: tile and token in different turns, by different companies
    separate_execution=SeparateExecution(token_in_later_turn=True,
                                         token_survives_other_tile=True,
                                         tile_after_token=False),
    rulings=(("tile", "TP-PFB35-01"), ("use", "TP-PFB35-01"), ("token", "TP-PFB35-02"),
             ("token_timing", "TP-PFB35-02"), ("requires_tile", "TP-PFB35-02"),
             ("token_lost", "TP-PFB35-03"), ("tile_after_token", "TP-PFB35-03"),
             ("closed", "TP-PFB35-03")),
)


def settle_timing(privates: Mapping[str, PrivateDef],
                  options: Mapping[str, Any]) -> dict[str, PrivateDef]:
    """TP-NF35-02: under the Westermann option the NF and PfB tokens wait for the
    token-lay step; by default they may come at any time in the turn."""
    out = dict(privates)
    if options.get("nf_pfb_token_timing") == "westermann":
        for key in ("NF", "PfB"):
            p = out.get(key)
            if p is not None and p.token is not None and p.token.when == "turn":
                out[key] = dataclasses.replace(p, token=dataclasses.replace(p.token, when="token"))
    return out


_COSTS = (0, 40, 100, 100)  # see docs/18xx.md: placeholder charter costs

TITLE = TitleData(
    id="1835",
    map=MAP,
    phases=(
        Phase("1.1", ("yellow",)), Phase("1.2", ("yellow",)),
        Phase("2.1", ("yellow", "green")), Phase("2.2", ("yellow", "green")),
        Phase("2.3", ("yellow", "green")), Phase("2.4", ("yellow", "green")),
        Phase("3.1", ("yellow", "green")),
        Phase("3.2", ("yellow", "green", "brown")), Phase("3.3", ("yellow", "green", "brown")),
        Phase("3.4", ("yellow", "green", "brown")),
    ),
    companies=(
        CompanyDef("BA", "Badische Staatsbahn", "L6", None, _COSTS),
        CompanyDef("WT", "Württembergische Staatsbahn", "M9", 0, _COSTS),
        CompanyDef("BY", "Bayerische Staatsbahn", "", None, _COSTS),
    ),
    privates=(NF, PFB),
    supply={"1": 1, "2": 1, "3": 2, "4": 3, "5": 3, "6": 3, "7": 8, "8": 16, "9": 12,
            "55": 1, "56": 1, "57": 2, "58": 4, "69": 2, "201": 2, "202": 2, "12": 2,
            "13": 2, "14": 2, "15": 2, "16": 2, "18": 1, "19": 2, "20": 2, "23": 3,
            "24": 3, "25": 3, "26": 2, "27": 2, "28": 2, "29": 2, "210": 1, "211": 1,
            "212": 1, "213": 1, "214": 1, "215": 1, "39": 1, "40": 1, "41": 2, "42": 2,
            "63": 3},
    bank=12000,
    starting_cash={3: 600, 4: 475, 5: 390, 6: 340, 7: 310},
    privates_hook=settle_timing,
    sources="seed 001, seed 003; 1835 map and manifest",
)
