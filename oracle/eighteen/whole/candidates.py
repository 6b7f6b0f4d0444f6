"""The actions to try for ``legal_actions`` in the auction and the stock rounds (each is
then applied, and only those the rules take are listed)."""

from __future__ import annotations

from oracle.eighteen.model.actions import Action
from oracle.eighteen.model.game_round import AUCTION, STOCK
from oracle.eighteen.model.player_actions import (
    Bid,
    BuyBack,
    BuyShares,
    Par,
    PlayerPass,
    Reissue,
    StockSale,
)
from oracle.eighteen.model.state import State
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import auction, or_protection, sequence, stock
from oracle.eighteen.whole.holdings import IPO, POOL, units


def candidates(rules: TurnContext, state: State) -> list[Action]:
    game = state.game
    if or_protection.deciding(game) and game is not None and game.acting is not None:
        sale = game.protection[0]  # 1870: the president protects a sale of the turn
        return [PlayerPass(game.acting), BuyShares(game.acting, sale.company, POOL)]
    if game is None or game.kind not in (AUCTION, STOCK) or game.acting is None \
            or state.ended is not None:
        return []
    player = game.acting
    if game.par_due is not None:
        return [Par(player, game.par_due, p) for p in sorted(stock.par_cells(rules, state))]
    if game.kind == AUCTION:
        return [PlayerPass(player), *_bids(rules, state, player)]
    return [PlayerPass(player), *_stock(rules, state, player)]


def _bids(rules: TurnContext, state: State, player: str) -> list[Action]:
    game = state.game
    assert game is not None
    cash = state.player(player).cash if state.player(player) else 0  # type: ignore[union-attr]
    step = sequence.whole_of(rules, state).bid_step
    left = auction.unsold(rules, state)
    out: list[Action] = []
    for pdef in left:
        if game.auctioning is not None and pdef.id != game.auctioning:
            continue
        if pdef == left[0] and game.auctioning is None:
            out.append(Bid(player, pdef.id, auction.cheapest_price(state, pdef)))
            continue
        low = auction.min_bid(rules, state, pdef)
        low += -low % step
        power = cash - auction.committed(game, player, besides=pdef.id)
        out += [Bid(player, pdef.id, p) for p in range(low, power + 1, step)]
    return out


def _stock(rules: TurnContext, state: State, player: str) -> list[Action]:
    cash = state.player(player).cash if state.player(player) else 0  # type: ignore[union-attr]
    out: list[Action] = []
    pars = sorted(stock.par_cells(rules, state))
    for company in state.companies:
        if company.par is None and company.president is None:
            out += [Par(player, company.id, p) for p in pars if 2 * p <= cash]
            continue
        out += [BuyShares(player, company.id, source) for source in (IPO, POOL)
                if units(company, source)]
        out += [StockSale(player, company.id, n)
                for n in range(1, units(company, player) + 1)]
        whole = sequence.whole_of(rules, state)
        if company.president == player and whole.buy_back_below:
            out += [BuyBack(player, company.id, source)
                    for source in (POOL, *(p.id for p in state.players))]
        if company.president == player and whole.reissue_percent:
            out.append(Reissue(player, company.id))
    return out
