"""The titles by ID: an explicit table, no reflection. A new title is one entry here
(its data file is ``oracle/eighteen/data/<id>.json``); the ``title`` option and the
position schema's title enum are derived from this table."""

from __future__ import annotations

from typing import Final

from oracle.eighteen.model.title import TitleData
from oracle.eighteen.titles import g18al, g18ga, g18kaas, g1825, g1830, g1835, g1856, g1870

TITLES: Final[dict[str, TitleData]] = {
    t.id: t for t in (g1830.TITLE, g1835.TITLE, g1856.TITLE, g18ga.TITLE, g18kaas.TITLE,
                      g18al.TITLE, g1870.TITLE, g1825.TITLE)
}
