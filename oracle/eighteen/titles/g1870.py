"""1870: the whole published board (``data/1870.json``) with home and destination hexes,
and the connection runs between company turns (``oracle/eighteen/connection.py``,
seed 004 section 11).

Its privates (bonus tokens, the river bridge) are not modelled as records yet.
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.loader import load_title
from oracle.eighteen.market import RULE_1870
from oracle.eighteen.title import OPERATING_STEPS

#: a company's turn, then the connection runs between turns (DS-07, DS-10, DS-15, DS-16)
STEPS_1870 = (*OPERATING_STEPS, "connection_token", "connection_route", "connection_dividend")

#: a normal turn may pay half (the price stays); the connection run may not (DS-16)
TITLE = dataclasses.replace(load_title("1870"), operating_steps=STEPS_1870,
                            dividend_rule=RULE_1870)
