"""The titles the rulings need, by ID: an explicit table, no reflection."""

from __future__ import annotations

from typing import Final

from oracle.eighteen.title import TitleData
from oracle.eighteen.titles import g18al, g18ga, g18kaas, g1830, g1835, g1856

TITLES: Final[dict[str, TitleData]] = {
    t.id: t for t in (g1830.TITLE, g1835.TITLE, g1856.TITLE, g18ga.TITLE, g18kaas.TITLE,
                      g18al.TITLE)
}
