"""A stock round (1830's published rules; a title's numbers in ``WholeGameDef``). In
turn from the priority deal, each player may sell shares, buy one share (or start a
company by buying its president's certificate at a par price of his choice), sell
again, and then pass; a turn without a purchase or a sale is a pass, and the round
ends when every player has passed in a row.

* No share is sold in the first stock round; the pool holds at most half a company;
  each share sold moves the price down a row; the president's certificate never goes
  to the pool (a president sells below two shares only when another player then
  takes the presidency).
* A player does not buy shares of a company he sold in this round, nor more than 60%
  of one (but in the zones that lift it), nor beyond the certificate limit.
* IPO shares sell at par, pool shares at the market price; the money goes to the
  bank. A company floats when 60% is sold from the IPO and then receives ten times
  its par price from the bank (full capitalisation).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.game_round import AUCTION, Sale
from oracle.eighteen.model.market import move, price
from oracle.eighteen.model.player_actions import BuyShares, Par, PlayerPass, StockSale
from oracle.eighteen.model.state import Company, Player, State
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole import (
    auction,
    brown_ipo,
    capital,
    false_president,
    protection,
    sequence,
)
from oracle.eighteen.whole.holdings import (
    IPO,
    POOL,
    PRESIDENT_UNITS,
    UNITS,
    cert_limit,
    certificates,
    floated,
    move_units,
    percent,
    president_after,
    total,
    units,
    zone,
)


def par_cells(rules: TurnContext, state: State) -> dict[int, tuple[int, int]]:
    """Par price -> its cell on the market."""
    market = rules.title(state).market
    assert market is not None
    return {cell.price: (r, c) for r, row in enumerate(market.rows)
            for c, cell in enumerate(row) if cell is not None and cell.zone == "par"}


def par(rules: TurnContext, state: State, action: Par) -> State:
    game = state.game
    assert game is not None
    company = _company(state, action.company)
    cell = par_cells(rules, state).get(action.price)
    if cell is None:
        raise refuse("shares/not_a_par_price", f"{action.price} is not a par price")
    if game.par_due is not None:  # the certificate came with a private: the price only
        if action.company != game.par_due:
            raise refuse("shares/par_due", f"{game.par_due}'s par price is to be set first")
        state = _float(rules, state, replace(company, par=action.price, market=cell,
                                             share_price=action.price))
        if game.kind == AUCTION and game.resume_after is not None:  # set at once
            state = replace(state, game=replace(game, par_due=None))
            return auction.resume(rules, state)
        return sequence.start_stock_round(state, 1, game.priority)
    if company.par is not None or company.president is not None:
        raise refuse("shares/already_started", f"{company.id} already has a president")
    _may_buy(rules, state, action.player, company)
    cost = PRESIDENT_UNITS * action.price
    player = _pay(state, action.player, cost)
    # 1856: the phase says how the company is capitalised, and who gets the money
    company = capital.at_par(sequence.whole_of(rules, state), state, company)
    company, to_bank = capital.ipo_payment(company, cost)
    company = replace(move_units(company, IPO, player.id, PRESIDENT_UNITS),
                      president=player.id, par=action.price, market=cell,
                      share_price=action.price)
    state = replace(pay_out(state.with_company(company), player.id, cost),
                    bank=state.bank + to_bank)
    return _bought(rules, state, player.id, company.id)


def buy_shares(rules: TurnContext, state: State, action: BuyShares) -> State:
    company = _company(state, action.company)
    par_price = company.par
    if par_price is None:
        raise refuse("shares/not_started", f"{company.id} has no par price yet")
    if not units(company, action.source):
        raise refuse("shares/none_available", f"no {company.id} share in the {action.source}")
    _may_buy(rules, state, action.player, company, action.source)
    title = rules.title(state)
    cost = par_price if action.source == IPO else _market_price(rules, state, company)
    player = _pay(state, action.player, cost)
    if company.finance is not None and company.finance.owes_share and \
            false_president.takes_up(state, company, player.id):  # 1856's CGR
        bought = false_president.buy(state, company, player.id, cost)
        return bank_cash.settle(_bought(rules, bought, player.id, company.id))
    was_floated = floated(title, company)
    to_bank = cost
    if action.source == IPO:  # 1856: an escrow or incremental company's own money
        company, to_bank = capital.ipo_payment(company, cost)
    company = move_units(company, action.source, player.id, 1)
    company = replace(company, president=president_after(state, company))
    if not was_floated:
        state = _float(rules, state, company)
        company = state.company(company.id) or company
    state = replace(pay_out(state.with_company(company), player.id, cost),
                    bank=state.bank + to_bank)
    return bank_cash.settle(_bought(rules, state, player.id, company.id))


def _float(rules: TurnContext, state: State, company: Company) -> State:
    """The company as it now stands; if that floats it, with ten times its par price
    from the bank (a president's certificate that came with a private may float it
    by itself: 1870's SLSF floats at 20%)."""
    if company.par is None or not floated(rules.title(state), company) \
            or not capital.full_capital(company):
        return state.with_company(company)
    money = sequence.whole_of(rules, state).capital_shares * company.par
    company = replace(company, treasury=company.treasury + money,
                      first_round=_marks_first_round(rules, state))
    return replace(state.with_company(company), bank=state.bank - money)


def _marks_first_round(rules: TurnContext, state: State) -> bool:
    """A new company's first operating round matters where a private's power depends
    on it (1870's MRBC home lay: private_variants.py); elsewhere it is not marked."""
    return any(p.tile is not None and p.tile.home_lay_for for p in rules.title(state).privates)


def sell_shares(rules: TurnContext, state: State, action: StockSale) -> State:
    game = state.game
    assert game is not None
    whole = sequence.whole_of(rules, state)
    if whole.no_sales_in_first_round and game.stock_round <= 1:
        raise refuse("shares/first_round", "no share is sold in the first stock round")
    company = _company(state, action.of)
    held = units(company, action.player)
    if company.par is None or held < action.count:
        raise refuse("shares/not_held", f"{action.player} holds {held} {company.id} shares")
    if units(company, POOL) + action.count > whole.pool_limit * total(company) // 100:
        raise refuse("shares/pool_limit", f"the pool holds at most {whole.pool_limit}% "
                     f"of {company.id}")
    if company.president == action.player and held - action.count < PRESIDENT_UNITS:
        others = max((units(company, p.id) for p in state.players if p.id != action.player),
                     default=0)
        if others < PRESIDENT_UNITS:
            raise refuse("shares/president_certificate", f"no other player can take "
                         f"{company.id}'s president's certificate")
    value = _market_price(rules, state, company)
    president = company.president or action.player  # who decides on protecting it
    company = move_units(company, action.player, POOL, action.count)
    company = replace(company, president=president_after(state, company))
    if whole.price_protection:  # the drop waits for the president (protection.py)
        game = replace(game, protection=(*game.protection, Sale(
            company.id, action.count, value, action.player, president)))
    else:
        company = _drop(rules, state, company, action.count)
    players = tuple(replace(p, cash=p.cash + value * action.count)
                    if p.id == action.player else p for p in state.players)
    state = replace(state.with_company(company), players=players,
                    bank=state.bank - value * action.count)
    game = replace(game, passes=0, last_actor=action.player, sold_this_turn=True,
                   sold=tuple(sorted({*game.sold, (action.player, company.id)})))
    return bank_cash.settle(replace(state, game=game))


def _drop(rules: TurnContext, state: State, company: Company, count: int) -> Company:
    """A row down for each 10% sold (a share; two of 1856's CGR's twenty)."""
    market = rules.title(state).market
    assert market is not None and company.market is not None
    cell = company.market
    for _ in range(percent(company, count) // 10):
        cell = move(market, cell, "down")
    return replace(company, market=cell, share_price=price(market, cell))


def pass_turn(rules: TurnContext, state: State, action: PlayerPass) -> State:
    """The turn ends; one without a purchase or a sale counts as a pass. The sales
    waiting on price protection go to their presidents first (1870)."""
    game = state.game
    assert game is not None
    acted = bool(game.bought) or game.sold_this_turn
    game = replace(game, passes=0 if acted else game.passes + 1, bought=(),
                   sold_this_turn=False, acting=sequence.next_player(state, action.player))
    state = replace(state, game=game)
    if game.protection:
        return protection.offer(rules, state, action.player)
    if game.passes >= len(state.players):
        return sequence.end_stock_round(rules, state)
    return state


def _bought(rules: TurnContext, state: State, player: str, company: str) -> State:
    game = state.game
    assert game is not None
    return replace(state, game=replace(game, passes=0, last_actor=player,
                                       bought=(*game.bought, company)))


def _may_buy(rules: TurnContext, state: State, player_id: str, company: Company,
             source: str = IPO) -> None:
    """The purchase checks every buy shares with a par: one a turn (but in a zone that
    allows more), nothing sold this round, the holding and certificate limits."""
    game = state.game
    assert game is not None
    title = rules.title(state)
    whole = sequence.whole_of(rules, state)
    where = zone(title.market, company)
    if game.bought and not _another(state, game.bought, company, source, where,
                                    whole.multiple_buy_zones):
        raise refuse("shares/already_bought", f"{player_id} bought this turn already")
    if (player_id, company.id) in game.sold:
        raise refuse("shares/sold_this_round",
                     f"{player_id} sold {company.id} this round: he may not buy it again")
    limit = whole.holding_limit * total(company) // 100
    if units(company, player_id) + 1 > limit and where not in whole.unlimited_zones:
        raise refuse("shares/holding_limit", f"at most {whole.holding_limit}% of {company.id}")
    if where not in whole.uncounted_zones:
        limit_certs = cert_limit(whole, state)
        if certificates(title, whole, state, player_id) + UNITS / total(company) \
                > limit_certs:
            raise refuse("shares/certificate_limit",
                         f"{player_id} holds {limit_certs} certificates already")


def _another(state: State, bought: tuple[str, ...], company: Company, source: str,
             where: str, zones: tuple[str, ...]) -> bool:
    """A second share this turn: only more of the same company in a multiple-buy zone,
    from the pool (or the IPO too, with the option ``multiple_brown_from_ipo``)."""
    return (set(bought) == {company.id} and where in zones
            and (source == POOL or brown_ipo.from_ipo(dict(state.options))))


def _market_price(rules: TurnContext, state: State, company: Company) -> int:
    market = rules.title(state).market
    if market is None or company.market is None:
        return company.share_price
    return price(market, company.market)


def _company(state: State, company_id: str) -> Company:
    company = state.company(company_id)
    if company is None:
        raise MalformedInput("company", f"unknown company {company_id!r}")
    if company.closed:  # 1870: out of the game (closure.py)
        raise refuse("shares/company_closed", f"{company_id} has closed")
    return company


def _pay(state: State, player_id: str, cost: int) -> Player:
    player = state.player(player_id)
    assert player is not None
    if player.cash < cost:
        raise IllegalAction("money/insufficient", "", f"{player_id} has {player.cash}, "
                            f"needs {cost}")
    return player


def pay_out(state: State, player_id: str, cost: int) -> State:
    return replace(state, players=tuple(replace(p, cash=p.cash - cost) if p.id == player_id
                                        else p for p in state.players))
