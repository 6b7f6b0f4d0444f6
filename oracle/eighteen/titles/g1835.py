"""1835: the map around Ludwigshafen/Mannheim (L6) and Fürth/Nürnberg (L14), the
Nürnberg-Fürth (TP-NF35-*) and the Pfalzbahnen (TP-PFB35-*).

Hexes, terrain, phases and tile counts: ``data/1835.json`` (a region of the published map).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.privates import (
    OWNING_PLAYERS_COMPANIES,
    PrivateDef,
    SeparateExecution,
    TilePower,
    TokenPower,
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



#: the title's mechanisms beyond the base turn, in the order their checks run: the water borders
#: under option ``water_borders``; the discards after a phase change
MECHANISMS = ("water_borders", "excess_trains")

TITLE = load_title("1835", privates=(NF, PFB), privates_hook=settle_timing,
                   mechanisms=MECHANISMS)
