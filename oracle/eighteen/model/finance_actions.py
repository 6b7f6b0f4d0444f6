"""A company's loans and rights (1856; ``whole/loans.py``, ``whole/rights.py``):

* ``take_loan``: ``{"type": "take_loan", "company": "CA"}``: the operating company
  borrows one loan from the bank
* ``repay_loan``: ``{"type": "repay_loan", "company": "CA"}``: the operating company
  repays one loan from its treasury, once its trains are bought
* ``buy_right``: ``{"type": "buy_right", "company": "WR", "private": "NFSBC"}``: the
  operating company buys the bonus right of a private a company owns (or that closed)
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


LOAN_ACTIONS = (TakeLoan, RepayLoan)
FinanceAction = TakeLoan | RepayLoan | BuyRight


def finance_action_from_json(data: JSON) -> FinanceAction | None:
    if data["type"] == "take_loan":
        return TakeLoan(data["company"])
    if data["type"] == "repay_loan":
        return RepayLoan(data["company"])
    if data["type"] == "buy_right":
        return BuyRight(data["company"], data["private"])
    return None
