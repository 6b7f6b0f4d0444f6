"""1870: the whole published board (``data/1870.json``) with home and destination hexes.

Its privates (bonus tokens, the river bridge) are not modelled as records yet.
"""

from __future__ import annotations

from oracle.eighteen.loader import load_title

TITLE = load_title("1870")
