"""The mechanisms by name: an explicit table, no reflection.

``MECHANISMS`` holds those a title lists (``TitleData.mechanisms``). Its order is the
order of every mechanism for a title that lists none (one a test makes up), and so of
the step names a position may stand in (the position schema's enum). ``BASE_RULES``
holds the base turn's own rules, which every title has and the rules object asks by
name (the private powers, the token lays, the track's reach, the turn's order).

A ``Registry`` is one rules object's table: the defaults, with entries replaced by name
and handler records swapped (``Rules(mechanisms=..., handlers=...)``). That is the seam
a variant, or a mutant, changes one mechanism or one step through; a replaced entry
must be of its default's class, so what the turn asks of it stays typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeVar

from oracle.eighteen.mechanisms.connection_runs import CONNECTION_RUNS
from oracle.eighteen.mechanisms.emergency import EMERGENCY_SALES
from oracle.eighteen.mechanisms.excess import EXCESS_TRAINS
from oracle.eighteen.mechanisms.single_track import SINGLE_TRACK
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.turn.compose import Swaps, step_names
from oracle.eighteen.turn.flow import TURN_ORDER
from oracle.eighteen.turn.late_tokens import LATE_PRIVATE_TOKENS
from oracle.eighteen.turn.lay_checks import HOME_LAY_NO_UPGRADE, RIVER, WATER_BORDERS
from oracle.eighteen.turn.lays import TRACK_REACH
from oracle.eighteen.turn.privates import PRIVATE_POWERS
from oracle.eighteen.turn.protocol import Handler, Mechanism
from oracle.eighteen.turn.tokens import TOKEN_LAYS
from oracle.eighteen.whole.escrow import ESCROW_RELEASE
from oracle.eighteen.whole.formation import CGR_FORMATION
from oracle.eighteen.whole.loans import LOANS
from oracle.eighteen.whole.mechanism import WHOLE_GAME
from oracle.eighteen.whole.rights import BONUS_RIGHTS

MECHANISMS: Final[dict[str, Mechanism]] = {m.name: m for m in (
    HOME_LAY_NO_UPGRADE, RIVER, WATER_BORDERS, SINGLE_TRACK, EXCESS_TRAINS, EMERGENCY_SALES,
    CONNECTION_RUNS, LATE_PRIVATE_TOKENS, ESCROW_RELEASE, BONUS_RIGHTS, CGR_FORMATION, LOANS,
    WHOLE_GAME)}

#: the base turn's rules, every title's: the rules object asks them by name
BASE_RULES: Final[dict[str, Mechanism]] = {m.name: m for m in (
    PRIVATE_POWERS, TOKEN_LAYS, TRACK_REACH, TURN_ORDER)}

#: every step a position may stand in, ``done`` last
STEP_NAMES: Final[tuple[str, ...]] = step_names(tuple(MECHANISMS.values()))

M = TypeVar("M", bound=Mechanism)


class Registry:
    """The mechanisms one rules object composes its titles' turns from, by name, and the
    handler records it swaps."""

    def __init__(self, mechanisms: Mapping[str, Mechanism] | None = None,
                 handlers: Mapping[Handler, Handler] | None = None) -> None:
        table = {**MECHANISMS, **BASE_RULES}
        for name, mechanism in (mechanisms or {}).items():
            default = table.get(name)
            if default is None or not isinstance(mechanism, type(default)):
                raise TypeError(f"no mechanism {name!r} of the class given to replace")
            table[name] = mechanism
        self.table: Mapping[str, Mechanism] = table
        #: handler -> the handler standing in its place in every plan
        self.swaps: Swaps = tuple((handlers or {}).items())
        self._titles: dict[tuple[str, ...] | None, tuple[Mechanism, ...]] = {}

    def get(self, name: str, kind: type[M]) -> M:
        """The entry ``name``, which is a ``kind`` (the constructor checked it)."""
        mechanism = self.table[name]
        assert isinstance(mechanism, kind)
        return mechanism

    def of_title(self, title: TitleData) -> tuple[Mechanism, ...]:
        """The title's mechanisms, in its order (every one when it lists none)."""
        names = title.mechanisms
        found = self._titles.get(names)
        if found is None:
            found = tuple(self.table[n] for n in (MECHANISMS if names is None else names))
            self._titles[names] = found
        return found


#: the table of the oracle's own rules
DEFAULT: Final[Registry] = Registry()

