"""How a company is capitalised where the phase decides it (1856; the platform's
``G1856`` corporation and share pool, docs/18xx.md "Whole games", 1856):

* a company whose president's certificate is bought in phases 2 to 4 is an *escrow*
  company: the money for the shares sold from the IPO while it holds more than half
  of them (the president's certificate and three shares) goes to the company; the
  rest the bank holds in escrow until the company reaches its destination, when it
  is paid out and later shares are paid to the company;
* from phase 4' (the 4' train) an *incremental* company: every IPO share's money to
  the company as it is sold;
* from phase 5' (the 5' train) a *full* company: the money to the bank, and ten times
  the par price to the company when 60% is sold (as 1830);
* a company starts operating at a set of operating rounds when the percentage the
  phase asks (20% in phase 2 up to 60%) is sold from the IPO; once started, it
  operates from then on.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.finance import ESCROW, FULL, Finance
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.whole_def import WholeGameDef
from oracle.eighteen.whole.holdings import IPO, UNITS, units


def at_par(whole: WholeGameDef, state: State, company: Company) -> Company:
    """The company as its president's certificate is bought: its capitalisation."""
    kind = whole.capital_by_phase.get(state.phase)
    if kind is None:
        return company
    destinated = company.finance is not None and company.finance.destinated
    if kind == ESCROW and destinated:  # reached its destination before its par
        kind = "incremental"
    return replace(company, finance=Finance(kind, destinated=destinated))


def ipo_payment(company: Company, cost: int) -> tuple[Company, int]:
    """``cost`` paid for IPO shares (the IPO's holding before the sale): the company
    after it, and what goes to the bank (a full company's, or an escrow company's
    held in escrow)."""
    finance = company.finance
    if finance is None or finance.capitalisation == FULL:
        return company, cost
    if finance.capitalisation == ESCROW and units(company, IPO) * 2 <= UNITS:
        return replace(company, finance=replace(finance, escrow=finance.escrow + cost)), cost
    return replace(company, treasury=company.treasury + cost), 0


def full_capital(company: Company) -> bool:
    """The company receives its capital when it floats (not escrow or incremental)."""
    return company.finance is None or company.finance.capitalisation == FULL


def operates(whole: WholeGameDef, state: State, company: Company) -> bool:
    """The company operates in the set beginning now: it has started, or the IPO has
    sold the percentage the phase asks."""
    if company.par is None:
        return False
    if company.finance is not None and company.finance.started:
        return True
    need = whole.float_by_phase.get(state.phase, 60) * UNITS // 100
    return units(company, IPO) <= UNITS - need


def start(whole: WholeGameDef, state: State, running: tuple[str, ...]) -> State:
    """The companies that operate in this set have started."""
    for cid in running:
        company = state.company(cid)
        if company is not None and company.finance is not None and not company.finance.started:
            state = state.with_company(replace(company, finance=replace(company.finance,
                                                                        started=True)))
    return state


def release_escrow(state: State, company: Company) -> State:
    """The company reached its destination: the escrow is paid to it and its later
    shares are paid to it as sold."""
    finance = company.finance
    if finance is None or finance.destinated:
        return state
    paid = finance.escrow
    kind = "incremental" if finance.capitalisation == ESCROW else finance.capitalisation
    company = replace(company, treasury=company.treasury + paid,
                      finance=replace(finance, capitalisation=kind, escrow=0, destinated=True))
    # the bank pays beyond its cash and breaks (model/bank.py)
    return bank_cash.settle(replace(state.with_company(company), bank=state.bank - paid))
