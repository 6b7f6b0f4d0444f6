"""Train rosters and phase records by title, until the title data carries them.

The data branch loads ``TrainType`` and ``PhaseDef`` records into each title
(``title.trains``, ``title.phase_defs``); ``roster`` and ``phase_def`` read those
when present, else the records below. Only published figures: 1830's trains
(Avalon Hill rules: 2/$80 x6, 3/$180 x5, 4/$300 x4, 5/$450 x3, 6/$630 x2, D/$1100;
the 4 rusts the 2s, the 6 the 3s, the D the 4s; each train but the 2 opens the
phase of its name) and train limits (4 in phases 2 and 3, 3 in phase 4, 2 after).
The count of D trains is left open (None) here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from oracle.eighteen.records import Allowance, PhaseDef, TrainType
from oracle.eighteen.title import TitleData

_STOPS = frozenset({"city", "town", "offboard"})


def _train(name: str, stops: int, price: int, count: int | None,
           rusted_by: str | None = None) -> TrainType:
    return TrainType(name, (Allowance(_STOPS, stops, stops),), price, count,
                     rusted_by=rusted_by, starts_phase=name)


TRAINS_1830: Final = {t.name: t for t in (
    _train("2", 2, 80, 6, rusted_by="4"),
    _train("3", 3, 180, 5, rusted_by="6"),
    _train("4", 4, 300, 4, rusted_by="D"),
    _train("5", 5, 450, 3),
    _train("6", 6, 630, 2),
    _train("D", 99, 1100, None),
)}

PHASES_1830: Final = {p.name: p for p in (
    PhaseDef("2", ("yellow",), 4, "yellow"),
    PhaseDef("3", ("yellow", "green"), 4, "green"),
    PhaseDef("4", ("yellow", "green"), 3, "green"),
    PhaseDef("5", ("yellow", "green", "brown"), 2, "brown"),
    PhaseDef("6", ("yellow", "green", "brown"), 2, "brown"),
    PhaseDef("D", ("yellow", "green", "brown"), 2, "brown"),
)}

#: title -> roster, for titles whose data does not carry one yet
ROSTERS: Final[Mapping[str, Mapping[str, TrainType]]] = {"1830": TRAINS_1830}
PHASE_DEFS: Final[Mapping[str, Mapping[str, PhaseDef]]] = {"1830": PHASES_1830}


def roster(title: TitleData) -> Mapping[str, TrainType]:
    loaded = getattr(title, "trains", None)
    if loaded:
        return {t.name: t for t in loaded}
    return ROSTERS.get(title.id, {})


def phase_def(title: TitleData, phase: str) -> PhaseDef | None:
    loaded = getattr(title, "phase_defs", None)
    if loaded:
        return next((p for p in loaded if p.name == phase), None)
    return PHASE_DEFS.get(title.id, {}).get(phase)
