"""The rulings catalogue, read from the copy shipped as package data.

The package never reads ../shared at run time; ``data/rulings.md`` is a copy,
and a test checks it still matches the shared catalogue when that is present.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    text: str
    status: str
    section: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "text": self.text, "status": self.status, "source": self.section}


_ROW = re.compile(r"^\|\s*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*\|(.*)\|\s*([a-z]+)\s*\|\s*$")


def parse_catalogue(text: str) -> dict[str, Ruling]:
    """Every table row ``| ID | ruling | status |``, with the heading it sits under."""
    section = ""
    out: dict[str, Ruling] = {}
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        match = _ROW.match(line.strip())
        if match:
            rid, words, status = match.groups()
            out[rid] = Ruling(rid, words.strip(), status, section)
    return out


def packaged_text() -> str:
    return resources.files("oracle.harness.data").joinpath("rulings.md").read_text("utf-8")


@cache
def catalogue(path: str | None = None) -> dict[str, Ruling]:
    """The catalogue from ``path``, or the packaged copy."""
    text = Path(path).read_text("utf-8") if path else packaged_text()
    return parse_catalogue(text)
