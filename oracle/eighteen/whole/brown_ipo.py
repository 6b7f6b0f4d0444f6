"""The option ``multiple_brown_from_ipo``: in 1830's brown zone a player may buy more
than one share of a company in a turn. The published rules say so without naming where
the shares come from; 18xx.games plays it from the pool only and offers buying them
from the IPO too as an optional rule of the same name (one of the recorded games
uses it: docs/18xx.md, "Whole games"). Default ``no``: the pool only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec

OPTION = "multiple_brown_from_ipo"
DEFAULT = spec(OPTION).default


def from_ipo(options: Mapping[str, Any]) -> bool:
    return str(dict(options).get(OPTION, DEFAULT)) == "yes"


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles played as a whole game (MalformedInput otherwise)."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and title.whole is None:
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} is not played as a whole game")
