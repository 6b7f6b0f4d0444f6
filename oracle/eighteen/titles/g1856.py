"""1856: the Waterloo & Saugeen
(TP-WSR56-*) and the Great Lakes Shipping Company's port token (TP-BONUS-01).

The whole published board, charters, trains, phases and market: ``data/1856.json``
(flat layout, letters are columns).
"""

from __future__ import annotations

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.privates import OWNING_COMPANY, PrivateDef, TilePower, TokenPower
from oracle.eighteen.titles.common import bonus_reading

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



#: the title's mechanisms beyond the base turn, in the order their checks run: the discards
#: after a phase change (excess.py)
MECHANISMS = ("excess_trains",)

#: TP-BONUS-01 "rails" reading: the port marker must be connected
TITLE = load_title("1856", privates=(WSR, GLSC),
                   privates_hook=bonus_reading("GLSC", connected=True),
                   mechanisms=MECHANISMS)
