"""The contract every game oracle meets (``GameAPI``) and the record that registers a
game (``GameModule``), so harness, suite and protocol stay game-neutral."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from oracle.core.options import OptionSpec

JSON = dict[str, Any]


class GameAPI(Protocol):
    """What ``oracle.games`` registers for each game. Everything crosses as JSON."""

    name: str

    def options(self) -> Sequence[OptionSpec]: ...

    def position_schema(self) -> JSON: ...

    def new_game(self, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        """The canonical JSON of a fresh position."""
        ...

    def validate(self, position: JSON) -> None:
        """Raise ``MalformedInput`` naming the field and rule if the position is bad."""
        ...

    def legal_actions(self, position: JSON) -> list[JSON]: ...

    def apply(self, position: JSON, action: JSON) -> JSON:
        """The new position; raises ``IllegalAction`` or ``MalformedInput``."""
        ...

    def scores(self, position: JSON) -> JSON: ...

    def conservation(self, before: JSON, after: JSON) -> list[str]:
        """Violations of the conservation invariants between two positions."""
        ...

    def canonical(self, position: JSON) -> JSON:
        """The one canonical form of a valid position (decoded and encoded again)."""
        ...

    def game_over(self, position: JSON) -> bool: ...

    def queries(self) -> Sequence[str]:
        """The names ``query`` answers (none is fine: the harness then reports a query
        scenario as unsupported)."""
        ...

    def query(self, position: JSON, name: str, args: JSON) -> JSON:
        """Answer one of ``queries()``; ``MalformedInput`` for bad ``args``."""
        ...


@runtime_checkable
class Pinning(Protocol):
    """An optional part of a ``GameAPI``: within ``pinned(position)``, questions
    about that very object (``position is ...``) are answered from the position the
    API decoded or made for it, without reading it again. Only for a caller that
    made the object by asking this API and has changed it in no way, nor handed it to
    anybody who might, since (the protocol server and
    ``Implementation.start_inspect`` between an ``apply`` and the questions about its
    result; the fuzz lockstep, whose positions go only to readers, from one step to
    the next): identity says nothing about changes."""

    def pinned(self, position: JSON) -> AbstractContextManager[None]: ...


@dataclass(frozen=True, slots=True)
class GameModule:
    """Everything railrules knows about one game, registered once (``oracle.games``).

    The engine is loaded lazily (``api``); the parts that live in higher layers (the
    suite's step module, the harness's mutants, board renderer and bench entry) are
    named by dotted path and imported only by the layer that uses them, so the
    record adds no upward import.
    """

    name: str
    #: fewest and most players a position may have
    players: tuple[int, int]
    #: prefixes of the catalogue rulings this game answers for (``SR-``)
    ruling_prefixes: tuple[str, ...]
    #: loads the engine: the GameAPI of the reference oracle
    api: Callable[[], GameAPI]
    #: the scenarios: a folder of ``.feature`` files, relative to the suite root
    features: str
    #: the suite's step module for this game (dotted), imported by the front door
    steps: str
    #: the harness module holding this game's ``MUTANTS`` list (dotted)
    mutants: str = ""
    #: ``module:function`` drawing a position as SVG for reports ("" = no picture)
    board: str = ""
    #: ``module:function`` returning speed figures for ``railrules bench`` ("" = none)
    bench: str = ""
    #: ruling IDs or prefixes the game answers for whose scenarios are not written yet:
    #: the lint does not demand them, and reports list them as rulings without scenarios
    pending: tuple[str, ...] = ()
    #: a plug-in game's own rulings catalogue (a ``rulings.md`` path); "" = railrules' own
    catalogue: str = ""
    #: ``module:function(options) -> list of {"players", "options", "position"}``: the
    #: positions random games (``railrules fuzz``) start from, for the campaign's
    #: options, where a new game offers nothing to play ("" = a new game)
    openings: str = ""

    def answers_for(self, ruling: str) -> bool:
        """The ruling is one of this game's (by prefix)."""
        return ruling.startswith(self.ruling_prefixes)

    def due(self, ruling: str) -> bool:
        """The game answers for the ruling and its scenarios are not pending."""
        return self.answers_for(ruling) and not ruling.startswith(self.pending)
