"""1856's bridge and tunnel rights (``bonus_rights``): a company that buys the Niagara
Falls Suspension Bridge or the St. Clair Frontier Tunnel from a player gains for good
(the private may close; the right stays) $10 on its routes to Buffalo (P17, P19) or
Sarnia (B13), as 18xx.games's ``g_1856`` grants it on the purchase. The right is a bonus
token of the private on each hex, the company's (``bonus_tokens``), so the route
revenue counts it as any bonus token.

Once a company owns the private, or it has closed, another company may buy the right
(``buy_right``, the platform's ``special_buy``) in its turn before it runs: $50 to
the private's owning company (to the bank once it closed), at most two companies so
(the map prints two markers on each hex; the marker the platform adds back when the
private closes in a player's hands is not modelled), each once.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen import private_sale
from oracle.eighteen.model.actions import Action, BuyPrivate
from oracle.eighteen.model.finance_actions import BuyRight
from oracle.eighteen.model.state import BonusToken, Company, State
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext

#: a right's price, and how many companies may buy one of a private's
PRICE = 50
FOR_SALE = 2
#: the steps in which a company may buy a right (before it runs)
STEPS = ("home", "track", "token")


class BonusRights(Mechanism):
    name = "bonus_rights"

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        whole = rules.title(state).whole
        if isinstance(action, BuyRight):
            if whole is None or action.private not in whole.rights:
                raise refuse("right/none", f"{action.private} brings no right to buy")
            company = rules.operating_company(state, action.company)
            return buy_right(state, company, action.private, whole.rights[action.private])
        if not isinstance(action, BuyPrivate) or whole is None \
                or action.private not in whole.rights \
                or state.turn.step not in rules.title(state).operating_steps:
            return None
        company = rules.operating_company(state, action.company)
        state = private_sale.buy_private(rules, state, company, action)
        return _grant(state, company.id, action.private, whole.rights[action.private])


def _grant(state: State, company: str, private: str,
           right: tuple[tuple[str, ...], int]) -> State:
    hexes, bonus = right
    tokens = (*state.bonus_tokens, *(BonusToken(h, private, company, bonus) for h in hexes))
    return replace(state, bonus_tokens=tokens).canonical()


def holders(state: State, private: str) -> set[str]:
    return {b.company for b in state.bonus_tokens if b.private == private}


def buy_right(state: State, company: Company, private: str,
              right: tuple[tuple[str, ...], int]) -> State:
    pstate = state.private(private)
    owner = pstate.owner if pstate is not None else None
    if state.turn.step not in STEPS:
        raise refuse("right/step", "a right is bought before the company runs")
    if pstate is None or (not pstate.closed and state.company(owner or "") is None):
        raise refuse("right/not_for_sale", f"no company owns {private}, nor has it closed")
    if company.id in holders(state, private):
        raise refuse("right/held", f"{company.id} has {private}'s right already")
    sold = holders(state, private) - ({owner} if owner else set())
    if len(sold) >= FOR_SALE:
        raise refuse("right/sold_out", f"{private}'s rights are sold")
    if company.treasury < PRICE:
        raise refuse("money/insufficient", f"{company.id} has {company.treasury}, a right "
                     f"is {PRICE}")
    state = state.with_company(replace(company, treasury=company.treasury - PRICE))
    seller = state.company(owner or "") if not pstate.closed else None
    if seller is not None:
        state = state.with_company(replace(seller, treasury=seller.treasury + PRICE))
    else:
        state = replace(state, bank=state.bank + PRICE)
    return _grant(state, company.id, private, right)


def candidates(state: State, company_id: str, rights: tuple[str, ...]) -> list[Action]:
    return [BuyRight(company_id, private) for private in rights]


BONUS_RIGHTS = BonusRights()
