"""The steps every title's turn has, each with its handlers (explicit, no
reflection). A title's mechanisms add steps and handlers (``compose.py``). Special
powers are offered in both lay steps; each checks its own ``when`` (TP-NF35-02)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from oracle.eighteen import emergency, operating, private_exchange, private_sale
from oracle.eighteen.mechanisms import obsolete
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


class HomeTokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and not action.private

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.home_token(state, company, action)


class TrackStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, LayTile) and not action.private

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.normal_tile(state, company, action)


class TokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and not action.private

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.normal_token(state, company, action)


class SpecialTrackStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, LayTile) and bool(action.private)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.special_tile(state, company, action)


class SpecialTokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and bool(action.private)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.special_token(state, company, action)


class PassStep(Handler):
    closing = True

    def handles(self, action: Action) -> bool:
        return isinstance(action, Pass)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return rules.pass_step(state, company, action)


class RunStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, RunRoutes)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return operating.run_routes(rules, state, company, action)


class DividendStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, Dividend)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        # obsolete trains leave once their company's dividend step is over (obsolete.py)
        return obsolete.retire(operating.pay_dividend(rules, state, company, action),
                               company.id)


class BuyTrainStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, BuyTrain)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        # 1830's B&O private closes when the B&O buys a train (private_sale.py)
        return private_sale.after_train_bought(
            rules, operating.buy_train(rules, state, company, action), company.id)


class BuyPrivateStep(Handler):
    """A company buys a private from a player in any step of its own turn after the
    home token (private_sale.py)."""

    closing = True

    def handles(self, action: Action) -> bool:
        return isinstance(action, BuyPrivate)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        return private_sale.buy_private(rules, state, company, action)


class OutsideEmergencyStep(Handler):
    """A share sale or a bankruptcy in a title without 1830's emergency purchase: the
    emergency's own checks refuse it as they always did (no title data says the
    title has the emergency, so there never is one: ``shares/not_in_emergency``, or
    the unknown company named). Where the ``emergency_sales`` mechanism adds its
    handlers, they come first and this is never reached."""

    closing = True

    def handles(self, action: Action) -> bool:
        return isinstance(action, SellShares | Bankrupt)

    def process(self, rules: RulesContext, state: State, company: Company, action: Any) -> State:
        if isinstance(action, SellShares):
            return emergency.sell(rules, state, company, action)
        return emergency.bankrupt(rules, state, company, action)


#: what closes every base step after the home token, in this order: a mechanism's
#: handlers for a base step go before these (``compose.py``)
CLOSING: tuple[Handler, ...] = (BuyPrivateStep(), PassStep())

#: step name -> its handlers, in order: the base turn (``model/title.py``,
#: ``OPERATING_STEPS``)
BASE_STEPS: Mapping[str, tuple[Handler, ...]] = {
    "home": (HomeTokenStep(), PassStep()),
    "track": (SpecialTrackStep(), SpecialTokenStep(), TrackStep(), *CLOSING),
    "token": (SpecialTrackStep(), SpecialTokenStep(), TokenStep(), *CLOSING),
    "route": (RunStep(), *CLOSING),
    "dividend": (DividendStep(), *CLOSING),
    "buy_train": (BuyTrainStep(), *CLOSING, OutsideEmergencyStep()),
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
