"""How a half payout is split, under the option ``half_pay_rounding`` (1870).

A half payout shares half the run's revenue among the shares and the company keeps
the rest. The sources differ on the rounding when half the revenue does not divide
by the number of shares (docs/18xx-golden.md, finding 3):

* ``paid_down`` (default): the 18xx Rules Difference List 8.4 (1870): the half paid
  out is divided per share, rounded down; the odd amount stays with the company.
  70 on 10 shares: 35 paid out as 3 a share, the company keeps 40.
* ``withheld_down``: tobymao's half pay: the withheld half is rounded down to a
  multiple of the share count and the rest is paid out, so the holders get the odd
  amount. 70 on 10 shares: 30 withheld, 40 paid out as 4 a share.

Under either reading what the per-share division leaves over stays with the company.
The option belongs to titles with a half dividend (1870): another title with a
reading other than the default is malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec as option_spec

OPTION = "half_pay_rounding"
#: default and readings as options.py declares them
DEFAULT: str = option_spec(OPTION).default
READINGS: tuple[str, ...] = option_spec(OPTION).choices


def reading(options: Any) -> str:
    value = dict(options).get(OPTION, DEFAULT)
    return value if value in READINGS else DEFAULT


def paid_out(revenue: int, shares: int, options: Any) -> int:
    """The part of ``revenue`` a half payout shares among ``shares`` shares."""
    if reading(options) == "withheld_down" and shares > 0:
        withheld = revenue // 2 // shares * shares
        return revenue - withheld
    return revenue // 2


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles with a half dividend (MalformedInput naming the field
    otherwise)."""
    rule = title.dividend_rule
    has_half = rule is not None and "half" in rule.kinds
    if reading(options) != DEFAULT and not has_half:
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no "
                             "half dividend to round")
