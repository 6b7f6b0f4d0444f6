"""The private auction (1830's published rules; a title's numbers in
``WholeGameDef``). In seating order from the first player, each player in turn:

* buys the cheapest private left at its price (a ``bid`` of exactly that price),
* bids on another: a multiple of the bid step, at least the step above its face
  value and above its highest bid, within his cash less his other open bids,
* or passes.

Once the cheapest private is bought, the next one is settled if it has bids: one
bidder buys it at his bid; several auction it among themselves, the lowest bidder
acting first, until all but one have passed. Then the next, and so on; after that the
turn goes to the player after the one who bought the cheapest. When every player
passes in a row: while the discounted private (1830's Schuylkill Valley) is unsold
its price falls by the step (at nothing, the next player takes it); once it is sold,
the privates pay their revenue as in an operating round and the auction goes on. When
every private is sold the buyer of one that brings a president's certificate sets its
par price, and the first stock round begins with the player after the one who bought
the last private.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen import private_sale
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.game_round import Bid as OpenBid
from oracle.eighteen.model.game_round import GameRound
from oracle.eighteen.model.player_actions import Bid, PlayerPass
from oracle.eighteen.model.privates import PrivateDef
from oracle.eighteen.model.state import Player, State
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole import first_priority
from oracle.eighteen.whole.holdings import IPO, move_units
from oracle.eighteen.whole.sequence import next_player, start_stock_round, whole_of


def unsold(rules: TurnContext, state: State) -> list[PrivateDef]:
    """The privates still in the bank, cheapest first."""
    defs = rules.private_defs(state)
    left = [defs[p.id] for p in state.privates
            if p.owner is None and not p.closed and p.id in defs]
    return sorted(left, key=lambda d: d.value)


def cheapest_price(state: State, pdef: PrivateDef) -> int:
    assert state.game is not None
    return max(0, pdef.value - state.game.discount)


def committed(game: GameRound, player: str, besides: str = "") -> int:
    """The player's open bids, but the one on ``besides``."""
    return sum(b.price for b in game.bids if b.player == player and b.private != besides)


def min_bid(rules: TurnContext, state: State, pdef: PrivateDef) -> int:
    assert state.game is not None
    whole = whole_of(rules, state)
    bids = [b.price for b in state.game.bids if b.private == pdef.id]
    return max(pdef.value + whole.first_bid_over, max(bids, default=0) + whole.bid_step)


def bid(rules: TurnContext, state: State, action: Bid) -> State:
    game = state.game
    assert game is not None
    defs = rules.private_defs(state)
    if action.private not in defs:
        raise MalformedInput("private", f"{state.title} has no private {action.private!r}")
    left = unsold(rules, state)
    pdef = defs[action.private]
    if pdef not in left:
        raise refuse("auction/not_for_sale", f"{action.private} is no longer for sale")
    player = _player(state, action.player)
    if game.auctioning is not None and action.private != game.auctioning:
        raise refuse("auction/bidders_only",
                     f"the bidders on {game.auctioning} are auctioning it now")
    if pdef == left[0] and game.auctioning is None:
        price = cheapest_price(state, pdef)
        if action.price != price:
            raise refuse("auction/cheapest_price",
                         f"{pdef.id} is the cheapest private: it is bought at {price}")
        _check_cash(game, player, action.price, pdef.id)
        state = buy(rules, state, player.id, pdef, price)
        return settle(rules, replace(state, game=replace(_game(state), passes=0)), player.id)
    whole = whole_of(rules, state)
    low = min_bid(rules, state, pdef)
    if action.price < low:
        raise refuse("auction/bid_too_low", f"a bid on {pdef.id} is at least {low}")
    if action.price % whole.bid_step:
        raise refuse("auction/bid_step", f"a bid is a multiple of {whole.bid_step}")
    _check_cash(game, player, action.price, pdef.id)
    bids = tuple(b for b in game.bids if not (b.player == player.id and b.private == pdef.id))
    game = replace(game, bids=tuple(sorted((*bids, OpenBid(pdef.id, player.id, action.price)))))
    if game.auctioning is not None:
        return replace(state, game=replace(game, acting=_lowest_bidder(game, pdef.id)))
    return replace(state, game=replace(game, passes=0, acting=next_player(state, player.id)))


