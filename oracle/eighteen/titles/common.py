"""Pieces several titles share: the Delaware & Hudson record (1830 and 18Kaas,
TP-DH18K-01) and the hook that settles its open points from the options (TP-DH30-05)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.privates import (
    OWNING_COMPANY,
    PrivateDef,
    SeparateExecution,
    TilePower,
    TokenPower,
)

#: which D&H ruling a refusal cites, by aspect (1830; TP-DH30-*)
DH_1830_RULINGS: tuple[tuple[str, str], ...] = (
    ("tile", "TP-DH30-01"), ("token", "TP-DH30-02"), ("token_timing", "TP-DH30-02"),
    ("blocks", "TP-DH30-03"), ("use", "TP-DH30-03"), ("closed", "TP-DH30-03"),
    ("token_lost", "TP-DH30-04"),
    ("requires_tile", "TP-DH30-05"), ("tile_after_token", "TP-DH30-05"))


def delaware_and_hudson(hex_id: str,
                        rulings: tuple[tuple[str, str], ...] = DH_1830_RULINGS) -> PrivateDef:
    """D&H (seed 001 appendix; TP-DH30-01..05): tile 57 and a free token on ``hex_id``.
    ``rulings``: what a refusal cites (18Kaas cites its own TP-DH18K-01)."""
    return PrivateDef(
        id="DH", name="Delaware & Hudson", value=70, revenue=15,
        usable_by=OWNING_COMPANY,  # TP-DH30-03
        blocks=hex_id,  # TP-DH30-03: blocked while a player owns it
        # TP-DH30-01: tile 57 only, tile-lay step, not extra, unconnected, terrain paid
        tile=TilePower(hex=hex_id, tile=("57",), colour="", when="track", extra=False,
                       connected=False, free=False, reserved=False),
        # TP-DH30-02: token-lay step, not extra, free, unconnected;
        # requires_tile_laid is open (TP-DH30-05): settled by the options hook
        token=TokenPower(hexes=(hex_id,), when="token", extra=False, connected=False,
                         free=True, reserved=False, requires_tile_laid=None),
        closes="never",  # TP-DH30-03
        # TP-DH30-04: token only in the turn of its own tile lay, lost after another
        # company's tile; tile after token is open (TP-DH30-05)
        separate_execution=SeparateExecution(token_in_later_turn=False,
                                             token_survives_other_tile=False,
                                             tile_after_token=None),
        rulings=rulings,
    )


def settle_dh(privates: Mapping[str, PrivateDef],
              options: Mapping[str, Any]) -> dict[str, PrivateDef]:
    """Fill the D&H's open attributes from the TP-DH30-05 options."""
    out = dict(privates)
    dh = out.get("DH")
    if dh is not None and dh.token is not None and dh.separate_execution is not None:
        token = dh.token
        if token.requires_tile_laid is None:
            token = dataclasses.replace(
                token, requires_tile_laid=options.get("dh_token_requires_tile") == "yes")
        sep = dh.separate_execution
        if sep.tile_after_token is None:
            sep = dataclasses.replace(
                sep, tile_after_token=options.get("dh_tile_after_token", "yes") == "yes")
        out["DH"] = dataclasses.replace(dh, token=token, separate_execution=sep)
    return out
