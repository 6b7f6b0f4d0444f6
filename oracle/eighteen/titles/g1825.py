"""1825: Unit 1 plus the kit hexes of Hull, Oban, Milford Haven and Plymouth
(``data/1825.json``). Its privates have no powers (they only pay revenue)."""

from __future__ import annotations

import dataclasses

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.market import RULE_1825

#: the title's mechanisms beyond the base turn, in the order their checks run: the single-track
#: variant (ST-01..ST-13) under option ``single_track``; the discards after a phase change
MECHANISMS = ("single_track", "excess_trains")

#: the price moves by the size of the dividend; the treasury earns on no share
#: (18xx Rules Difference List 8.1, 8.2; docs/18xx-golden.md)
TITLE = dataclasses.replace(load_title("1825"), dividend_rule=RULE_1825,
                            mechanisms=MECHANISMS)
