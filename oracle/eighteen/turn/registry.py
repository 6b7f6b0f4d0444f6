"""The mechanisms by the name a title lists them under (``TitleData.mechanisms``):
an explicit table, no reflection. Its order is the order of every mechanism for a
title that lists none (one a test makes up), and so of the step names a position may
stand in (the position schema's enum)."""

from __future__ import annotations

from functools import cache
from typing import Final

from oracle.eighteen.connection import CONNECTION_RUNS
from oracle.eighteen.emergency import EMERGENCY_SALES
from oracle.eighteen.excess import EXCESS_TRAINS
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.turn.compose import step_names
from oracle.eighteen.turn.lay_checks import (
    HOME_LAY_NO_UPGRADE,
    RIVER,
    SINGLE_TRACK,
    WATER_BORDERS,
)
from oracle.eighteen.turn.protocol import Mechanism
from oracle.eighteen.whole.mechanism import WHOLE_GAME

MECHANISMS: Final[dict[str, Mechanism]] = {m.name: m for m in (
    HOME_LAY_NO_UPGRADE, RIVER, WATER_BORDERS, SINGLE_TRACK, EXCESS_TRAINS, EMERGENCY_SALES,
    CONNECTION_RUNS, WHOLE_GAME)}

#: every step a position may stand in, ``done`` last
STEP_NAMES: Final[tuple[str, ...]] = step_names(tuple(MECHANISMS.values()))


@cache
def _named(names: tuple[str, ...] | None) -> tuple[Mechanism, ...]:
    if names is None:
        return tuple(MECHANISMS.values())
    return tuple(MECHANISMS[name] for name in names)


def of_title(title: TitleData) -> tuple[Mechanism, ...]:
    """The title's mechanisms, in its order (every one when it lists none)."""
    return _named(title.mechanisms)
