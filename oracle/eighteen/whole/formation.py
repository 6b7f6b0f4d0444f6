"""1856's CGR formation as 18xx.games plays it (``g_1856`` game: ``event_nationalization!``,
the ``NationalizationPayoff`` step), a mechanism of the turn (``cgr_formation``):

* the first train of the phase without loans (the first 6) is bought: every company
  repays what loans its treasury can, $100 each;
* each company still in debt is decided on by its president, in seating order from the
  president of the company that bought the train, his companies in the operating
  order: ``merge`` it into the CGR, or ``pay_off_loans`` (the platform's pass): the
  treasury goes to the bank and the president pays the rest of the debt from his own
  cash (he sells no shares for it: without the cash he must merge);
* once every one has been decided on, the CGR forms from those merged
  (``national.py``); none merged, it never forms. Until then every other action waits.

The last decisions are the CGR president's: the tokens it may not keep, the trains
it may discard (``national_turn.py``).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen.model.actions import Action, BuyTrain, DiscardTrain, Pass
from oracle.eighteen.model.finance_actions import (
    FORMATION_ACTIONS,
    Merge,
    PayOffLoans,
    RemoveToken,
)
from oracle.eighteen.model.formation import Formation
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.whole_def import LoanTerms, NationalDef
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext
from oracle.eighteen.whole import loans, national, national_turn
from oracle.eighteen.whole.loans import FORMING, loans_of
from oracle.eighteen.whole.national_turn import with_formation


def forming(state: State) -> Formation | None:
    return state.game.formation if state.game is not None else None


def national_def(rules: TurnContext, state: State) -> NationalDef | None:
    whole = rules.title(state).whole
    return whole.national if whole is not None else None


class CgrFormation(Mechanism):
    name = "cgr_formation"

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        formation = forming(state)
        if formation is not None:
            return decide(rules, state, formation, action)
        if isinstance(action, FORMATION_ACTIONS):
            raise refuse("cgr/not_forming", "no company decides on the CGR now")
        loan = loans.terms(rules, state) if state.game is not None else None
        if loan is not None and isinstance(action, BuyTrain) and \
                loans.ends_loans(rules, state, loan, action) and \
                not loans.marked(state, action.company, FORMING):
            bought = rules.apply(loans.mark(state, action.company, FORMING), action)
            return begin(rules, loans.unmark(bought, action.company, FORMING), loan,
                         action.company)
        return None


def begin(rules: TurnContext, state: State, loan: LoanTerms, buyer: str) -> State:
    """The train is bought: the treasuries repay what they can; the presidents of the
    companies still in debt decide in turn (none in debt: the loans simply end)."""
    if state.ended is not None:  # the buyer's president went bankrupt for it
        return state
    state = loans.repay_from_treasuries(state, loan)
    ndef = national_def(rules, state)
    owner = state.company(buyer)
    in_debt = [c for c in state.companies if loans_of(c)]
    if ndef is None or owner is None or owner.president is None or not in_debt:
        return state
    seats = [p.id for p in state.players]
    first = seats.index(owner.president)
    order = list(state.operating_order)

    def key(c: Company) -> tuple[int, int]:
        seat = (seats.index(c.president) - first) % len(seats) if c.president in seats \
            else len(seats)
        return seat, order.index(c.id) if c.id in order else len(order)

    deciding = tuple(c.id for c in sorted(in_debt, key=key))
    return with_formation(state, Formation(ndef.company.id, owner.president, deciding))


def decide(rules: TurnContext, state: State, formation: Formation, action: Action) -> State:
    """The one decision due now: a president's on his company in debt, then the CGR
    president's (``national.settle``)."""
    if not formation.deciding:
        if isinstance(action, (RemoveToken, DiscardTrain, Pass)) and \
                action.company == formation.national:
            return national_turn.settle(rules, state, formation, action)
        raise refuse("cgr/forming", f"the CGR's president decides first "
                     f"({_what(formation)})")
    company_id = formation.deciding[0]
    if not isinstance(action, (Merge, PayOffLoans)):
        raise refuse("cgr/forming", f"{company_id}'s president decides first: merge it "
                     "into the CGR or pay off its loans")
    if state.company(action.company) is None:
        raise MalformedInput("company", f"unknown company {action.company!r}")
    if action.company != company_id:
        raise refuse("cgr/not_deciding", f"{company_id}'s president decides now, not "
                     f"{action.company}'s")
    if isinstance(action, PayOffLoans):
        state = pay_off(rules, state, company_id)
        formation = replace(formation, deciding=formation.deciding[1:])
    else:
        formation = replace(formation, deciding=formation.deciding[1:],
                            merging=(*formation.merging, company_id))
    if formation.deciding:
        return with_formation(state, formation)
    return national.form(rules, state, formation)


def _what(formation: Formation) -> str:
    if formation.removing or formation.excess:
        return "the tokens it gives up"
    return "the trains it discards, or a pass"


def pay_off(rules: TurnContext, state: State, company_id: str) -> State:
    """The treasury's cash to the bank, the rest of the debt from the president."""
    loan = loans.terms(rules, state)
    company = state.company(company_id)
    assert loan is not None and company is not None
    owed = loan.value * loans_of(company) - company.treasury
    president = state.player(company.president or "")
    if president is None or president.cash < owed:
        have = president.cash if president is not None else 0
        raise refuse("cgr/cannot_pay", f"{company.president} has {have}, {company_id}'s "
                     f"debt beyond its treasury is {owed}: it merges")
    finance = company.finance
    assert finance is not None
    company = replace(company, treasury=0, finance=replace(finance, loans=0))
    players = tuple(replace(p, cash=p.cash - owed) if p.id == president.id else p
                    for p in state.players)
    paid = owed + state.company(company_id).treasury  # type: ignore[union-attr]
    return replace(state.with_company(company), players=players, bank=state.bank + paid)


def candidates(rules: TurnContext, state: State) -> list[Action]:
    """The formation's decisions to try for ``legal_actions`` (each is then applied)."""
    formation = forming(state)
    if formation is None:
        return []
    if formation.deciding:
        return [Merge(formation.deciding[0]), PayOffLoans(formation.deciding[0])]
    return national_turn.settle_candidates(rules, state, formation)


CGR_FORMATION = CgrFormation()
