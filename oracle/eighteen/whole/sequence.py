"""The order of a whole game's rounds: the private auction, then stock rounds, each
followed by a set of operating rounds whose count the phase in force when the set
begins gives (1830: one in phase 2, two in phases 3 and 4, three from phase 5). The
game ends when a player goes bankrupt (at once: ``emergency.py``) or at the end of the
set of operating rounds in which the bank broke (``bank.py``)."""

from __future__ import annotations

from dataclasses import replace

# the module, not its names: operating.py imports the mechanisms that import this
from oracle.eighteen import operating, private_sale
from oracle.eighteen.model.game_round import AUCTION, OPERATING, STOCK, GameRound
from oracle.eighteen.model.market import move, price
from oracle.eighteen.model.state import Company, State, Turn
from oracle.eighteen.model.whole_def import WholeGameDef
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import capital, false_president
from oracle.eighteen.whole.holdings import IPO, floated, total, units

#: how the position records a game ended by the broken bank
BANK_BROKEN = "bank"


def whole_of(rules: TurnContext, state: State) -> WholeGameDef:
    whole = rules.title(state).whole
    assert whole is not None, "a whole game's position of a title without whole-game data"
    return whole


def next_player(state: State, player: str) -> str:
    """The player after ``player`` in seating order."""
    order = [p.id for p in state.players]
    return order[(order.index(player) + 1) % len(order)]


def start_stock_round(state: State, number: int, priority: str) -> State:
    game = GameRound(STOCK, number, priority, acting=priority)
    return replace(state, game=game, turn=Turn(None, STOCK), round=None)


def end_stock_round(rules: TurnContext, state: State) -> State:
    """Every player passed in a row: the companies whose shares players hold all move
    up; the priority deal goes to the player after the last to act; the operating
    rounds begin."""
    game = state.game
    assert game is not None
    market, whole = rules.title(state).market, whole_of(rules, state)
    # in the order they rank, so companies that share a cell keep their order there
    ids = tuple(c.id for c in state.companies)
    ranked = [state.company(c) for c in operating.rank(state, ids)]
    if market is not None:
        for company in (c for c in ranked if c is not None):
            if (company.market is not None and company.par is not None
                    and _held(state, company, whole.sold_out_with_own_shares)
                    == total(company)):
                cell = move(market, company.market, "up")
                state = state.with_company(replace(company, market=cell,
                                                   share_price=price(market, cell)))
    priority = next_player(state, game.last_actor) if game.last_actor else game.priority
    state = replace(state, game=GameRound(OPERATING, game.stock_round, priority))
    return start_operating(rules, state)


def _held(state: State, company: Company, own_shares: bool) -> int:
    """The units held for the sold-out rise: the players' (none in the IPO or the
    pool), with the company's own bought-back shares where the title counts them."""
    held = sum(units(company, p.id) for p in state.players)
    return held + (units(company, "treasury") if own_shares else 0)


def start_operating(rules: TurnContext, state: State) -> State:
    """A set of operating rounds begins: its count is the phase's; the privates pay;
    the floated companies operate by share price."""
    title = rules.title(state)
    whole = whole_of(rules, state)
    count = whole.operating_rounds.get(state.phase, 1)
    if whole.float_by_phase:  # 1856: the percentage the phase asks, once (capital.py)
        running = tuple(c.id for c in state.companies if capital.operates(whole, state, c))
        state = capital.start(whole, state, running)
    else:
        running = tuple(c.id for c in state.companies if floated(title, c))
    state = replace(state, operating_order=running, round=(1, count))
    return begin_round(rules, state)


def begin_round(rules: TurnContext, state: State) -> State:
    """Operating round k of the set: the privates pay, the companies are ranked again,
    the first operates. Without a floated company the round is only the privates'."""
    state = clear_round_marks(private_sale.pay_revenue(rules, state))
    order = operating.operating_order(state) if state.operating_order else ()
    if not order:
        return after_set_round(rules, replace(state, turn=Turn(None, "done")))
    first = order[0]
    return replace(state, operating_order=order, turn=Turn(first, rules.first_step(state, first)))


def clear_round_marks(state: State) -> State:
    """An operating round begins: the last round's loan marks go (1856, loans.py)."""
    if state.game is not None and state.game.loan_marks:
        return replace(state, game=replace(state.game, loan_marks=()))
    return state


def after_set_round(rules: TurnContext, state: State) -> State:
    """A round of the set is over with no company to operate: the next, or the set's end."""
    assert state.round is not None
    if state.round[0] < state.round[1]:
        return begin_round(rules, replace(state, round=(state.round[0] + 1, state.round[1])))
    return after_set(rules, state)


def after_set(rules: TurnContext, state: State) -> State:
    """The set of operating rounds is over: the game ends if the bank broke, else the
    next stock round."""
    assert state.game is not None
    if state.bank_broken:
        return replace(state, ended=BANK_BROKEN, turn=Turn(None, "done"))
    state = start_stock_round(state, state.game.stock_round + 1, state.game.priority)
    return false_president.at_turn(rules, state)  # 1856: the CGR's president owes a share


def new_game(title_depot: tuple[tuple[str, int | None], ...], state: State) -> State:
    """A new whole game: every share in the IPO, the trains in the depot, the private
    auction led by the first player."""
    first = state.players[0].id
    companies = tuple(replace(c, shares=((IPO, 10),)) for c in state.companies)
    return replace(state, companies=companies, depot=title_depot, market_order=(),
                   game=GameRound(AUCTION, 0, first, acting=first),
                   turn=Turn(None, AUCTION))
