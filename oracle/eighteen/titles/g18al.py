"""18AL: the coal-field hexes and the South & North Alabama's Warrior Coal Field
token (TP-BONUS-01).

Hexes (flat layout, letters are rows), charters: ``data/18AL.json`` (a region).
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.mechanisms import train_doubling
from oracle.eighteen.model.privates import OWNING_COMPANY, PrivateDef, TokenPower
from oracle.eighteen.titles.common import bonus_reading

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



#: the title's mechanisms beyond the base turn, in the order their checks run: the discards
#: after a phase change (excess.py)
MECHANISMS = ("excess_trains",)

#: TP-BONUS-01 "rails" reading: no connection asked of the coal token; the 4D's doubled
#: stops follow the option al_4d_doubles (train_doubling.py)
TITLE = dataclasses.replace(
    load_title("18AL", privates=(SNAR,),
               privates_hook=bonus_reading("SNAR", connected=False)),
    route_context=train_doubling.route_context, mechanisms=MECHANISMS)
