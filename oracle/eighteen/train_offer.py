"""What the bank's depot sells, and trade-ins towards it.

* **On sale**: the first type of the roster with trains left, and besides it any later
  type with trains left whose ``available_from`` phase has begun. 1830: diesels are
  sold from phase 6, the first 6-train's purchase, while 6-trains remain (tobymao
  g_1830 ``available_on: '6'``; the published rules let a company buy a diesel once
  the first 6-train has been bought). A type asked for before its phase is refused
  ``train/not_yet_available``; any other later type ``train/not_available``.
* **Trade-in** (``buy_train`` with ``trade_in``): a train the buyer holds, of a type
  the bought type's ``trade_in`` lists, is given in and the price falls by the listed
  credit (1830: a 4, 5 or 6 for a diesel, 300 off, so 800; 1856: 350 off; tobymao
  ``discount``). Only towards a train from the depot. The train given in leaves the
  game (as a rusted train does, which conservation allows); the buyer's train count
  does not grow, so a company at its limit may trade in.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.actions import BuyTrain
from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.rosters import roster
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData


def _reached(title: TitleData, current: str, first: str | None) -> bool:
    names = [p.name for p in title.phases]
    return first is None or (first in names and current in names
                             and names.index(current) >= names.index(first))


def on_sale(title: TitleData, state: State) -> list[TrainType]:
    """The types the depot sells now, in roster order."""
    depot = dict(state.depot or ())
    stocked = [t for t in roster(title).values() if t.name in depot and depot[t.name] != 0]
    if not stocked:
        return []
    later = [t for t in stocked[1:] if t.available_from is not None
             and _reached(title, state.phase, t.available_from)]
    return [stocked[0], *later]


def check_on_sale(title: TitleData, state: State, train: TrainType) -> None:
    if train in on_sale(title, state):
        return
    if not _reached(title, state.phase, train.available_from):
        raise IllegalAction("train/not_yet_available", "",
                            f"{train.name} trains are sold from phase {train.available_from}; "
                            f"the phase is {state.phase}")
    names = ", ".join(t.name for t in on_sale(title, state)) or "no"
    raise IllegalAction("train/not_available", "", f"the bank sells {names} trains now")


def credit(title: TitleData, company: Company, train: TrainType, action: BuyTrain) -> int:
    """The price reduction ``action.trade_in`` earns (0 without one), after its checks."""
    if not action.trade_in:
        return 0
    allowed = dict(train.trade_in)
    if action.source or action.trade_in not in allowed:
        where = "from the bank" if not action.source else f"from {action.source}"
        raise IllegalAction("train/no_trade_in", "",
                            f"a {train.name} train {where} takes no {action.trade_in} "
                            f"train in trade ({title.id})")
    if action.trade_in not in company.trains:
        raise IllegalAction("train/not_held", "",
                            f"{company.id} holds no {action.trade_in} train to trade in")
    return allowed[action.trade_in]


def give_in(company: Company, name: str) -> Company:
    """The company without one train ``name`` (nothing when ``name`` is empty)."""
    if not name:
        return company
    left = list(company.trains)
    left.remove(name)
    obsolete = company.obsolete if name in left else \
        tuple(t for t in company.obsolete if t != name)
    return replace(company, trains=tuple(left), obsolete=obsolete)


def candidates(title: TitleData, state: State, company: Company) -> list[BuyTrain]:
    """The depot's purchases: each type on sale, and each with each trade-in the
    company could give."""
    out: list[BuyTrain] = []
    for train in on_sale(title, state):
        out.append(BuyTrain(company.id, train.name))
        out += [BuyTrain(company.id, train.name, trade_in=given)
                for given, _ in train.trade_in if given in company.trains]
    return out
