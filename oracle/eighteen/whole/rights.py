"""1856's bridge and tunnel rights (``bonus_rights``): a company that buys the Niagara
Falls Suspension Bridge or the St. Clair Frontier Tunnel from a player gains for good
(the private may close; the right stays) $10 on its routes to Buffalo (P17, P19) or
Sarnia (B13), as 18xx.games's ``g_1856`` grants it on the purchase. The right is a bonus
token of the private on each hex, the company's (``bonus_tokens``), so the route
revenue counts it as any bonus token. Other companies buying the right for $50
(the platform's ``special_buy``) is not modelled.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen import private_sale
from oracle.eighteen.model.actions import Action, BuyPrivate
from oracle.eighteen.model.state import BonusToken, State
from oracle.eighteen.turn.protocol import Mechanism, RulesContext


class BonusRights(Mechanism):
    name = "bonus_rights"

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        whole = rules.title(state).whole
        if not isinstance(action, BuyPrivate) or whole is None \
                or action.private not in whole.rights \
                or state.turn.step not in rules.title(state).operating_steps:
            return None
        company = rules.operating_company(state, action.company)
        state = private_sale.buy_private(rules, state, company, action)
        hexes, bonus = whole.rights[action.private]
        tokens = (*state.bonus_tokens, *(BonusToken(h, action.private, company.id, bonus)
                                         for h in hexes))
        return replace(state, bonus_tokens=tokens).canonical()


BONUS_RIGHTS = BonusRights()
