"""Share-price movement on a title's stock market (``records.MarketDef``).

The movement is the common 2D rule (1830's printed rule, and 1870's): a move right
that finds no space goes up instead; a move left that finds no space goes down
instead; with neither, the price stays. A one-row market only moves along the row.
Which move a dividend makes is the title's (``DividendRule``).
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.eighteen.model.records import MarketDef

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
    (as tobymao's 1870 dividend step has it; research/18xx-engines.md).

    ``to_treasury``: the share holders whose dividends the company's treasury
    receives (the rest of what the ``ipo`` and ``pool`` earn stays with the bank).
    1830 and the titles built on it: the pool's shares; 1870: the unissued (``ipo``)
    shares; 1825: none (18xx Rules Difference List 8.2; tobymao's dividend step
    agrees: the share pool, 1870 the corporation itself, 1825 nothing).

    ``scaled``: the price moves right by the size of the total dividend against the
    share price, as 1825 prints it (Rules Difference List 8.1; tobymao's 1825
    dividend step): not at all up to half the price, one place above half, two to
    four places at two to four times the price or more."""

    kinds: tuple[str, ...] = ("payout", "withhold")
    payout: str = "right"
    withhold: str = "left"
    half: str = ""
    zero: str = "left"
    to_treasury: frozenset[str] = frozenset({"pool"})
    scaled: bool = False
    #: the move of a company that has no train and so runs nothing: it pays nothing
    #: and its price falls as a withhold's does (1830: a 1987 clarification, a
    #: trainless company's stock continues to fall; issue 30 item 2, real-turns D3)
    no_trains: str = "left"

    def direction(self, kind: str, revenue: int) -> str:
        if revenue == 0:
            return self.zero
        return {"payout": self.payout, "withhold": self.withhold, "half": self.half}[kind]

    def moves(self, kind: str, revenue: int, share_price: int | None) -> tuple[str, ...]:
        """The price moves, in order, for a dividend of ``kind`` on ``revenue``."""
        direction = self.direction(kind, revenue)
        if not direction:
            return ()
        if self.scaled and kind == "payout" and revenue and share_price:
            return (direction,) * scaled_steps(revenue, share_price)
        return (direction,)


def scaled_steps(dividend: int, share_price: int) -> int:
    """1825's right moves for a total dividend: 0 up to half the price, 1 above it,
    then one per whole multiple of the price from two, at most 4."""
    if 2 * dividend <= share_price:
        return 0
    return max(1, min(4, dividend // share_price))


RULE_1830 = DividendRule()
#: 1870: the IPO's shares and those the company bought back (``treasury``) pay it
RULE_1870 = DividendRule(kinds=("payout", "half", "withhold"),
                         to_treasury=frozenset({"ipo", "treasury"}))
RULE_1825 = DividendRule(to_treasury=frozenset(), scaled=True)
