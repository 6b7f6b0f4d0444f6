"""The market ledge, under the option ``ledge_move`` (1870).

1870's market has a ledge: the cells of its lower right part (zone ``ignore_one_sale``
in ``data/1870.json``, letter ``i``; tobymao calls it the soft ledge) lie one step
lower than the cells to their left: a ledge cell has the price of the cell above and
to its left. A right move from the last cell before the ledge, to a ledge cell, is
read two ways (docs/18xx.md, "The market ledge"):

* ``right`` (default): the rules' movement: a payout moves the price one cell right,
  onto the ledge (row 6: 72 -> 76 on the ledge, [6, 8] -> [6, 9]).
* ``up``: the printed market arrows, as the recording engine (tobymao) moves it: the
  move goes up instead, to the cell of the same price above the ledge ([6, 8] ->
  [5, 8]); from a cell on the ledge a right move goes right as usual (real-turns
  note R2).

Both readings give the same price for that move; the cell differs, and with it the
later moves (on the ledge a share sale is ignored once: the zone's name). The option
belongs to titles whose market has a ledge (1870): another title with a reading
other than the default is malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec as option_spec

OPTION = "ledge_move"
#: default and readings as options.py declares them
DEFAULT: str = option_spec(OPTION).default
READINGS: tuple[str, ...] = option_spec(OPTION).choices
#: the market zone of the ledge cells (data/1870.json, letter "i")
LEDGE_ZONE = "ignore_one_sale"

Cell = tuple[int, int]


def reading(options: Any) -> str:
    value = dict(options).get(OPTION, DEFAULT)
    return value if value in READINGS else DEFAULT


def on_ledge(market: MarketDef, at: Cell) -> bool:
    cell = market.cell(*at)
    return cell is not None and cell.zone == LEDGE_ZONE


def has_ledge(market: Any) -> bool:
    return isinstance(market, MarketDef) and any(
        c is not None and c.zone == LEDGE_ZONE for row in market.rows for c in row)


def direction(market: MarketDef, at: Cell, move: str, options: Any) -> str:
    """The move a ``move`` from ``at`` makes: under ``up``, a right move from off the
    ledge onto it goes up instead; otherwise ``move`` itself."""
    if move != "right" or reading(options) != "up" or on_ledge(market, at):
        return move
    if on_ledge(market, (at[0], at[1] + 1)) and market.cell(at[0] - 1, at[1]) is not None:
        return "up"
    return move


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles whose market has a ledge (MalformedInput naming the
    field otherwise)."""
    if reading(options) != DEFAULT and not has_ledge(getattr(title, "market", None)):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id}'s market has no ledge")
