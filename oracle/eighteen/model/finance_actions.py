"""A company's loans and rights (1856; ``whole/loans.py``, ``whole/rights.py``):

* ``take_loan``: ``{"type": "take_loan", "company": "CA"}``: the operating company
  borrows one loan from the bank
* ``repay_loan``: ``{"type": "repay_loan", "company": "CA"}``: the operating company
  repays one loan from its treasury, once its trains are bought
* ``buy_right``: ``{"type": "buy_right", "company": "WR", "private": "NFSBC"}``: the
  operating company buys the bonus right of a private a company owns (or that closed)

and the CGR formation's decisions (``whole/formation.py``), each by the president of
the company named:

* ``merge``: ``{"type": "merge", "company": "GT"}``: the company in debt merges into the
  CGR
* ``pay_off_loans``: ``{"type": "pay_off_loans", "company": "GT"}``: its president pays
  what its treasury cannot of its loans, and it stays out of the CGR
* ``remove_token``: ``{"type": "remove_token", "company": "CGR", "hex": "N11", "city":
  1}``: the CGR gives up its token there (two on one hex, or more than its charter)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class TakeLoan:
    company: str

    def to_json(self) -> JSON:
        return {"type": "take_loan", "company": self.company}


@dataclass(frozen=True, slots=True)
class RepayLoan:
    company: str

    def to_json(self) -> JSON:
        return {"type": "repay_loan", "company": self.company}


@dataclass(frozen=True, slots=True)
class BuyRight:
    company: str
    private: str

    def to_json(self) -> JSON:
        return {"type": "buy_right", "company": self.company, "private": self.private}


@dataclass(frozen=True, slots=True)
class Merge:
    company: str

    def to_json(self) -> JSON:
        return {"type": "merge", "company": self.company}


@dataclass(frozen=True, slots=True)
class PayOffLoans:
    company: str

    def to_json(self) -> JSON:
        return {"type": "pay_off_loans", "company": self.company}


@dataclass(frozen=True, slots=True)
class RemoveToken:
    company: str
    hex: str
    city: int

    def to_json(self) -> JSON:
        return {"type": "remove_token", "company": self.company, "hex": self.hex,
                "city": self.city}


LOAN_ACTIONS = (TakeLoan, RepayLoan)
FORMATION_ACTIONS = (Merge, PayOffLoans, RemoveToken)
FinanceAction = TakeLoan | RepayLoan | BuyRight | Merge | PayOffLoans | RemoveToken


def finance_action_from_json(data: JSON) -> FinanceAction | None:
    if data["type"] == "take_loan":
        return TakeLoan(data["company"])
    if data["type"] == "repay_loan":
        return RepayLoan(data["company"])
    if data["type"] == "buy_right":
        return BuyRight(data["company"], data["private"])
    if data["type"] == "merge":
        return Merge(data["company"])
    if data["type"] == "pay_off_loans":
        return PayOffLoans(data["company"])
    if data["type"] == "remove_token":
        return RemoveToken(data["company"], data["hex"], int(data["city"]))
    return None
