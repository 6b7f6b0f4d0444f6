"""A company's loans (1856; the title's ``LoanTerms``), a mechanism of its turn
(``loans``). The facts are those of 18xx.games's 1856 (``g_1856`` game, loan step and
operating round), which the published rules we hold do not contradict:

* in its turn the operating company may take one loan a round (``take_loan``): the
  loan's value from the bank, or the value less one interest once its interest is
  due this round (from its dividend step on); at most one loan for each of its
  shares the players hold; none in a round it repaid one, none from phase 6;
* its interest, one ``interest`` a loan, falls due when its run is over (the first
  act of its dividend or buy-train step): the treasury pays in tens, what it cannot
  pay comes off the run's revenue, and the president pays the rest (as far as his
  cash goes: his cash crisis is not modelled);
* when its buy-train step is over, it has more loans than its players' shares, it
  repays the excess (the president paying what the treasury cannot); then its turn
  ends with a step of its own (``loans``): it may repay loans (``repay_loan``, one at
  a time, from the treasury; none is taken after in the round), take its loan of
  the round, or buy a private, and ``pass`` ends the turn;
* at the game's end each loan lowers the value of each of its shares by one
  interest (``values.py``);
* the first train of a phase without loans (1856's first 6) has every company repay
  its loans from its treasury, as far as it goes; the companies left with loans are
  merged into the Canadian Government Railway or paid off by their presidents (the
  CGR formation: ``formation.py``, ``national.py``).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen import operating, private_sale
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.actions import Action, BuyPrivate, BuyTrain, Pass
from oracle.eighteen.model.finance import FULL, Finance
from oracle.eighteen.model.finance_actions import LOAN_ACTIONS, RepayLoan, TakeLoan
from oracle.eighteen.model.rosters import roster
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.whole_def import LoanTerms
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext
from oracle.eighteen.whole.holdings import units

TOOK, INTEREST, REPAID, FORMING = "took", "interest", "repaid", "forming"
#: the turn's last step, after the buy-train step
STEP = "loans"
#: the steps in which the interest is due (the run is over)
DUE_STEPS = ("dividend", "buy_train", STEP)


def terms(rules: TurnContext, state: State) -> LoanTerms | None:
    whole = rules.title(state).whole
    return whole.loans if whole is not None else None


def loans_of(company: Company) -> int:
    return company.finance.loans if company.finance is not None else 0


def most(state: State, company: Company) -> int:
    """The most loans the company may have: one for each share its players hold."""
    return sum(units(company, p.id) for p in state.players)


def marked(state: State, company: str, what: str) -> bool:
    return state.game is not None and (company, what) in state.game.loan_marks


def mark(state: State, company: str, what: str) -> State:
    game = state.game
    if game is None or (company, what) in game.loan_marks:
        return state
    return replace(state, game=replace(game, loan_marks=tuple(sorted(
        {*game.loan_marks, (company, what)}))))


def unmark(state: State, company: str, what: str) -> State:
    game = state.game
    if game is None:
        return state
    return replace(state, game=replace(game, loan_marks=tuple(
        m for m in game.loan_marks if m != (company, what))))


def _with_loans(company: Company, loans: int, cash: int) -> Company:
    finance = company.finance or Finance(FULL)
    return replace(company, treasury=company.treasury + cash,
                   finance=replace(finance, loans=loans))


class Loans(Mechanism):
    name = "loans"

    def side_steps(self) -> dict[str, tuple[Handler, ...]]:
        return {STEP: ()}  # served by ``intercept``

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        # a whole game's (its rounds hold the marks); an operating turn's position has none
        loan = terms(rules, state) if state.game is not None else None
        if isinstance(action, LOAN_ACTIONS):
            if loan is None:
                raise refuse("loan/not_in_title", f"no loans in this {state.title} position")
            company = rules.operating_company(state, action.company)
            state = self._interest_first(rules, state, loan, company)
            company = state.company(company.id) or company
            if isinstance(action, TakeLoan):
                return take(rules, state, loan, company)
            return repay(state, loan, company)
        operating = state.company(state.turn.company or "")
        if loan is None or operating is None or \
                getattr(action, "company", None) != operating.id:
            return None
        if state.turn.step in DUE_STEPS and not marked(state, operating.id, INTEREST):
            return rules.apply(pay_interest(state, loan, operating), action)
        if isinstance(action, Pass) and state.turn.step == STEP:
            return rules.end_turn(state, operating)
        if isinstance(action, BuyPrivate) and state.turn.step == STEP:
            # the platform's last step: a private bought once the trains are bought
            # (as in the buy-train step, whose handlers take it)
            bought = rules.apply(_at(state, "buy_train"), action)
            return _at(bought, STEP)
        if isinstance(action, Pass) and state.turn.step == "buy_train" \
                and not must_buy(rules, state, operating):
            if loans_of(operating) > most(state, operating):
                state = force_repay(state, loan, operating)
            return replace(state, turn=replace(state.turn, step=STEP))
        return None

    @staticmethod
    def _interest_first(rules: RulesContext, state: State, loan: LoanTerms,
                        company: Company) -> State:
        if state.turn.step in DUE_STEPS and not marked(state, company.id, INTEREST):
            return pay_interest(state, loan, company)
        return state


def ends_loans(rules: TurnContext, state: State, loan: LoanTerms, action: BuyTrain) -> bool:
    """The train bought is the first of a phase without loans (the CGR formation)."""
    if state.phase in loan.none_in or action.source:
        return False
    train = roster(rules.title(state)).get(action.train)
    return train is not None and train.starts_phase in loan.none_in


def repay_from_treasuries(state: State, loan: LoanTerms) -> State:
    """Every company repays what loans its treasury can (the first train of a phase
    without loans)."""
    for company in state.companies:
        owed = loans_of(company)
        repaid = min(owed, company.treasury // loan.value)
        if repaid:
            company = _with_loans(company, owed - repaid, -repaid * loan.value)
            state = replace(state.with_company(company), bank=state.bank + repaid * loan.value)
    return state


def _at(state: State, step: str) -> State:
    return replace(state, turn=replace(state.turn, step=step))


def must_buy(rules: TurnContext, state: State, company: Company) -> bool:
    """The company may not leave its buy-train step (the forced purchase:
    ``operating.end_buying`` refuses the pass)."""
    return not company.trains and operating.can_buy_any(rules, state, company)


def take(rules: TurnContext, state: State, loan: LoanTerms, company: Company) -> State:
    if state.phase in loan.none_in:
        raise refuse("loan/phase", f"no loans are taken in phase {state.phase}")
    if marked(state, company.id, TOOK) or marked(state, company.id, REPAID):
        raise refuse("loan/once_a_round", f"{company.id} took or repaid a loan this round")
    if loans_of(company) >= most(state, company):
        raise refuse("loan/limit", f"{company.id} has a loan for each share its players hold")
    cash = loan.value - (loan.interest if marked(state, company.id, INTEREST) else 0)
    company = _with_loans(company, loans_of(company) + 1, cash)
    # a loan the bank cannot cover breaks it, as any payment (model/bank.py)
    state = bank_cash.settle(replace(state.with_company(company), bank=state.bank - cash))
    return mark(state, company.id, TOOK)


def repay(state: State, loan: LoanTerms, company: Company) -> State:
    if state.turn.step != STEP:
        raise refuse("loan/repay_step", "a loan is repaid once the trains are bought")
    if not loans_of(company):
        raise refuse("loan/none", f"{company.id} has no loan")
    if company.treasury < loan.value:
        raise refuse("money/insufficient",
                     f"{company.id} has {company.treasury}, a loan is {loan.value}")
    company = _with_loans(company, loans_of(company) - 1, -loan.value)
    state = replace(state.with_company(company), bank=state.bank + loan.value)
    return mark(state, company.id, REPAID)


def pay_interest(state: State, loan: LoanTerms, company: Company) -> State:
    """The interest due: from the treasury in tens, then off the run's revenue, then
    from the president's cash (as far as it goes)."""
    owed = loan.interest * loans_of(company)
    paid = min(owed, company.treasury - company.treasury % 10)
    owed -= paid
    revenue = state.turn.revenue if state.turn.step == "dividend" else 0
    off_run = min(owed, revenue)
    owed -= off_run
    state = replace(state.with_company(replace(company, treasury=company.treasury - paid)),
                    bank=state.bank + paid,
                    turn=replace(state.turn, revenue=revenue - off_run)
                    if off_run else state.turn)
    if owed:
        state = _president_pays(state, company, owed)
    return mark(state, company.id, INTEREST)


