"""Privates in the operating round, beyond their powers: a company buying one from a
player, the revenue they pay at the start of an operating round, and a private that
closes when a named company buys a train (1830's B&O).

What the records say (``PrivateDef.sale``, ``revenue``, ``closes_on_train_of``) is
read here; nothing names a particular private or title.

* ``buy_private`` (docs/18xx.md, "Buying a private"): the operating company, in any
  step of its own turn after the home token, buys a private a player owns, when the
  private's sale terms allow it in the current phase and to this company, for a price
  within the terms' bounds that its treasury can pay. The price goes from the
  treasury to the selling player; the private becomes the company's. The selling
  player's consent (the agreed price) is outside the position, as for a train bought
  from another company.
* Revenue: when an operating round of a set begins (rounds.py), each open private
  owned by a player or a company pays its revenue from the bank to that owner.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model import bank
from oracle.eighteen.model.actions import BuyPrivate
from oracle.eighteen.model.privates import PrivateDef, SaleTerms
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import TurnContext

#: the steps of its own turn in which a company may buy a private
SALE_STEPS = ("track", "token", "route", "dividend", "buy_train")


def terms_for(state: State, pdef: PrivateDef, company_id: str) -> SaleTerms | None:
    """The sale terms that let ``company_id`` buy ``pdef`` in the current phase."""
    for terms in pdef.sale:
        if state.phase in terms.phases and (not terms.buyers or company_id in terms.buyers):
            return terms
    return None


def check_sale(rules: TurnContext, state: State, company: Company, action: BuyPrivate) -> SaleTerms:
    """The terms under which the sale is legal, or the refusal (the dispatcher,
    ``turn/steps.py``, offers the action in ``SALE_STEPS`` only)."""
    pdef = rules.private_defs(state).get(action.private)
    pstate = state.private(action.private)
    if pdef is None or pstate is None:
        raise MalformedInput("private", f"no private {action.private!r} in this position")
    if pstate.closed:
        raise IllegalAction("private/closed", "", f"{pdef.id} is closed")
    if state.player(pstate.owner or "") is None:
        held = "the bank's" if pstate.owner is None else f"{pstate.owner}'s"
        raise IllegalAction("private/not_players", "", f"{pdef.id} is {held}, not a player's")
    if not pdef.sale:
        raise IllegalAction("private/not_for_sale", "", f"{pdef.id} is never sold to a company")
    if not any(state.phase in t.phases for t in pdef.sale):
        phases = sorted({p for t in pdef.sale for p in t.phases})
        raise IllegalAction("phase/no_private_sales", "",
                            f"{pdef.id} is sold to a company in phase {', '.join(phases)} "
                            f"only, not {state.phase}")
    terms = terms_for(state, pdef, company.id)
    if terms is None:
        raise IllegalAction("private/not_buyer", "",
                            f"{company.id} may not buy {pdef.id} in phase {state.phase}")
    if not terms.min_price <= action.price <= terms.max_price:
        raise IllegalAction("private/price", "", f"{pdef.id} sells for {terms.min_price} "
                            f"to {terms.max_price}, not {action.price}")
    if action.price > company.treasury:
        raise IllegalAction("money/insufficient", "",
                            f"{company.id} has {company.treasury}, needs {action.price}")
    return terms


def buy_private(rules: TurnContext, state: State, company: Company, action: BuyPrivate) -> State:
    """The company pays the player; the private becomes the company's."""
    check_sale(rules, state, company, action)
    pstate = state.private(action.private)
    assert pstate is not None and pstate.owner is not None  # check_sale saw to it
    seller = pstate.owner
    # one new position, not three: a listing tries every price of every private
    # (``candidates``), each through this checked path
    paid = replace(company, treasury=company.treasury - action.price)
    return replace(
        state,
        companies=tuple(paid if c.id == company.id else c for c in state.companies),
        players=tuple(replace(p, cash=p.cash + action.price) if p.id == seller else p
                      for p in state.players),
        privates=tuple(replace(pstate, owner=company.id) if p.id == pstate.id else p
                       for p in state.privates))


def candidates(rules: TurnContext, state: State, company_id: str) -> list[BuyPrivate]:
    """Every legal purchase, one per private and whole-dollar price: each price is a
    different action (the agreed price), and the bounds make the list finite."""
    company = state.company(company_id)
    if company is None or state.turn.step not in SALE_STEPS:
        return []
    out: list[BuyPrivate] = []
    for pdef in rules.private_defs(state).values():
        pstate = state.private(pdef.id)
        terms = terms_for(state, pdef, company_id)
        if pstate is None or pstate.closed or terms is None or \
                state.player(pstate.owner or "") is None:
            continue
        top = min(terms.max_price, company.treasury)
        out += [BuyPrivate(company_id, pdef.id, price)
                for price in range(terms.min_price, top + 1)]
    return out


def pay_revenue(rules: TurnContext, state: State) -> State:
    """An operating round begins: each open private with an owner pays its revenue to
    that owner (a player's cash or a company's treasury), from the bank."""
    paid = {p.id: 0 for p in state.players} | {c.id: 0 for c in state.companies}
    for pdef in rules.private_defs(state).values():
        pstate = state.private(pdef.id)
        owner = pstate.owner if pstate is not None and not pstate.closed else None
        if owner is not None and owner in paid:
            paid[owner] += pdef.revenue
    total = sum(paid.values())
    if not total:
        return state
    state = replace(state, bank=state.bank - total,
                    players=tuple(replace(p, cash=p.cash + paid[p.id]) for p in state.players),
                    companies=tuple(replace(c, treasury=c.treasury + paid[c.id])
                                    for c in state.companies))
    return bank.settle(state)


def after_train_bought(rules: TurnContext, state: State, company_id: str) -> State:
    """A private that closes when this company buys a train closes (1830's B&O)."""
    for pdef in rules.private_defs(state).values():
        pstate = state.private(pdef.id)
        if pdef.closes_on_train_of == company_id and pstate is not None and not pstate.closed:
            state = state.with_private(replace(pstate, closed=True))
    return state
