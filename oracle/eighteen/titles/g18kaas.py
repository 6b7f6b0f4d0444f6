"""18Kaas: the map around Venlo (K16, ``data/18Kaas.json``); its D&H is the 1830 D&H
on K16 (TP-DH18K-01)."""

from __future__ import annotations

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.titles.common import DH_1830_RULINGS, delaware_and_hudson, settle_dh

#: TP-DH18K-01: the 1830 record on K16, citing 18Kaas's own ruling
DH = delaware_and_hudson("K16", tuple((aspect, "TP-DH18K-01") for aspect, _ in DH_1830_RULINGS))


#: the title's mechanisms beyond the base turn, in the order their checks run: as 1830's
#: (emergency.py: the Rules Difference List lists 1830's rules)
MECHANISMS = ("excess_trains", "emergency_sales")

TITLE = load_title("18Kaas", privates=(DH,), privates_hook=settle_dh,
                   mechanisms=MECHANISMS)
