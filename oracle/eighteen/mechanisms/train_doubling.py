"""Trains that count some stops twice: 18AL's 4D, under the option ``al_4d_doubles``.

The title data lists the stop kinds a train doubles (``doubles``; 18AL's 4D: cities
and off-board areas, towns not). The sources differ on what the 4D doubles:
tobymao's 18AL doubles cities and off-board areas alike (pull request 1093, "4D
now double off-board and cities"), which is the default reading
``cities_and_offboards``; the 18xx Rules Difference List (7.3) names the off-board
areas only, the reading ``offboards``. The option is 18AL's: another title with a
reading other than the default is malformed. docs/18xx-golden.md, finding 6.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.routes.route import RouteContext

OPTION = "al_4d_doubles"
DEFAULT = "cities_and_offboards"
TITLE = "18AL"
#: reading -> the stop kinds a doubling train counts twice
READINGS: Mapping[str, frozenset[str]] = {
    "cities_and_offboards": frozenset({"city", "offboard"}),
    "offboards": frozenset({"offboard"}),
}


def reading(options: Any) -> str:
    value = dict(options).get(OPTION, DEFAULT)
    return value if isinstance(value, str) else DEFAULT


def check_options(title_id: str, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is 18AL's (MalformedInput naming the field otherwise)."""
    if reading(options) != DEFAULT and title_id != TITLE:
        raise MalformedInput(f"{field}.{OPTION}", f"the 4D reading is {TITLE}'s, "
                             f"not {title_id}'s")


def route_context(title: Any, state: Any, ctx: RouteContext) -> RouteContext:
    """The run's trains under the position's reading: each doubling train doubles the
    reading's kinds."""
    kinds = READINGS[reading(state.options)]
    trains = {name: dataclasses.replace(t, doubles=kinds) if t.doubles else t
              for name, t in ctx.trains.items()}
    return dataclasses.replace(ctx, trains=trains)
