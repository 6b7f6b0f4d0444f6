"""The option ``destination_connection``: when an 1870 company is eligible for its
connection run (seed 004 section 11.1; docs/18xx-destinations.md).

* ``train`` (default): as our rulings read seed 004: the company can run a train it
  owns now from its home token to its destination (DS-01), long enough to count every
  stop of the run, home and destination included (DS-06).
* ``track``: the company owns a train and track it may run on joins its home token to
  its destination, however many stops lie between (the length of its trains is not
  counted). 18xx.games checked it so when the game of record 34110 was played (2021:
  its MP, with a 3 and a 4 train, was found connected over five stops); its later
  check walks the track within the longest train's reach.

Under ``track`` the run itself is unchanged (DS-15: one train runs home to
destination) where a train of the company can run it; where none can, the
requirement has nothing to hold to and the company's trains run as in a normal turn
(our reading: the platform's record ends there). The option belongs to titles with
connection runs (1870): another title with a reading other than the default is
malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec

OPTION = "destination_connection"
DEFAULT: str = spec(OPTION).default
TRACK = "track"


def by_track(options: Any) -> bool:
    """Eligibility by track alone (the ``track`` reading)."""
    return str(dict(options).get(OPTION, DEFAULT)) == TRACK


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles with connection runs (MalformedInput otherwise)."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and \
            "connection_dividend" not in title.operating_steps:
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no connection runs")
