"""The 28 places of Stephenson's Rocket and their kinds (SR-TWN-01).

Kinds never change (SR-TWN-06): a starting town stays a starting town after
its locomotive leaves. Each starting town is also the ID of its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

START: Final = "start"
RAILWAY: Final = "railway"
CITY: Final = "city"

INDUSTRIES: Final[tuple[str, ...]] = ("brewing", "leather", "steel", "textiles")


@dataclass(frozen=True, slots=True)
class Place:
    id: str
    name: str
    kind: str
    abbrev: str


def _p(name: str, kind: str, abbrev: str) -> Place:
    return Place(name.lower(), name, kind, abbrev)


#: SR-TWN-01: the three kinds of place, with the two-letter codes boards are drawn with.
PLACES: Final[dict[str, Place]] = {p.id: p for p in (
    _p("Bristol", START, "BR"), _p("Crewe", START, "CR"), _p("Dover", START, "DO"),
    _p("Liverpool", START, "LV"), _p("Norwich", START, "NO"),
    _p("Southampton", START, "SO"), _p("York", START, "YO"),
    _p("Ashford", RAILWAY, "AS"), _p("Aylesbury", RAILWAY, "AY"), _p("Derby", RAILWAY, "DE"),
    _p("Leeds", RAILWAY, "LE"), _p("Lincoln", RAILWAY, "LI"), _p("Oxford", RAILWAY, "OX"),
    _p("Peterborough", RAILWAY, "PE"), _p("Rugby", RAILWAY, "RU"), _p("Swindon", RAILWAY, "SW"),
    _p("Birmingham", CITY, "BI"), _p("Brighton", CITY, "BT"), _p("Cambridge", CITY, "CA"),
    _p("Gloucester", CITY, "GL"), _p("Guildford", CITY, "GU"), _p("Hertford", CITY, "HE"),
    _p("London", CITY, "LO"), _p("Manchester", CITY, "MA"), _p("Northampton", CITY, "NH"),
    _p("Nottingham", CITY, "NT"), _p("Reading", CITY, "RE"), _p("Sheffield", CITY, "SH"),
)}
BY_ABBREV: Final[dict[str, Place]] = {p.abbrev: p for p in PLACES.values()}

#: A line is named by its starting town; its locomotive is drawn with this letter.
LINE_LETTERS: Final[dict[str, str]] = {
    "bristol": "b", "crewe": "c", "dover": "d", "liverpool": "l", "norwich": "n",
    "southampton": "s", "york": "y",
}
LETTER_LINES: Final[dict[str, str]] = {v: k for k, v in LINE_LETTERS.items()}