def force_repay(state: State, loan: LoanTerms, company: Company) -> State:
    """More loans than its players' shares at the turn's end: the excess is repaid."""
    excess = loans_of(company) - most(state, company)
    owed = excess * loan.value
    paid = min(owed, company.treasury)
    company = _with_loans(company, loans_of(company) - excess, -paid)
    state = replace(state.with_company(company), bank=state.bank + paid)
    if owed > paid:
        state = _president_pays(state, company, owed - paid)
    return mark(state, company.id, REPAID)


def _president_pays(state: State, company: Company, owed: int) -> State:
    players = tuple(replace(p, cash=p.cash - min(owed, p.cash)) if p.id == company.president
                    else p for p in state.players)
    paid = sum(p.cash for p in state.players) - sum(p.cash for p in players)
    return replace(state, players=players, bank=state.bank + paid)


def candidates(rules: TurnContext, state: State, company_id: str) -> list[Action]:
    """The loan actions to try for ``legal_actions`` (each is then applied)."""
    if terms(rules, state) is None or state.game is None:
        return []
    out: list[Action] = [TakeLoan(company_id), RepayLoan(company_id)]
    if state.turn.step == STEP:  # the privates on sale in the buy-train step
        out += private_sale.candidates(rules, _at(state, "buy_train"), company_id)
    return out


LOANS = Loans()
