"""The CGR's president given a single share at its formation (1856; 18xx.games's
``g_1856``: ``false_national_president``, its ``BuySellParShares`` step), who holds its
president's certificate at half (one share, the CGR's ``finance.owes_share``):

* in the next stock round, on his turn, he must buy a CGR share (from the IPO at its
  par or from the pool at its price; he may sell other shares first to raise the
  money, and nothing else): the price goes to the bank, the share stays where it was,
  and his certificate is whole again (two shares);
* a player holding a CGR share who buys one before him takes the presidency so: he
  pays, the share stays, he takes the whole certificate and hands one of his shares to
  the old president;
* a president who cannot raise the price (his cash and what he may sell) ends the game
  as a bankruptcy does.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model.actions import Action
from oracle.eighteen.model.player_actions import BuyShares, StockSale
from oracle.eighteen.model.state import Company, State, Turn
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole.holdings import IPO, POOL, total, units

#: how the position records a game ended by a president who could not raise it
ENDED = "bankruptcy"


def owing(state: State) -> Company | None:
    """The CGR whose president still owes its second share, if any."""
    return next((c for c in state.companies
                 if c.finance is not None and c.finance.owes_share), None)


def share_price(state: State, company: Company, source: str) -> int:
    return company.par or 0 if source == IPO else company.share_price


def check(state: State, action: Action) -> None:
    """The owing president's turn: a CGR share, or a sale of another company's."""
    national = owing(state)
    game = state.game
    if national is None or game is None or game.acting != national.president:
        return
    if (isinstance(action, BuyShares) and action.company == national.id) or \
            (isinstance(action, StockSale) and action.of != national.id):
        return
    raise refuse("cgr/buys_his_share", f"{national.president} buys a {national.id} share "
                 "first (selling others' to raise the money): his president's "
                 "certificate is whole only then")


def at_turn(rules: TurnContext, state: State) -> State:
    """The owing president to act who cannot raise a CGR share's price ends the game."""
    national = owing(state)
    game = state.game
    if national is None or game is None or game.acting != national.president \
            or state.ended is not None or raises(state, national, sellable(rules, state)):
        return state
    return ended(state)


def sellable(rules: TurnContext, state: State) -> int:
    """What the owing president may raise by selling his other shares: of each company,
    what the pool takes, keeping a president's certificate no one else could take."""
    national = owing(state)
    game = state.game
    whole = rules.title(state).whole
    if national is None or game is None or whole is None or national.president is None:
        return 0
    player, out = national.president, 0
    for company in state.companies:
        held = units(company, player)
        if company.id == national.id or not held or (player, company.id) in game.sold:
            continue
        others = max((units(company, p.id) for p in state.players if p.id != player),
                     default=0)
        keep = 2 if company.president == player and others < 2 else 0
        room = whole.pool_limit * total(company) // 100 - units(company, POOL)
        out += max(0, min(held - keep, room)) * company.share_price
    return out


def takes_up(state: State, national: Company, player_id: str) -> bool:
    """A CGR share bought now makes the certificate whole: its president's, or one of a
    player already holding a CGR share."""
    return player_id == national.president or bool(units(national, player_id))


def buy(state: State, national: Company, player_id: str, price: int) -> State:
    """The CGR share bought (the price to the bank; the share stays where it was): the
    buyer holds the whole certificate, one share more, and is its president (the old
    president keeps one share: the buyer's, swapped for the half certificate)."""
    held = dict(national.shares)
    held[player_id] = held.get(player_id, 0) + 1
    assert national.finance is not None
    company = replace(national, president=player_id, shares=tuple(sorted(held.items())),
                      finance=replace(national.finance, owes_share=False))
    players = tuple(replace(p, cash=p.cash - price) if p.id == player_id else p
                    for p in state.players)
    return replace(state.with_company(company), players=players, bank=state.bank + price)


def raises(state: State, national: Company, sellable: int) -> bool:
    """The owing president can raise a CGR share's price (``sellable``: what he may
    sell of his other shares)."""
    player = state.player(national.president or "")
    prices = [share_price(state, national, s) for s in (IPO, POOL) if units(national, s)]
    return player is not None and bool(prices) and player.cash + sellable >= min(prices)


def ended(state: State) -> State:
    game = replace(state.game, acting=None) if state.game is not None else None
    return replace(state, ended=ENDED, turn=Turn(None, "done"), game=game)
