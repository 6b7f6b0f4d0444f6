"""18Kaas: the map around Venlo (K16, ``data/18Kaas.json``); its D&H is the 1830 D&H
on K16 (TP-DH18K-01)."""

from __future__ import annotations

from oracle.eighteen.loader import load_title
from oracle.eighteen.titles.common import delaware_and_hudson, settle_dh

TITLE = load_title("18Kaas", privates=(delaware_and_hudson("K16"),), privates_hook=settle_dh)
