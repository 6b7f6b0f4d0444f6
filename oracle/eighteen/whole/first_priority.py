"""The option ``first_priority``: who leads the first stock round after the private
auction. The published rules (1830's, which 1870's follow) give the priority deal to
the player after the one who bought the last private. 18xx.games goes on with the
auction's own turn order instead: the player after the one whose act ended the
auction (who bought the cheapest private, or passed out of the bidders' auction),
whoever the privates settled after it went to. Default ``last_buyer``: the rules'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec

OPTION = "first_priority"
DEFAULT = spec(OPTION).default


def next_in_turn(options: Any) -> bool:
    return str(dict(options).get(OPTION, DEFAULT)) == "next_in_turn"


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles played as a whole game (MalformedInput otherwise)."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and title.whole is None:
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} is not played as a whole game")
