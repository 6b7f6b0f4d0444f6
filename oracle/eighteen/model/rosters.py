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


def company_train_limit(title: TitleData, phase: str, company_id: str) -> int | None:
    """The most trains ``company_id`` may hold in ``phase``: the phase's limit, and for a
    national the trains more it may hold (1856's CGR: one); None where the phase has
    no record."""
    found = phase_def(title, phase)
    if found is None:
        return None
    national = title.whole.national if title.whole is not None else None
    more = national.extra_trains if national is not None and \
        national.company.id == company_id else 0
    return found.train_limit + more


def may_buy(title: TitleData, company_id: str, train: str) -> bool:
    """Whether ``company_id`` may buy a ``train``: any, but a national (1856's CGR) buys
    only permanent trains."""
    national = title.whole.national if title.whole is not None else None
    found = roster(title).get(train)
    return not (national is not None and national.company.id == company_id
                and found is not None and found.rusted_by)
