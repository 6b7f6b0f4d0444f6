"""The option ``connection_withhold``: how a connection run's withheld dividend moves
the price (1870, DS-16). The rules say the company's token "is moved up on the stock
market" after the run; the oracle reads that with the run's dividend: a payout moves
the price one step up in value (right), a withhold leaves it (``stays``, default).
``right`` moves it right after any run that earns something, withheld or paid, as
our research notes read 18xx.games' 1870 connection dividend step. The records say
otherwise: the 1870 bankruptcy record's SLSF withholds its run at action 400 and its
price stays (under ``right`` it outranks GMO at action 428, which the platform
operates first), so a replay plays ``stays`` (docs/replay.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec

OPTION = "connection_withhold"
DEFAULT = spec(OPTION).default


def withhold_move(options: Any) -> str:
    """The withheld connection run's move: "" (the price stays) or "right"."""
    return "right" if str(dict(options).get(OPTION, DEFAULT)) == "right" else ""


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles with connection runs (MalformedInput otherwise)."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and \
            "connection_dividend" not in title.operating_steps:
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no connection runs")
