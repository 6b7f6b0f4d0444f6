"""Trains bought from another company (1830 and most 18xx: any agreed price of at
least one dollar, between companies of the same or of different presidents).

A title's data may raise the lowest price (``train_trade.min_price``; 1825: 10) and
allow such sales only from a phase on (``train_trade.from_phase``; 1835: once a 3
train has been bought, phase 2.1): 18xx Rules Difference List 9.1; tobymao's 1825
has the same minimum (``TRAIN_PRICE_MIN``).

The action records a sale both presidents agreed to: ``buy_train`` with ``from``
the selling company and ``price``. Reading taken (docs/18xx.md, "Trains from other
companies"): the buyer pays the whole price from its treasury; the president's
cash makes up a forced purchase only from the bank or the open market.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.mechanisms import obsolete
from oracle.eighteen.model.actions import BuyTrain
from oracle.eighteen.model.rosters import company_train_limit, roster
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import national_turn

#: the lowest price a train changes hands for between companies, unless the title's
#: data says more
MIN_PRICE = 1


def phase_reached(title: TitleData, current: str, first: str) -> bool:
    """Whether ``current`` is ``first`` or a later phase of the title."""
    names = [p.name for p in title.phases]
    return not first or names.index(current) >= names.index(first)


def buy_from_company(rules: TurnContext, state: State, company: Company, action: BuyTrain,
                     price: int | None) -> State:
    title = rules.title(state)
    if action.train not in roster(title):
        raise MalformedInput("train", f"{state.title} has no train {action.train!r}")
    if price is None:
        raise MalformedInput("price", "a train bought from a company needs a price")
    seller = state.company(action.source)
    if seller is None:
        raise MalformedInput("from", f"unknown company {action.source!r}")
    if seller.id == company.id:
        raise IllegalAction("train/own_train", "", f"{company.id} cannot buy its own train")
    if action.train not in seller.trains:
        raise IllegalAction("train/not_held", "", f"{seller.id} holds no {action.train} train")
    obsolete.check_sale(seller, action.train)
    if not phase_reached(title, state.phase, title.train_trade_from_phase):
        raise IllegalAction("train/trade_not_yet", "",
                            f"companies sell trains to each other from phase "
                            f"{title.train_trade_from_phase} on")
    lowest = max(MIN_PRICE, title.train_trade_min_price)
    if price < lowest:
        raise IllegalAction("train/price_too_low", "",
                            f"a train changes hands for at least {lowest}")
    national_turn.check_trade(title, company, seller, action.train, price)
    limit = company_train_limit(title, state.phase, company.id)
    if limit is not None and obsolete.counted(state, company) >= limit:
        raise IllegalAction("train/limit", "", f"{company.id} holds its limit of {limit}")
    if company.treasury < price:
        raise IllegalAction("money/insufficient", "", f"{company.id} has {company.treasury}, "
                            f"not {price}; the president pays only towards a bank train")
    left = list(seller.trains)
    left.remove(action.train)
    state = state.with_company(replace(seller, trains=tuple(left),
                                       treasury=seller.treasury + price))
    train = roster(title).get(action.train)
    if train is not None:
        company = national_turn.bought(title, company, train)  # 1856's CGR
    return state.with_company(replace(company, treasury=company.treasury - price,
                                      trains=(*company.trains, action.train)))
