"""Whether a destination token fills a slot, under the option ``destination_token_slot``.

1870's destination token (seed 004 section 11.4.1; DS-12) is placed whatever the free
slots. The sources differ on what it does once it is there (docs/18xx-destinations.md):

* ``uses_spot`` (default): seed 004 speaks of the token "using up the spot" of an
  unstarted company: it takes a free slot like any station token. A city it fills is
  full for other companies' tokens and, full of other companies' tokens, blocks their
  routes. Only the unstarted company whose home it is may still put its home token
  there (DS-12: ``Rules.check_city`` with ``home``).
* ``extra``: tobymao puts the destination token in an extra slot of the city: it never
  counts against the city's slots, so it never makes the city full for tokens and never
  blocks another company's route (real-positions ``*.tmblock.json``, real-turns note R1).

Under both readings the token is its owner's station token (its routes start there,
DS-14, and it doubles the destination, DS-17). The option belongs to titles with
destinations (1870): another title with a reading other than the default is malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.mechanisms.destinations import destination_tokens
from oracle.eighteen.model.state import State, Token
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec as option_spec

OPTION = "destination_token_slot"
#: default and readings as options.py declares them
DEFAULT: str = option_spec(OPTION).default
READINGS: tuple[str, ...] = option_spec(OPTION).choices
EXTRA = "extra"


def reading(options: Any) -> str:
    value = dict(options).get(OPTION, DEFAULT)
    return value if value in READINGS else DEFAULT


def extra_slot(options: Any) -> bool:
    """Destination tokens sit in an extra slot (the ``extra`` reading)."""
    return reading(options) == EXTRA


def outside_slots(title: TitleData, state: State) -> frozenset[Token]:
    """The tokens that take no slot of their city and block no one: the destination
    tokens under ``extra`` (DS-12, option), none under ``uses_spot``."""
    if not extra_slot(state.options):
        return frozenset()
    return destination_tokens(title, state)


def has_destination_tokens(title: TitleData) -> bool:
    """Titles whose turn has the connection run, where destination tokens are placed
    (1870; 1856's charters name destinations too, but place no destination token)."""
    return "connection_token" in title.operating_steps


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles with destination tokens (MalformedInput naming the
    field otherwise)."""
    if reading(options) != DEFAULT and not has_destination_tokens(title):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no destination tokens")
