"""The rulings catalogue, read from the copy shipped as package data.

The package never reads ../shared at run time; ``data/rulings.md`` is a copy of
shared/rulings.md, and a test checks it still matches when that file is present.
A suite of one's own (the toy suite of the harness tests) names its own file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

_ROW = re.compile(r"^\|\s*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*\|([^|]*)\|"
                  r"\s*(settled|open|superseded)\s*\|\s*$")
_SEED = re.compile(r"seeds? ([0-9a-z]+)(?:, ([0-9a-z]+))?")


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    text: str
    status: str  # settled | open
    section: str  # the heading it sits under, which names its source
    sources: tuple[str, ...] = ()  # seed numbers, e.g. ("000",)

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text, "status": self.status, "source": self.section}


def parse_catalogue(text: str) -> dict[str, Ruling]:
    """Every table row ``| ID | ruling | status |``, with the heading it sits under."""
    section = ""
    sources: tuple[str, ...] = ()
    out: dict[str, Ruling] = {}
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            seeds = _SEED.search(section)
            sources = tuple(g for g in seeds.groups() if g) if seeds else ()
            continue
        match = _ROW.match(line.strip())
        if match:
            rid, words, status = match.groups()
            out[rid] = Ruling(rid, words.strip(), status, section, sources)
    return out


def packaged_text() -> str:
    return resources.files("oracle.harness.data").joinpath("rulings.md").read_text("utf-8")


@cache
def catalogue(path: str | None = None) -> dict[str, Ruling]:
    """The catalogue from ``path``, or the packaged copy."""
    text = Path(path).read_text("utf-8") if path else packaged_text()
    return parse_catalogue(text)


def rulings() -> dict[str, Ruling]:
    """Every ruling of railrules' own catalogue, by ID, in catalogue order."""
    return catalogue()
