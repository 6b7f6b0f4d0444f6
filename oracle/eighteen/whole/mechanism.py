"""The whole game as a mechanism of the turn (``turn/protocol.py``): while the game is
in the private auction or a stock round it takes every action (a player's; a
company's is refused), and in the operating rounds it refuses a player's auction or
stock-round action and lets the operating turn have the rest. After every action a
company whose price reached a closing cell closes (1870: ``closure.py``)."""

from __future__ import annotations

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.actions import Action
from oracle.eighteen.model.game_round import AUCTION, OPERATING, STOCK
from oracle.eighteen.model.player_actions import (
    PLAYER_ACTIONS,
    Bid,
    BuyBack,
    BuyShares,
    Par,
    PlayerPass,
    Reissue,
    StockSale,
)
from oracle.eighteen.model.state import State
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext
from oracle.eighteen.whole import (
    auction,
    buy_back,
    closure,
    false_president,
    or_protection,
    protection,
    reissue,
    stock,
)


class WholeGame(Mechanism):
    name = "whole_game"

    def side_steps(self) -> dict[str, tuple[Handler, ...]]:
        # the steps a whole game's position stands in outside the operating rounds
        return {AUCTION: (), STOCK: ()}

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        game = state.game
        if or_protection.deciding(game):  # 1870: a sale of the company's turn
            if isinstance(action, (BuyShares, PlayerPass)):
                return or_protection.act(rules, state, action)
            raise refuse("shares/price_protection", "the president decides on price "
                         "protection first: the shares sold, or a pass")
        if game is None or game.kind == OPERATING:
            if isinstance(action, PLAYER_ACTIONS):
                raise refuse("round/not_stock_round",
                             f"a {action.to_json()['type']} is a player's act in the "
                             "private auction or a stock round")
            return None
        if state.ended is not None:
            raise refuse("turn/round_over", "the game is over")
        if not isinstance(action, PLAYER_ACTIONS):
            raise refuse("round/not_operating_round",
                         f"no company operates in the {game.kind} round")
        if state.player(action.player) is None:
            raise MalformedInput("player", f"unknown player {action.player!r}")
        if game.acting != action.player:
            raise refuse("turn/not_acting_player",
                         f"it is {game.acting}'s turn, not {action.player}'s")
        if game.par_due is not None and not isinstance(action, Par):
            raise refuse("shares/par_due", f"{game.par_due}'s par price is to be set first")
        if game.kind == AUCTION:
            return _auction(rules, state, action)
        false_president.check(state, action)  # 1856: the CGR's president owes a share
        return false_president.at_turn(rules, _stock(rules, state, action))

    def after_action(self, rules: RulesContext, state: State) -> State:
        return closure.after_action(rules, state)


def _auction(rules: RulesContext, state: State, action: Action) -> State:
    if isinstance(action, Bid):
        return auction.bid(rules, state, action)
    if isinstance(action, PlayerPass):
        return auction.pass_turn(rules, state, action)
    if isinstance(action, Par) and state.game is not None and state.game.par_due:
        return stock.par(rules, state, action)  # a par price that came with a private
    raise refuse("round/not_stock_round", "the private auction has bids and passes only")


def _stock(rules: RulesContext, state: State, action: Action) -> State:
    if state.game is not None and protection.waiting(state.game):
        if isinstance(action, (BuyShares, PlayerPass)):
            return protection.act(rules, state, action)
        raise refuse("shares/price_protection", "the president decides on price "
                     "protection first: the shares sold, or a pass")
    if isinstance(action, Par):
        return stock.par(rules, state, action)
    if isinstance(action, BuyShares):
        return stock.buy_shares(rules, state, action)
    if isinstance(action, StockSale):
        return stock.sell_shares(rules, state, action)
    if isinstance(action, BuyBack):
        return buy_back.buy_back(rules, state, action)
    if isinstance(action, Reissue):
        return reissue.reissue(rules, state, action)
    if isinstance(action, PlayerPass):
        return stock.pass_turn(rules, state, action)
    raise refuse("round/not_auction", "a bid is an act of the private auction")


WHOLE_GAME = WholeGame()
