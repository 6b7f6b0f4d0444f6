"""A player's value, by which a whole game is won: his cash, his shares at the market
price, and his open privates at their face value. Where companies take loans (1856)
each loan a company still has at the end lowers each of its shares by one interest
(18xx.games's 1856 player value; the published rules' end-of-game deduction)."""

from __future__ import annotations

from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.whole.holdings import share_value, units


def values(title: TitleData, state: State) -> dict[str, int]:
    privates = {p.id: p.value for p in title.privates}
    interest = title.whole.loans.interest if title.whole and title.whole.loans else 0
    out = {}
    for player in state.players:
        worth = player.cash
        worth += sum(units(c, player.id) * share_value(title, c) for c in state.companies)
        worth -= sum(units(c, player.id) * interest * c.finance.loans
                     for c in state.companies if c.finance is not None)
        worth += sum(privates.get(p.id, 0) for p in state.privates
                     if p.owner == player.id and not p.closed)
        out[player.id] = worth
    return out
