"""The steps every title's turn has, each with its handlers (explicit, no
reflection). A title's mechanisms add steps and handlers (``compose.py``). Special
powers are offered in both lay steps; each checks its own ``when`` (TP-NF35-02)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.eighteen import operating, private_exchange, private_sale
from oracle.eighteen.mechanisms import emergency, obsolete
from oracle.eighteen.model.actions import (
    Action,
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    Dividend,
    ExchangePrivate,
    LayTile,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext


def _dividend(rules: RulesContext, state: State, company: Company, action: Any) -> State:
    # obsolete trains leave once their company's dividend step is over (obsolete.py)
    return obsolete.retire(operating.pay_dividend(rules, state, company, action), company.id)


def _buy_train(rules: RulesContext, state: State, company: Company, action: Any) -> State:
    # 1830's B&O private closes when the B&O buys a train (private_sale.py)
    return private_sale.after_train_bought(
        rules, operating.buy_train(rules, state, company, action), company.id)


def _outside_emergency(rules: RulesContext, state: State, company: Company,
                       action: Any) -> State:
    if isinstance(action, SellShares):
        return emergency.sell(rules, state, company, action)
    return emergency.bankrupt(rules, state, company, action)


HOME_TOKEN = Handler(PlaceToken, lambda r, s, c, a: r.home_token(s, c, a), private=False)
TRACK = Handler(LayTile, lambda r, s, c, a: r.normal_tile(s, c, a), private=False)
TOKEN = Handler(PlaceToken, lambda r, s, c, a: r.normal_token(s, c, a), private=False)
SPECIAL_TRACK = Handler(LayTile, lambda r, s, c, a: r.special_tile(s, c, a), private=True)
SPECIAL_TOKEN = Handler(PlaceToken, lambda r, s, c, a: r.special_token(s, c, a), private=True)
PASS = Handler(Pass, lambda r, s, c, a: r.pass_step(s, c, a), closing=True)
RUN = Handler(RunRoutes, operating.run_routes)
DIVIDEND = Handler(Dividend, _dividend)
BUY_TRAIN = Handler(BuyTrain, _buy_train)
#: a company buys a private from a player in any step of its own turn after the home
#: token (private_sale.py)
BUY_PRIVATE = Handler(BuyPrivate, private_sale.buy_private, closing=True)
#: a share sale or a bankruptcy in a title without 1830's emergency purchase: the
#: emergency's own checks refuse it as they always did (no title data says the title
#: has the emergency, so there never is one: ``shares/not_in_emergency``, or the
#: unknown company named). Where the ``emergency_sales`` mechanism adds its handlers,
#: they come first and this is never reached.
OUTSIDE_EMERGENCY = Handler((SellShares, Bankrupt), _outside_emergency, closing=True)


#: what closes every base step after the home token, in this order: a mechanism's
#: handlers for a base step go before these (``compose.py``)
CLOSING: tuple[Handler, ...] = (BUY_PRIVATE, PASS)

#: step name -> its handlers, in order: the base turn (``model/title.py``,
#: ``OPERATING_STEPS``)
BASE_STEPS: Mapping[str, tuple[Handler, ...]] = {
    "home": (HOME_TOKEN, PASS),
    "track": (SPECIAL_TRACK, SPECIAL_TOKEN, TRACK, *CLOSING),
    "token": (SPECIAL_TRACK, SPECIAL_TOKEN, TOKEN, *CLOSING),
    "route": (RUN, *CLOSING),
    "dividend": (DIVIDEND, *CLOSING),
    "buy_train": (BUY_TRAIN, *CLOSING, OUTSIDE_EMERGENCY),
}


class PrivateExchangeAnyStep(Mechanism):
    """A player exchanging a private for a share (``exchange_private``,
    private_exchange.py): a player's act at any step, whichever company operates, so
    it is taken before the dispatcher asks for the operating company. The private
    records say which private may be exchanged (``ExchangePower``), so every title's
    turn has it, first (``compose.py``)."""

    name = "private_exchange"

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        if isinstance(action, ExchangePrivate):
            return private_exchange.exchange(rules, state, action)
        return None


#: what every title's turn takes before its own mechanisms
BASE_MECHANISMS: tuple[Mechanism, ...] = (PrivateExchangeAnyStep(),)
