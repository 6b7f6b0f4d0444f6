"""A company's loan actions (1856; ``whole/loans.py``):

* ``take_loan``: ``{"type": "take_loan", "company": "CA"}``: the operating company
  borrows one loan from the bank
* ``repay_loan``: ``{"type": "repay_loan", "company": "CA"}``: the operating company
  repays one loan from its treasury, once its trains are bought
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


LoanAction = TakeLoan | RepayLoan
LOAN_ACTIONS = (TakeLoan, RepayLoan)


def loan_action_from_json(data: JSON) -> LoanAction | None:
    if data["type"] == "take_loan":
        return TakeLoan(data["company"])
    if data["type"] == "repay_loan":
        return RepayLoan(data["company"])
    return None
