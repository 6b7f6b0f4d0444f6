"""The rest of a company's turn after the token step: run trains, pay, buy trains.

These steps are played when the position carries a ``depot`` (the trains left in
the bank); see docs/18xx.md, "Trains, dividends, purchases". Each function checks
and then returns the new state; ``Rules`` calls them from its step table.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen import train_events, train_offer, train_trade
from oracle.eighteen.mechanisms import emergency, excess, half_pay, ledge, obsolete
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.actions import BuyTrain, Dividend, RunRoutes
from oracle.eighteen.model.market import RULE_1830, DividendRule, move, price
from oracle.eighteen.model.records import MarketDef, TrainType
from oracle.eighteen.model.rosters import company_train_limit, roster
from oracle.eighteen.model.state import Company, State, Turn
from oracle.eighteen.routes.route import Route, check_routes, parse_node
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import national_turn

#: share holders that are not players: the IPO and the pool. What their shares earn
#: goes to the treasury when the title's ``DividendRule.to_treasury`` names them,
#: else the bank keeps it (1870: also a company's own shares bought back,
#: whole/buy_back.py)
BANK_HOLDERS = frozenset({"ipo", "pool", "treasury"})


def refuse(code: str, reason: str, ruling: str = "") -> IllegalAction:
    return IllegalAction(code, ruling, reason)


def after_token(rules: TurnContext, state: State, company: Company) -> State:
    """Where the turn goes when the token step ends."""
    if state.depot is None:
        return rules.end_turn(state, company)
    if company.trains:
        return replace(state, turn=replace(state.turn, step="route"))
    # no train, no run: the price moves as the title's rule says (market.DividendRule);
    # 1856's CGR's stays until it has owned a permanent train
    if not national_turn.withholds(rules.title(state), company):
        company = _move_price(rules, state, company, dividend_rule(rules, state).no_trains)
    state = state.with_company(company)
    return replace(state, turn=replace(state.turn, step="buy_train"))


def run_routes(rules: TurnContext, state: State, company: Company, action: RunRoutes) -> State:
    title = rules.title(state)
    routes = [Route(train, tuple(parse_node(title.map, n) for n in path))
              for train, path in action.routes]
    revenues = check_routes(rules.connections.table(rules, state, company.id), routes,
                            company.trains)
    return replace(state, turn=replace(state.turn, step="dividend", revenue=sum(revenues)))


def skip_run(state: State) -> State:
    """``pass`` in the route step: the trains run nothing."""
    return replace(state, turn=replace(state.turn, step="dividend", revenue=0))


def dividend_rule(rules: TurnContext, state: State) -> DividendRule:
    rule = getattr(rules.title(state), "dividend_rule", None)
    return rule if isinstance(rule, DividendRule) else RULE_1830


def pay_dividend(rules: TurnContext, state: State, company: Company, action: Dividend,
                 rule: DividendRule | None = None) -> State:
    """Payout: each share's holder gets ``revenue // shares``; what the IPO and pool
    shares earn goes to the treasury where the title's rule names them
    (``to_treasury``), else the bank keeps it. Withhold: the treasury gets it all.
    Half: the holders are paid on about half, rounded as the option
    ``half_pay_rounding`` reads it (``half_pay.py``), the treasury keeps the rest.
    ``rule``: the step's own rule (1870's connection run, DS-16), else the
    title's; whose dividends the treasury receives is always the title's."""
    title_rule = dividend_rule(rules, state)
    rule = rule if rule is not None else title_rule
    if action.kind not in rule.kinds:
        raise refuse("dividend/not_allowed", f"{state.title} has no {action.kind} dividend")
    still = national_turn.withholds(rules.title(state), company)  # 1856's CGR
    if still and action.kind != "withhold":
        raise refuse("cgr/withholds", f"{company.id} withholds until it has owned a "
                     "permanent train")
    revenue = state.turn.revenue
    holders = dict(company.shares)
    half = half_pay.paid_out(revenue, sum(holders.values()), state.options)
    paid_out = {"payout": revenue, "half": half, "withhold": 0}[action.kind]
    if paid_out and not holders:
        raise refuse("dividend/no_shareholders", "the position does not say who holds shares")
    per_share = paid_out // sum(holders.values()) if paid_out else 0
    players = {p.id: p for p in state.players}
    bank = state.bank
    to_treasury = 0
    for holder, count in holders.items():
        if per_share == 0:
            continue
        if holder in BANK_HOLDERS:
            if holder in title_rule.to_treasury:
                to_treasury += per_share * count
            continue
        if holder not in players:
            raise MalformedInput(f"companies.{company.id}.shares", f"unknown holder {holder!r}")
        players[holder] = replace(players[holder], cash=players[holder].cash + per_share * count)
        bank -= per_share * count
    kept = revenue - per_share * sum(holders.values()) if paid_out else revenue
    bank -= kept + to_treasury
    company = replace(company, treasury=company.treasury + kept + to_treasury)
    for direction in () if still else rule.moves(action.kind, paid_out or revenue,
                                                 company.share_price):
        company = _move_price(rules, state, company, direction)
    state = replace(state, players=tuple(players[p.id] for p in state.players), bank=bank)
    state = bank_cash.settle(state.with_company(company))
    return replace(state, turn=replace(state.turn, step="buy_train", revenue=0))


def _move_price(rules: TurnContext, state: State, company: Company, direction: str) -> Company:
    market = getattr(rules.title(state), "market", None)
    if not direction or company.market is None or not isinstance(market, MarketDef):
        return company
    # 1870's ledge: under ledge_move=up a right move onto the ledge goes up (ledge.py)
    cell = move(market, company.market,
                ledge.direction(market, company.market, direction, state.options))
    return replace(company, market=cell, share_price=price(market, cell))


def available_train(rules: TurnContext, state: State) -> TrainType | None:
    """The first train type of the roster the bank has left (others may be on sale
    besides it: ``train_offer.on_sale``)."""
    sold = train_offer.on_sale(rules.title(state), state)
    return sold[0] if sold else None


def buy_train(rules: TurnContext, state: State, company: Company, action: BuyTrain) -> State:
    """From the bank: a train on sale (``train_offer.py``: the next type, and later
    ones from their ``available_from`` phase), within the phase's train limit,
    perhaps trading one in; a company without a train that cannot pay takes the
    difference from its president (the forced purchase). The first train of a type
    may start a phase, rust older trains, which leave the game, and trigger events
    (``train_events.py``); companies then over the new limit discard
    (``excess.py``). From the open market (``from: pool``): any train there, at its
    face value, paid to the bank. From another company: ``train_trade.py``."""
    if action.source not in ("", "pool"):
        if action.trade_in:
            raise refuse("train/no_trade_in", "a train is traded in only towards one "
                         "from the bank")
        return train_trade.buy_from_company(rules, state, company, action, action.price)
    if action.price is not None:
        raise MalformedInput("price", "a price is agreed only for a train from a company")
    title = rules.title(state)
    train = roster(title).get(action.train)
    if train is None:
        raise MalformedInput("train", f"{state.title} has no train {action.train!r}")
    if action.source == "pool":
        if train.name not in state.pool_trains:
            raise refuse("train/not_in_pool", f"the open market has no {train.name} train")
    else:
        train_offer.check_on_sale(title, state, train)
    off = train_offer.credit(title, company, train, action)
    national_turn.check_permanent(title, company, train)
    limit = company_train_limit(title, state.phase, company.id)
    if limit is not None and obsolete.counted(state, company) - (1 if off else 0) >= limit:
        raise refuse("train/limit", f"{company.id} holds its limit of {limit}")
    emergency.check_cheapest(title, state, company, train.price - off)
    state = _pay_for(state, company, train.price - off)
    company = train_offer.give_in(state.company(company.id) or company, action.trade_in)
    company = national_turn.bought(title, company, train)  # 1856's CGR
    state = state.with_company(replace(company, trains=(*company.trains, train.name)))
    if action.source == "pool":
        pool = list(state.pool_trains)
        pool.remove(train.name)
        return replace(state, pool_trains=tuple(pool))
    depot = dict(state.depot or ())
    count = depot[train.name]
    depot[train.name] = None if count is None else count - 1
    state = replace(state, depot=tuple(sorted(depot.items())))
    state = train_events.on_purchase(_first_of_its_type(rules, state, train), train)
    return excess.after_purchase(rules, obsolete.on_purchase(title, state, company.id, train))


def _pay_for(state: State, company: Company, price: int) -> State:
    """The company pays ``price`` to the bank; a company without a train that cannot
    takes the difference from its president (the forced purchase)."""
    cost_to_company = min(price, company.treasury)
    shortfall = price - cost_to_company
    if shortfall:
        president = state.player(company.president or "")
        if company.trains or president is None:
            raise refuse("money/insufficient", f"{company.id} cannot pay {price}")
        if president.cash < shortfall:
            raise refuse("money/insufficient", f"{president.id} cannot make up {shortfall}")
        state = replace(state, players=tuple(
            replace(p, cash=p.cash - shortfall) if p.id == president.id else p
            for p in state.players))
    company = replace(company, treasury=company.treasury - cost_to_company)
    return replace(state.with_company(company), bank=state.bank + price)


def _first_of_its_type(rules: TurnContext, state: State, train: TrainType) -> State:
    """A train that names a later phase starts it; the trains it rusts leave
    (from the companies and from the open market)."""
    phases = [p.name for p in rules.title(state).phases]
    start = train.starts_phase
    if start in phases and state.phase in phases and \
            phases.index(start) > phases.index(state.phase):
        state = replace(state, phase=start)
    rusted = {t.name for t in roster(rules.title(state)).values() if t.rusted_by == train.name}
    if rusted:
        state = replace(state, companies=tuple(
            replace(c, trains=tuple(t for t in c.trains if t not in rusted))
            for c in state.companies),
            pool_trains=tuple(t for t in state.pool_trains if t not in rusted))
    return state


def end_buying(rules: TurnContext, state: State, company: Company) -> State:
    """``pass`` in the buy-train step: a company must leave with a train if the bank
    has one for it (the forced purchase)."""
    if not company.trains and can_buy_any(rules, state, company):
        raise refuse("train/must_buy", f"{company.id} must own a train")
    return rules.end_turn(state, company)


def can_buy_any(rules: TurnContext, state: State, company: Company) -> bool:
    """The bank offers a train the company may buy (1856's CGR: a permanent one)."""
    return emergency.cheapest(rules.title(state), state, company) is not None


def operating_order(state: State) -> tuple[str, ...]:
    """Companies by share price, highest first; a tie goes to the cell further right,
    then higher, then to the one that came to the cell first where the position
    keeps that order (``market_order``: a whole game), else to the order they had
    (1830: the operating order rule)."""
    ranked = sorted(enumerate(state.operating_order or tuple(c.id for c in state.companies)),
                    key=lambda ic: _price_key(state, ic[1], ic[0]))
    return tuple(c for _, c in ranked)


def rank(state: State, companies: tuple[str, ...]) -> tuple[str, ...]:
    """``companies`` in operating order by their prices now (as ``operating_order``),
    a tie kept in the order given where the position keeps no market order."""
    ranked = sorted(enumerate(companies), key=lambda ic: _price_key(state, ic[1], ic[0]))
    return tuple(c for _, c in ranked)


def _price_key(state: State, company_id: str, index: int) -> tuple[int, int, int, int]:
    c = state.company(company_id)
    if c is None:
        return (0, 0, 0, index)
    row, col = c.market if c.market is not None else (0, 0)
    if state.market_order is not None and company_id in state.market_order:
        index = state.market_order.index(company_id)  # the earlier at the cell first
    return (-c.share_price, -col, row, index)


def close_company(state: State, company_id: str) -> State:
    """A company that closes takes its station tokens off the map (they leave the
    game); its trains go with it."""
    c = state.company(company_id)
    if c is None:
        raise MalformedInput("company", f"unknown company {company_id!r}")
    state = state.with_company(replace(c, trains=(), tokens_left=0))
    order = tuple(x for x in state.operating_order if x != company_id)
    turn = state.turn if state.turn.company != company_id else Turn(None, "done")
    return replace(state, tokens=tuple(t for t in state.tokens if t.company != company_id),
                   operating_order=order, turn=turn)
