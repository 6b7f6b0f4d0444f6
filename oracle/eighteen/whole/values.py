"""A player's value, by which a whole game is won: his cash, his shares at the market
price, and his open privates at their face value."""

from __future__ import annotations

from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.whole.holdings import share_value, units


def values(title: TitleData, state: State) -> dict[str, int]:
    privates = {p.id: p.value for p in title.privates}
    out = {}
    for player in state.players:
        worth = player.cash
        worth += sum(units(c, player.id) * share_value(title, c) for c in state.companies)
        worth += sum(privates.get(p.id, 0) for p in state.privates
                     if p.owner == player.id and not p.closed)
        out[player.id] = worth
    return out
