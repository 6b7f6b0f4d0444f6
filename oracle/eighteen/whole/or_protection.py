"""1870's price protection of a sale in an operating round (``WholeGameDef.
price_protection``; the stock round's is ``protection.py``). A president who sells
shares to buy his company's train (the emergency purchase, ``mechanisms/emergency.py``)
is paid the current price and the shares go to the pool, but the price waits: when
the company's turn is over, before the connection runs and the next company, the
president of each company sold, in the order of the sales, may buy the shares sold
from the pool at the sale's price (``buy_shares`` ... ``"from": "pool"``: all of them,
and the price stays) or ``pass`` (the price drops as a sale's does, the ledge
included). He cannot protect his own sale, nor without the cash or past his
certificate limit. The rules' price protection covers forced sales too ("when shares
are sold, in a stock round or a forced purchase", as the rules summaries put it);
18xx.games asks at the end of the company's train step, and protecting there
changes no turn order. While a president decides, the position's ``game_round``
names him (``acting``) beside the waiting sales (``protection``); the company's turn
stands where it ended.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.game_round import OPERATING, GameRound, Sale
from oracle.eighteen.model.player_actions import BuyShares, PlayerPass
from oracle.eighteen.model.state import State
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole import protection, sequence
from oracle.eighteen.whole.holdings import POOL, move_units

# ``protection`` by module: it imports ``sequence``, which reaches this module back
# through the operating turn (operating.py, mechanisms/emergency.py)


def waits(rules: TurnContext, state: State) -> bool:
    """A sale in this operating round waits for price protection (1870's whole game)."""
    game = state.game
    if game is None or game.kind != OPERATING or rules.title(state).whole is None:
        return False
    return sequence.whole_of(rules, state).price_protection


def queue(state: State, sale: Sale) -> State:
    """The sale's drop waits for the end of the company's turn."""
    assert state.game is not None
    return replace(state, game=replace(state.game, protection=(*state.game.protection, sale)))


def deciding(game: GameRound | None) -> bool:
    """A president decides on protecting a sale of this operating round."""
    return game is not None and game.kind == OPERATING and bool(game.protection) \
        and game.acting is not None


def at_turn_end(rules: TurnContext, state: State) -> State | None:
    """The company's turn is over: its sales go to their presidents first (None when
    no sale waits)."""
    game = state.game
    if game is None or game.kind != OPERATING or not game.protection:
        return None
    return offer(rules, state)


def offer(rules: TurnContext, state: State) -> State:
    """Each waiting sale goes to its president, or drops when he may not protect it;
    then play goes on after the company whose turn it was."""
    state, protector = protection.next_protector(rules, state)
    game = state.game
    assert game is not None
    if protector is not None:
        return replace(state, game=replace(game, acting=protector))
    state = replace(state, game=replace(game, acting=None))
    finished = state.turn.company
    if rules.connections.applies(rules.title(state)):
        return rules.connections.after_turn(rules, state, finished)
    if finished is None:
        return state
    return rules.next_company(state, finished)


def act(rules: TurnContext, state: State, action: BuyShares | PlayerPass) -> State:
    """The president's answer: the shares sold from the pool at the sale's price, or
    a pass (the price drops)."""
    game = state.game
    assert game is not None
    if action.player != game.acting:
        raise refuse("turn/not_acting_player",
                     f"{game.acting} decides on price protection, not {action.player}")
    sale = game.protection[0]
    company = state.company(sale.company)
    assert company is not None
    rest = replace(game, protection=game.protection[1:])
    if isinstance(action, PlayerPass):
        state = state.with_company(protection.drop_price(rules, state, company, sale.count))
        return offer(rules, replace(state, game=rest))
    if action.company != sale.company or action.source != POOL:
        raise refuse("shares/price_protection", f"{action.player} decides on protecting "
                     f"{sale.company}'s price first: its shares from the pool, or a pass")
    cost = sale.count * sale.price
    company = move_units(company, POOL, action.player, sale.count)
    players = tuple(replace(p, cash=p.cash - cost) if p.id == action.player else p
                    for p in state.players)
    state = replace(state.with_company(company), players=players, bank=state.bank + cost,
                    game=rest)
    return bank_cash.settle(offer(rules, state))
