"""Train rosters and phase records of a title, as its data file gives them
(``oracle/eighteen/data/<title>.json``, loaded into ``title.trains`` and
``title.phases``): the route search, the dividend and the train purchase read them
here, so no train or phase figure is written twice."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.eighteen.model.records import PhaseDef, TrainType
from oracle.eighteen.model.title import TitleData


def roster(title: TitleData) -> Mapping[str, TrainType]:
    return {t.name: t for t in title.trains}


def phase_def(title: TitleData, phase: str) -> PhaseDef | None:
    found = title.phase(phase)
    return found if isinstance(found, PhaseDef) else None
