"""Share-price movement on a title's stock market (``records.MarketDef``).

The movement is the common 2D rule (1830's printed rule, and 1870's): a move right
that finds no space goes up instead; a move left that finds no space goes down
instead; with neither, the price stays. A one-row market only moves along the row.
Which move a dividend makes is the title's (``DividendRule``).
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.eighteen.records import MarketDef

Cell = tuple[int, int]  # (row, column); row 0 at the top

_STEPS = {"right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0)}
_FALLBACK = {"right": "up", "left": "down", "up": "", "down": ""}


def move(market: MarketDef, at: Cell, direction: str) -> Cell:
    """The cell after one move ``direction`` (``right``, ``left``, ``up``, ``down``)."""
    while direction:
        dr, dc = _STEPS[direction]
        there = (at[0] + dr, at[1] + dc)
        if market.cell(*there) is not None:
            return there
        direction = _FALLBACK[direction]
    return at


def price(market: MarketDef, at: Cell) -> int:
    cell = market.cell(*at)
    if cell is None:
        raise ValueError(f"{at} is off the market")
    return cell.price


@dataclass(frozen=True, slots=True)
class DividendRule:
    """What a title allows in the dividend step and how each choice moves the price.

    Defaults: full payout moves right, withholding (or no revenue) moves left, no
    half dividend (1830). 1870 allows ``half``, which leaves the price where it is
    (as tobymao's 1870 dividend step has it; research/18xx-engines.md)."""

    kinds: tuple[str, ...] = ("payout", "withhold")
    payout: str = "right"
    withhold: str = "left"
    half: str = ""
    zero: str = "left"

    def direction(self, kind: str, revenue: int) -> str:
        if revenue == 0:
            return self.zero
        return {"payout": self.payout, "withhold": self.withhold, "half": self.half}[kind]


RULE_1830 = DividendRule()
RULE_1870 = DividendRule(kinds=("payout", "half", "withhold"))
