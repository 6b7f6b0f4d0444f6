"""Pieces several titles share: the Delaware & Hudson record (1830 and 18Kaas,
TP-DH18K-01), the hook that settles its open points from the options (TP-DH30-05), and
the hook that settles a bonus token's connection under the "rails" reading (1856, 18AL;
TP-BONUS-01)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.eighteen.model.privates import (
    OWNING_COMPANY,
    PrivateDef,
    SeparateExecution,
    TilePower,
    TokenPower,
)
from oracle.eighteen.model.title import PrivatesHook

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


def bonus_reading(private_id: str, connected: bool) -> PrivatesHook:
    """TP-BONUS-01 "rails" reading (option ``bonus_token_reading``): the bonus token of
    private ``private_id`` asks a connection exactly when ``connected`` (1856's port
    marker must be connected; 18AL's coal token asks none)."""

    def settle_bonus(privates: Mapping[str, PrivateDef],
                     options: Mapping[str, Any]) -> dict[str, PrivateDef]:
        out = dict(privates)
        private = out.get(private_id)
        if (options.get("bonus_token_reading") == "rails" and private is not None
                and private.token):
            out[private_id] = dataclasses.replace(
                private, token=dataclasses.replace(private.token, connected=connected))
        return out

    return settle_bonus
