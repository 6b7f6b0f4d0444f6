"""The rulings catalogue (a copy of shared/rulings.md shipped as package data)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

_ROW = re.compile(r"^\|\s*([A-Z]{2}-[A-Z0-9-]+)\s*\|\s*(.+?)\s*\|\s*(settled|open)\s*\|\s*$")
_SECTION = re.compile(r"^##\s+(.*)$")
_SEED = re.compile(r"seeds? ([0-9]{3})(?:, ([0-9]{3}))?")


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    text: str
    status: str  # settled | open
    section: str
    sources: tuple[str, ...]  # seed numbers, e.g. ("000",)


@cache
def catalogue_text() -> str:
    return resources.files("oracle.harness.data").joinpath("rulings.md").read_text("utf-8")


@cache
def rulings() -> dict[str, Ruling]:
    """Every ruling by ID, in catalogue order."""
    out: dict[str, Ruling] = {}
    section = ""
    sources: tuple[str, ...] = ()
    for line in catalogue_text().splitlines():
        if m := _SECTION.match(line):
            section = m.group(1)
            seeds = _SEED.search(section)
            sources = tuple(g for g in seeds.groups() if g) if seeds else ()
            continue
        if m := _ROW.match(line):
            out[m.group(1)] = Ruling(m.group(1), m.group(2), m.group(3), section, sources)
    return out
