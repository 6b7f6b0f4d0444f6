"""18GA: the whole published board (``data/18GA.json``); the Waycross & Southern
(TP-WS18GA-*).
"""

from __future__ import annotations

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.privates import OWNING_COMPANY, PrivateDef, TokenPower

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


#: the title's mechanisms beyond the base turn, in the order their checks run: the discards
#: after a phase change (excess.py)
MECHANISMS = ("excess_trains",)

TITLE = load_title("18GA", privates=(WS,), mechanisms=MECHANISMS)
