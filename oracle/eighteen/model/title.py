"""A title (1830, 1835, ...) is a small package of data plus the few hooks it needs."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.eighteen.model.board import MapDef, Phase
from oracle.eighteen.model.market import DividendRule
from oracle.eighteen.model.privates import PrivateDef
from oracle.eighteen.model.records import CompanyDef, MarketDef, PhaseDef, TrainType
from oracle.eighteen.model.whole_def import WholeGameDef

#: a hook that adapts the private records to the chosen options
PrivatesHook = Callable[[Mapping[str, PrivateDef], Mapping[str, Any]], dict[str, PrivateDef]]


def _same(privates: Mapping[str, PrivateDef], options: Mapping[str, Any]) -> dict[str, PrivateDef]:
    return dict(privates)


#: the operating turn every title here shares today (a title may declare its own)
OPERATING_STEPS: tuple[str, ...] = ("home", "track", "token", "route", "dividend", "buy_train")


@dataclass(frozen=True, slots=True)
class TitleData:
    id: str
    map: MapDef
    phases: tuple[Phase | PhaseDef, ...]
    companies: tuple[CompanyDef, ...]
    privates: tuple[PrivateDef, ...]
    supply: Mapping[str, int] = field(hash=False)  # tile number -> count
    bank: int
    starting_cash: Mapping[int, int] = field(hash=False)  # players -> cash each
    tile_lays: int = 1  # the normal tile-lay allowance per turn
    #: trains sold between companies: the lowest price (1825: 10) and the phase
    #: from which they may be (1835: once a 3 train is bought); ``train_trade.py``
    train_trade_min_price: int = 1
    train_trade_from_phase: str = ""
    privates_hook: PrivatesHook = _same
    sources: str = ""
    trains: tuple[TrainType, ...] = ()
    market: MarketDef | None = None
    #: "whole" (the published board), "units" (1825: the chosen kits), "region"
    board: str = "whole"
    #: the operating turn as data: the steps a company's turn goes through, in order
    #: (``home`` only when its home token is still to place; the train steps only
    #: for positions that carry a depot). The handlers of each step: the base steps'
    #: (``oracle/eighteen/turn/steps.py``) and those the title's ``mechanisms`` add.
    operating_steps: tuple[str, ...] = OPERATING_STEPS
    #: the mechanisms the title's turn has beyond the base turn, by name, in the order
    #: their checks run (the table of names: ``oracle/eighteen/turn/registry.py``);
    #: None: every mechanism (a title a test makes up), each a no-op where the title's
    #: data says nothing
    mechanisms: tuple[str, ...] | None = None
    #: the dividend step's choices and price moves; None: 1830's (``market.RULE_1830``)
    dividend_rule: DividendRule | None = None
    #: a variant's change to the run's context (title, state, RouteContext) ->
    #: RouteContext: 1825 single track (ST-04, ST-05, ST-06, ST-11); None: none
    route_context: Callable[[Any, Any, Any], Any] | None = field(
        default=None, hash=False, compare=False)
    #: the whole game's rules (private auction, stock rounds, sets of operating
    #: rounds: ``oracle/eighteen/whole``); None: the title plays operating turns only
    whole: WholeGameDef | None = None

    def company(self, company_id: str) -> CompanyDef | None:
        """A company of the title, or the one the game forms (1856's CGR)."""
        found = next((c for c in self.companies if c.id == company_id), None)
        national = self.whole.national if self.whole is not None else None
        if found is None and national is not None and national.company.id == company_id:
            return national.company
        return found

    def phase(self, name: str) -> Phase | PhaseDef | None:
        return next((p for p in self.phases if p.name == name), None)

    def train(self, name: str) -> TrainType | None:
        return next((t for t in self.trains if t.name == name), None)

    def resolved_privates(self, options: Mapping[str, Any]) -> dict[str, PrivateDef]:
        return self.privates_hook({p.id: p for p in self.privates}, options)

    def with_private(self, private_id: str, **changes: Any) -> TitleData:
        """A copy with one private record changed (used by mutants and tests)."""
        privates = tuple(dataclasses.replace(p, **changes) if p.id == private_id else p
                         for p in self.privates)
        return dataclasses.replace(self, privates=privates)