def pass_turn(rules: TurnContext, state: State, action: PlayerPass) -> State:
    game = state.game
    assert game is not None
    if game.auctioning is not None:  # the passer gives up his bid on it
        bids = tuple(b for b in game.bids
                     if not (b.private == game.auctioning and b.player == action.player))
        state = replace(state, game=replace(game, bids=bids))
        return settle(rules, state, game.resume_after or action.player)
    game = replace(game, passes=game.passes + 1, acting=next_player(state, action.player))
    if game.passes < len(state.players):
        return replace(state, game=game)
    game = replace(game, passes=0)
    left = unsold(rules, state)
    whole = whole_of(rules, state)
    if left and left[0].id == whole.discounted:
        game = replace(game, discount=game.discount + whole.bid_step)
        state = replace(state, game=game)
        if cheapest_price(state, left[0]) > 0:
            return state
        taker = game.acting  # at nothing, the next player must take it
        assert taker is not None
        state = buy(rules, state, taker, left[0], 0)
        return settle(rules, state, taker)
    return private_sale.pay_revenue(rules, replace(state, game=game))


def buy(rules: TurnContext, state: State, player_id: str, pdef: PrivateDef,
        price: int) -> State:
    """The player buys the private from the bank, with any certificate it brings."""
    players = tuple(replace(p, cash=p.cash - price) if p.id == player_id else p
                    for p in state.players)
    pstate = state.private(pdef.id)
    assert pstate is not None
    state = replace(state, players=players, bank=state.bank + price)
    state = state.with_private(replace(pstate, owner=player_id))
    game = state.game
    assert game is not None
    bids = tuple(b for b in game.bids if b.private != pdef.id)
    state = replace(state, game=replace(game, bids=bids, last_actor=player_id))
    for cert in whole_of(rules, state).private_certificates:
        if cert.private != pdef.id:
            continue
        company = state.company(cert.company)
        assert company is not None
        company = move_units(company, IPO, player_id, cert.units)
        if cert.president:
            company = replace(company, president=player_id)
            state = replace(state, game=replace(_game(state), par_due=company.id))
        state = state.with_company(company)
        if cert.closes_private:
            state = state.with_private(replace(pstate, owner=player_id, closed=True))
    return bank_cash.settle(state)


def settle(rules: TurnContext, state: State, after: str) -> State:
    """Settle the privates after the cheapest, in order, while they have bids; then
    the turn goes to the player after ``after``, or the auction ends. A par price due
    at once (``par_at_once``) interrupts it: its player sets it, then ``resume``."""
    game = state.game
    assert game is not None
    at_once = whole_of(rules, state).par_at_once
    for pdef in unsold(rules, state):
        if at_once and game.par_due is not None:
            break
        bids = [b for b in game.bids if b.private == pdef.id]
        if len(bids) > 1:
            return replace(state, game=replace(game, auctioning=pdef.id, resume_after=after,
                                               acting=_lowest_bidder(game, pdef.id)))
        if not bids:
            break
        state = buy(rules, state, bids[0].player, pdef, bids[0].price)
        game = state.game
        assert game is not None
    if at_once and game.par_due is not None:
        company = state.company(game.par_due)
        assert company is not None and company.president is not None
        return replace(state, game=replace(game, auctioning=None, resume_after=after,
                                           acting=company.president))
    game = replace(game, auctioning=None, resume_after=None, acting=next_player(state, after))
    state = replace(state, game=game)
    if unsold(rules, state):
        return state
    return end_auction(state, after)


def resume(rules: TurnContext, state: State) -> State:
    """A par price due at once is set: the auction goes on where it stopped."""
    game = state.game
    assert game is not None and game.resume_after is not None
    return settle(rules, state, game.resume_after)


def end_auction(state: State, after: str) -> State:
    """Every private is sold: a president's certificate's par price first, then the
    first stock round, led by the player after the last private's buyer (or, with the
    option ``first_priority`` at ``next_in_turn``, the player next in the auction's
    turn order: after ``after``, whose act ended it)."""
    game = state.game
    assert game is not None and game.last_actor is not None
    last = after if first_priority.next_in_turn(state.options) else game.last_actor
    priority = next_player(state, last)
    if game.par_due is not None:
        company = state.company(game.par_due)
        assert company is not None and company.president is not None
        return replace(state, game=replace(game, acting=company.president, priority=priority))
    return start_stock_round(state, 1, priority)


def _game(state: State) -> GameRound:
    assert state.game is not None
    return state.game


def _lowest_bidder(game: GameRound, private: str) -> str:
    return min((b for b in game.bids if b.private == private), key=lambda b: b.price).player


def _player(state: State, player_id: str) -> Player:
    player = state.player(player_id)
    if player is None:
        raise MalformedInput("player", f"unknown player {player_id!r}")
    return player  # the mechanism checked he is the one to act (whole/mechanism.py)


def _check_cash(game: GameRound, player: Player, price: int, private: str) -> None:
    power = player.cash - committed(game, player.id, besides=private)
    if price > power:
        raise refuse("money/insufficient",
                     f"{player.id} has {power} not committed to other bids, needs {price}")
