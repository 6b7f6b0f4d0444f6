"""The emergency train purchase, where a title's data says it follows 1830
(``emergency_sales``: 1830 and 18Kaas, which the 18xx Rules Difference List lists as
1830's rules).

A company without a train must buy one in its buy-train step while the bank has one
(``operating.end_buying``). 1830 (the published rules and the Avalon Hill
clarification, 18xx Rules Difference List 9.4): when its treasury cannot pay, it
buys the cheapest train the bank offers (the depot's types on sale and the open
market; ``train/not_cheapest`` otherwise) and the president pays the difference
from his own cash. When his cash is short as well he sells shares to the pool
(``sell_shares``):

* at the share's current price, paid by the bank; then the price moves down one row
  per share sold (1830's market); in 1870's whole game the drop waits for price
  protection at the end of the company's turn (``whole/or_protection.py``);
* the pool holds at most half of a company's shares (``shares/pool_limit``);
* the president's certificate does not go to the pool: a president may sell down
  below two shares only if another player holding two or more then holds more than
  he does, who becomes president (the certificate swapped for two of his shares;
  the position counts shares, so holdings stay as sold). Ties go to the first such
  player in seating order after the seller;
* shares of the company buying the train may not be sold so that its presidency
  changes (``shares/president_change``);
* no sale once his cash covers the difference, nor of more shares than the
  difference needs (``shares/more_than_needed``; tobymao's default,
  ``EBUY_SELL_MORE_THAN_NEEDED`` false).

If even every share he may sell cannot raise it, he is bankrupt (``bankrupt``): in
1830 the game ends at once, inside the company's turn. The position records it
(``ended``: ``bankruptcy``; the turn is ``done`` and no action is legal).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen import train_offer
from oracle.eighteen.load.loader import load_title_data
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.actions import Bankrupt, SellShares
from oracle.eighteen.model.game_round import Sale
from oracle.eighteen.model.market import move, price
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.rosters import may_buy, roster
from oracle.eighteen.model.state import Company, Player, State, Turn
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.turn.protocol import Handler, Mechanism
from oracle.eighteen.whole import or_protection

#: how the position records a game ended by a bankruptcy
BANKRUPTCY = "bankruptcy"


def applies(title: TitleData) -> bool:
    try:
        return load_title_data(title.id).get("emergency_sales") == "1830"
    except (FileNotFoundError, ValueError):  # a title made up in a test
        return False


def cheapest(title: TitleData, state: State, company: Company | None = None) -> int | None:
    """The lowest price of a train the bank offers (depot and open market), of those
    ``company`` may buy (1856's CGR: permanent ones)."""
    trains = roster(title)
    cid = company.id if company is not None else ""
    prices = [t.price for t in train_offer.on_sale(title, state) if may_buy(title, cid, t.name)]
    prices += [trains[t].price for t in state.pool_trains
               if t in trains and may_buy(title, cid, t)]
    return min(prices) if prices else None


def president_of(state: State, company: Company) -> Player | None:
    return state.player(company.president or "")


def shortfall(title: TitleData, state: State, company: Company) -> int:
    """What the president must still raise for the cheapest train (0: nothing)."""
    low = cheapest(title, state, company)
    president = president_of(state, company)
    if company.trains or low is None or president is None or not applies(title):
        return 0
    return max(0, low - company.treasury - president.cash)


def check_cheapest(title: TitleData, state: State, company: Company, cost: int) -> None:
    """The president helps only towards the cheapest train (1830)."""
    low = cheapest(title, state, company)
    if applies(title) and not company.trains and cost > company.treasury \
            and low is not None and cost > low:
        raise IllegalAction("train/not_cheapest", "", f"{company.id} cannot pay {cost}; "
                            f"the president helps only towards the cheapest train ({low})")


def successor(state: State, target: Company, seller: str, left: int) -> str | None:
    """Who becomes ``target``'s president when ``seller`` keeps ``left`` shares."""
    if target.president != seller:
        return None
    held = dict(target.shares)
    ids = [p.id for p in state.players]
    start = ids.index(seller) + 1 if seller in ids else 0
    order = ids[start:] + ids[:start]
    best: str | None = None
    for pid in order:
        n = held.get(pid, 0)
        if pid != seller and n >= 2 and n > left and (best is None or n > held[best]):
            best = pid
    return best


def check_sale(state: State, buyer: Company, seller: str, target: Company,
               count: int) -> None:
    """Refuse ``seller``'s sale of ``count`` shares of ``target`` where 1830 forbids it."""
    held = dict(target.shares)
    if target.market is None or target.share_price <= 0 or held.get(seller, 0) < count:
        raise IllegalAction("shares/not_held", "",
                            f"{seller} holds no {count} priced shares of {target.id}")
    if held.get("pool", 0) + count > sum(held.values()) // 2:
        raise IllegalAction("shares/pool_limit", "",
                            f"the pool may hold at most half of {target.id}")
    left = held[seller] - count
    new = successor(state, target, seller, left)
    if target.president == seller and new is None and left < 2:
        raise IllegalAction("shares/president_certificate", "", f"no other player can "
                            f"take {target.id}'s president's certificate")
    if new is not None and target.id == buyer.id:
        raise IllegalAction("shares/president_change", "", f"{target.id}'s presidency "
                            "may not change while it buys its train")


def may_sell(state: State, buyer: Company, seller: str, target: Company, count: int) -> bool:
    try:
        check_sale(state, buyer, seller, target, count)
    except IllegalAction:
        return False
    return True


def liquidity(state: State, buyer: Company, seller: str) -> int:
    """The most the seller can raise by selling shares."""
    total = 0
    for target in state.companies:
        held = dict(target.shares).get(seller, 0)
        most = next((n for n in range(held, 0, -1)
                     if may_sell(state, buyer, seller, target, n)), 0)
        total += most * target.share_price
    return total


def sell(rules: TurnContext, state: State, company: Company, action: SellShares) -> State:
    title = rules.title(state)
    target = state.company(action.of)
    if target is None:
        raise MalformedInput("of", f"unknown company {action.of!r}")
    need = shortfall(title, state, company)
    president = president_of(state, company)
    if need <= 0 or president is None:
        raise IllegalAction("shares/not_in_emergency", "", f"{company.id}'s president "
                            "sells shares only to raise a train's price he cannot pay")
    check_sale(state, company, president.id, target, action.count)
    if (action.count - 1) * target.share_price >= need:
        raise IllegalAction("shares/more_than_needed", "",
                            f"{action.count - 1} shares already raise the {need} needed")
    if or_protection.waits(rules, state):  # 1870: the drop waits for price protection
        state = _sold(rules, state, president, target, action.count, drop=False)
        return or_protection.queue(state, Sale(target.id, action.count, target.share_price,
                                               president.id, target.president or president.id))
    return _sold(rules, state, president, target, action.count)


def _sold(rules: TurnContext, state: State, seller: Player, target: Company, count: int,
          drop: bool = True) -> State:
    held = dict(target.shares)
    new = successor(state, target, seller.id, held[seller.id] - count)
    held[seller.id] -= count
    held["pool"] = held.get("pool", 0) + count
    raised = count * target.share_price
    market = rules.title(state).market
    cell = target.market
    if isinstance(market, MarketDef) and cell is not None and drop:
        for _ in range(count):
            cell = move(market, cell, "down")
    target = replace(target, shares=tuple(sorted((h, n) for h, n in held.items() if n)),
                     president=new or target.president, market=cell,
                     share_price=price(market, cell) if isinstance(market, MarketDef)
                     and cell is not None else target.share_price)
    state = replace(state.with_company(target), bank=state.bank - raised, players=tuple(
        replace(p, cash=p.cash + raised) if p.id == seller.id else p for p in state.players))
    return bank_cash.settle(state)


def bankrupt(rules: TurnContext, state: State, company: Company, action: Bankrupt) -> State:
    need = shortfall(rules.title(state), state, company)
    president = president_of(state, company)
    if need <= 0 or president is None:
        raise IllegalAction("shares/not_in_emergency", "",
                            f"{company.id}'s president is not short of a train's price")
    if liquidity(state, company, president.id) >= need:
        raise IllegalAction("shares/can_raise", "", f"{president.id} can still raise "
                            f"{need} by selling shares")
    state = _sell_off(rules, state, company, president.id)
    return replace(state, turn=Turn(None, "done"), ended=BANKRUPTCY)


def _sell_off(rules: TurnContext, state: State, company: Company, seller: str) -> State:
    """The bankrupt president has raised all he could: he sells every share he may
    (of each company in turn, the most the sale rules let go), and his cash goes to
    the company that had to buy the train (1830; as 18xx.games plays it, and so the
    final values of a recorded game that ends in a bankruptcy). In 1870 a sale's drop
    waits for price protection, and the game is over before any president decides:
    the prices stay (as the 1870 bankruptcy record's final values show)."""
    drop = not or_protection.waits(rules, state)
    for target in state.companies:
        target = state.company(target.id) or target
        held = dict(target.shares).get(seller, 0)
        most = next((n for n in range(held, 0, -1)
                     if may_sell(state, company, seller, target, n)), 0)
        player = state.player(seller)
        if most and player is not None:
            state = _sold(rules, state, player, target, most, drop=drop)
    player = state.player(seller)
    buyer = state.company(company.id)
    if player is None or buyer is None or not player.cash:
        return state
    state = state.with_company(replace(buyer, treasury=buyer.treasury + player.cash))
    return replace(state, players=tuple(replace(p, cash=0) if p.id == seller else p
                                        for p in state.players))


def candidates(state: State, company: Company) -> list[SellShares | Bankrupt]:
    president = president_of(state, company)
    if president is None:
        return []
    out: list[SellShares | Bankrupt] = [
        SellShares(company.id, target.id, n) for target in state.companies
        for n in range(1, dict(target.shares).get(president.id, 0) + 1)]
    return [*out, Bankrupt(company.id)]


#: the emergency purchase: the president sells shares; or he cannot raise a train's
#: price and the game ends
SELL_SHARES = Handler(SellShares, sell)
BANKRUPT = Handler(Bankrupt, bankrupt)


class EmergencySales(Mechanism):
    """1830's emergency purchase (1830, 18Kaas): the buy-train step also takes the
    president's share sales and his bankruptcy."""

    name = "emergency_sales"

    def handlers(self) -> dict[str, tuple[Handler, ...]]:
        return {"buy_train": (SELL_SHARES, BANKRUPT)}


EMERGENCY_SALES = EmergencySales()
