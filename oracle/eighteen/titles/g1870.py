"""1870: the whole published board (``data/1870.json``) with home and destination hexes,
and the connection runs between company turns (``oracle/eighteen/connection.py``,
seed 004 section 11).

Of its privates only the Mississippi River Bridge Company is a record, for the
river it keeps closed (``river.py``); the bonus-token privates are not modelled.
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.loader import load_title
from oracle.eighteen.market import RULE_1870
from oracle.eighteen.privates import OWNING_COMPANY, PrivateDef
from oracle.eighteen.title import OPERATING_STEPS

#: a company's turn, then the connection runs between turns (DS-07, DS-10, DS-15, DS-16)
STEPS_1870 = (*OPERATING_STEPS, "connection_token", "connection_route", "connection_dividend")

#: a normal turn may pay half (the price stays); the connection run may not (DS-16)
#: the Mississippi River Bridge Company: while it is in the bank or a player's, no
#: track may cross the river (river.py, the title's ``river_bridge``). Its tile lay
#: with a $40 discount and the extra home lay for MP or SSW are not modelled.
MRBC = PrivateDef(
    id="MRBC", name="Mississippi River Bridge Company", value=40, revenue=10,
    usable_by=OWNING_COMPANY, blocks="", tile=None, token=None, closes="never",
    separate_execution=None)

TITLE = dataclasses.replace(load_title("1870", privates=(MRBC,)), operating_steps=STEPS_1870,
                            dividend_rule=RULE_1870)
