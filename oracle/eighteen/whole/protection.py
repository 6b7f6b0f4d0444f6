"""1870's price protection (``WholeGameDef.price_protection``). A player's sale in a
stock round leaves the price where it is for now: when the seller's turn is over, the
president of each company sold, in the order of the sales, may buy the shares sold
from the pool at the price they were sold for, and the price then stays; or he
declines (a ``pass``), and the price drops as the sale makes it. He cannot protect
a company he sold this round, nor without the cash, nor past his certificate limit;
nor his own sale: those drop at once. The president who decides is the one of the
moment of the sale (``Sale.president``): a president's sale that passes the presidency
is his own sale, and the new president may not protect it either, since he takes
control only once the sale is over (the published rules, page 16, as tobymao/18xx
issue #4598 reports them; 18xx.games asks the old president, who cannot). The
presidency stays where the sale put it. Protecting counts as the protector's act: the
turn goes on after him (the players between the seller and him lose their turn), as
18xx.games plays it; otherwise after the seller.

The drop: a row down for each share sold, but at the ledge (1870's cells in zone
``ignore_one_sale``): from a cell whose cell below is on the ledge, one share alone
does not move the price; a second share sold with it moves it down for both."""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.game_round import GameRound, Sale
from oracle.eighteen.model.market import move, price
from oracle.eighteen.model.player_actions import BuyShares, PlayerPass
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole import sequence
from oracle.eighteen.whole.holdings import POOL, cert_limit, certificates, move_units, zone

#: the market zone of the ledge (data/1870.json, letter ``i``)
LEDGE = "ignore_one_sale"
#: the market zone of the closing cells (letter ``c``; closure.py)
CLOSING = "close"

Cell = tuple[int, int]


def drop(market: MarketDef, at: Cell, count: int) -> Cell:
    """The cell after ``count`` shares sold at once from ``at``."""
    held = False
    for _ in range(count):
        if held:
            at, held = move(market, at, "down"), False
        here, below = market.cell(*at), market.cell(at[0] + 1, at[1])
        if here is not None and here.zone != LEDGE and below is not None \
                and below.zone == LEDGE:
            held = True  # one share alone does not push the price over the ledge
        else:
            at = move(market, at, "down")
    return at


def drop_price(rules: TurnContext, state: State, company: Company, count: int) -> Company:
    market = rules.title(state).market
    assert market is not None and company.market is not None
    cell = drop(market, company.market, count)
    return replace(company, market=cell, share_price=price(market, cell))


def next_protector(rules: TurnContext, state: State) -> tuple[State, str | None]:
    """The waiting sales in order: each whose president may not protect it drops the
    price now; the first whose president may is his to decide (his ID), else None with
    every sale dropped. A stock round's and an operating round's sales alike
    (or_protection.py)."""
    game = state.game
    assert game is not None
    while game.protection:
        sale = game.protection[0]
        company = state.company(sale.company)
        assert company is not None
        if company.closed or (zone(rules.title(state).market, company) == CLOSING
                              and sequence.whole_of(rules, state).closes_at_zero):
            # closed, or closing as this action ends (closure.py): nothing to protect
            game = replace(game, protection=game.protection[1:])
            continue
        if may_protect(rules, state, sale.president, sale):
            return replace(state, game=game), sale.president
        state = state.with_company(drop_price(rules, state, company, sale.count))
        game = replace(game, protection=game.protection[1:])
    return replace(state, game=game), None


def offer(rules: TurnContext, state: State, after: str) -> State:
    """The seller's turn is over: each waiting sale goes to its president, or drops
    when he may not protect it; then the turn goes on after ``after``."""
    state, protector = next_protector(rules, state)
    game = state.game
    assert game is not None
    if protector is not None:
        return replace(state, game=replace(game, acting=protector, resume_after=after))
    return replace(state, game=replace(game, resume_after=None,
                                       acting=sequence.next_player(state, after)))


def act(rules: TurnContext, state: State, action: BuyShares | PlayerPass) -> State:
    """The president's answer: buy the shares sold (``buy_shares`` of that company
    from the pool) or let the price drop (``pass``)."""
    game = state.game
    assert game is not None and game.resume_after is not None
    sale = game.protection[0]
    company = state.company(sale.company)
    assert company is not None
    rest = replace(game, protection=game.protection[1:])
    if isinstance(action, PlayerPass):
        state = replace(state.with_company(drop_price(rules, state, company, sale.count)),
                        game=rest)
        return offer(rules, state, game.resume_after)
    if action.company != sale.company or action.source != POOL:
        raise refuse("shares/price_protection", f"{action.player} decides on protecting "
                     f"{sale.company}'s price first: its shares from the pool, or a pass")
    cost = sale.count * sale.price
    company = move_units(company, POOL, action.player, sale.count)
    players = tuple(replace(p, cash=p.cash - cost) if p.id == action.player else p
                    for p in state.players)
    state = replace(state.with_company(company), players=players, bank=state.bank + cost,
                    game=replace(rest, passes=0, last_actor=action.player))
    return bank_cash.settle(offer(rules, state, action.player))


def may_protect(rules: TurnContext, state: State, player_id: str, sale: Sale) -> bool:
    game = state.game
    player = state.player(player_id)
    company = state.company(sale.company)
    if game is None or player is None or company is None or player_id == sale.seller:
        return False
    if (player_id, sale.company) in game.sold or player.cash < sale.count * sale.price:
        return False
    title, whole = rules.title(state), sequence.whole_of(rules, state)
    if zone(title.market, company) in whole.uncounted_zones:
        return True
    return certificates(title, whole, state, player_id) + sale.count \
        <= cert_limit(whole, state)


def waiting(game: GameRound) -> bool:
    """A president is deciding on price protection."""
    return bool(game.protection) and game.resume_after is not None
