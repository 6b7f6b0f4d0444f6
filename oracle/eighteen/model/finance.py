"""A company's money beyond its treasury, where a title has it (1856; ``whole/loans.py``,
``whole/capital.py``): how it was capitalised when its president's certificate was
bought, the money the bank holds for it in escrow, its loans, and whether it has
started operating."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

#: capitalisation kinds: the first five shares paid to the company and the last five
#: held in escrow until it reaches its destination; every share paid to it as sold;
#: ten times the par price once it floats
ESCROW = "escrow"
INCREMENTAL = "incremental"
FULL = "full"
CAPITALISATIONS = (ESCROW, INCREMENTAL, FULL)


@dataclass(frozen=True, slots=True)
class Finance:
    capitalisation: str
    #: what the bank holds for the company until it reaches its destination
    escrow: int = 0
    #: its loans outstanding (each the title's loan value)
    loans: int = 0
    #: it has started operating: it operates from now on whatever the float percentage
    started: bool = False
    #: it has reached its destination (its escrow is paid out)
    destinated: bool = False
    #: a national (1856's CGR) that has owned a permanent train: it pays dividends,
    #: its price moves, it borrows no train (``whole/national_turn.py``)
    permanent: bool = False
    #: a national (1856's CGR) whose president holds its president's certificate at
    #: half, one share, until he buys the other (``whole/false_president.py``)
    owes_share: bool = False

    def to_json(self) -> JSON:
        out: JSON = {"capitalisation": self.capitalisation, "escrow": self.escrow,
                     "loans": self.loans}
        if self.started:
            out["started"] = True
        if self.destinated:
            out["destinated"] = True
        if self.permanent:
            out["permanent"] = True
        if self.owes_share:
            out["owes_share"] = True
        return out

    @staticmethod
    def from_json(data: JSON) -> Finance:
        return Finance(str(data["capitalisation"]), int(data.get("escrow", 0)),
                       int(data.get("loans", 0)), bool(data.get("started", False)),
                       bool(data.get("destinated", False)), bool(data.get("permanent", False)),
                       bool(data.get("owes_share", False)))
