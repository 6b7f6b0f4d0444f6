"""1830: the whole published board (``data/1830.json``) and the D&H (TP-DH30-*)."""

from __future__ import annotations

from oracle.eighteen.loader import load_title
from oracle.eighteen.titles.common import delaware_and_hudson, settle_dh

TITLE = load_title("1830", privates=(delaware_and_hudson("F16"),), privates_hook=settle_dh)
