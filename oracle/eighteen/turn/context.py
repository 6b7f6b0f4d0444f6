"""What the turn's helpers need of the rules object (``oracle.eighteen.rules.Rules``).

The modules of the operating turn (``operating.py``, ``rounds.py``,
``private_sale.py``, ``train_trade.py``, ``private_variants.py``, and the mechanisms
``connection_runs.py``, ``emergency.py``, ``excess.py``, ``single_track.py``) are
handed the rules object and call back into it. They are typed against these
protocols, which sit below all of them, so no import cycle runs through ``rules.py``,
not even a type-checking one (pyproject.toml, the import-linter contracts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.actions import Dividend, PlaceToken, RunRoutes
from oracle.eighteen.model.privates import PrivateDef
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Reach
from oracle.eighteen.routes.revenue import StopRef
from oracle.eighteen.routes.route import StopTable


def refuse(code: str, reason: str, ruling: str = "") -> IllegalAction:
    """An illegal action: ``code`` (registered in reasons.18xx.json), why, the ruling."""
    return IllegalAction(code, ruling, reason)


class Connections(Protocol):
    """1870's connection runs as the turn calls them (``mechanisms/connection_runs.py``,
    ``ConnectionRuns``)."""

    def applies(self, title: TitleData) -> bool: ...

    def table(self, rules: TurnContext, state: State, company_id: str,
              doubles: frozenset[StopRef] | None = None) -> StopTable: ...

    def doubles_fn(self, rules: TurnContext,
                   state: State) -> Callable[[str], frozenset[StopRef]]: ...

    def queue(self, rules: TurnContext, state: State, finished: str | None) -> list[str]: ...

    def after_turn(self, rules: TurnContext, state: State, finished: str | None) -> State: ...

    def place(self, rules: TurnContext, state: State, company: Company,
              action: PlaceToken) -> State: ...

    def keep(self, rules: TurnContext, state: State, company: Company) -> State: ...

    def run_before_token(self, rules: TurnContext, state: State, company: Company,
                         action: RunRoutes) -> State: ...

    def run(self, rules: TurnContext, state: State, company: Company,
            action: RunRoutes) -> State: ...

    def no_run(self, rules: TurnContext, state: State, company: Company) -> State: ...

    def dividend(self, rules: TurnContext, state: State, company: Company,
                 action: Dividend) -> State: ...


class TurnContext(Protocol):
    """The rules object as the turn's helpers see it: the title as the options make
    it, the privates, the reach, and the turn's order."""

    @property
    def titles(self) -> Mapping[str, TitleData]: ...

    @property
    def connections(self) -> Connections: ...

    def title(self, state: State) -> TitleData: ...

    def private_defs(self, state: State) -> dict[str, PrivateDef]: ...

    def reach(self, state: State, company: str) -> Reach: ...

    def first_step(self, state: State, company_id: str) -> str: ...

    def end_turn(self, state: State, company: Company) -> State: ...

    def next_company(self, state: State, company_id: str) -> State: ...
