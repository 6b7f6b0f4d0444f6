"""A company buying back its own shares (1870; ``WholeGameDef.buy_back_below``). In a
stock round, as the first and only act of his turn, a president may have his company
buy one of its own shares at the share price, paid from its treasury: once a round
for each company, once it has operated, and only while the shares in its IPO and its
own holding together are fewer than ``buy_back_below`` (1870: 4). The share comes
from the pool (the money to the bank) while the pool has one; otherwise from a
player holding a 10% share of it (the money to him), the president only while he
stays president (he holds more than any other player after it). The price does not
move. The share is the company's own (holder ``treasury``): no player may buy it; its
dividends go to the company (``RULE_1870``). The president's turn is then over.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.player_actions import BuyBack
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import RulesContext
from oracle.eighteen.whole import sequence
from oracle.eighteen.whole.holdings import (
    IPO,
    POOL,
    PRESIDENT_UNITS,
    floated,
    move_units,
    share_value,
    units,
)

#: the holder of a company's own shares bought back
TREASURY = "treasury"


def buy_back(rules: RulesContext, state: State, action: BuyBack) -> State:
    game = state.game
    assert game is not None
    below = sequence.whole_of(rules, state).buy_back_below
    company = state.company(action.company)
    if company is None or not below:
        raise refuse("shares/no_buy_back", f"no company buys back its shares in {state.title}")
    if company.president != action.player:
        raise refuse("shares/not_president", f"{action.player} is not {company.id}'s president")
    if game.bought or game.sold_this_turn:
        raise refuse("shares/buy_back_turn", "a company's buy-back is its president's "
                     "only act of the turn")
    if company.first_round or not floated(rules.title(state), company):
        raise refuse("shares/not_operated", f"{company.id} has not operated yet")
    if company.id in game.bought_back:
        raise refuse("shares/bought_back", f"{company.id} bought back a share this round")
    if units(company, IPO) + units(company, TREASURY) >= below:
        raise refuse("shares/buy_back_limit", f"{company.id} has {below} or more shares "
                     "in its IPO and its own hands")
    _check_source(state, company, action.source)
    cost = share_value(rules.title(state), company)
    if company.treasury < cost:
        raise refuse("money/insufficient", f"{company.id} has {company.treasury}, needs {cost}")
    company = replace(move_units(company, action.source, TREASURY, 1),
                      treasury=company.treasury - cost)
    if action.source != POOL:  # the player is paid; the bank below gets nothing
        players = tuple(replace(p, cash=p.cash + cost) if p.id == action.source else p
                        for p in state.players)
        state = replace(state, players=players, bank=state.bank - cost)
    game = replace(game, passes=0, last_actor=action.player, bought=(), sold_this_turn=False,
                   bought_back=tuple(sorted({*game.bought_back, company.id})),
                   acting=sequence.next_player(state, action.player))
    state = replace(state.with_company(company), bank=state.bank + cost, game=game)
    return bank_cash.settle(state)


def _check_source(state: State, company: Company, source: str) -> None:
    """The pool's share while it has one; else a player's 10% share, the president's
    only while he stays president."""
    if units(company, POOL):
        if source != POOL:
            raise refuse("shares/buy_back_source", f"the pool has a {company.id} share: "
                         "the buy-back takes it")
        return
    if source == POOL:
        raise refuse("shares/none_available", f"no {company.id} share in the pool")
    if state.player(source) is None:
        raise MalformedInput("from", f"unknown player {source!r}")
    held = units(company, source)
    own = held - PRESIDENT_UNITS if company.president == source else held
    others = max((units(company, p.id) for p in state.players if p.id != source), default=0)
    if own < 1 or (company.president == source and held - 1 <= others):
        raise refuse("shares/buy_back_source", f"{source} has no {company.id} share the "
                     "company may buy back")
