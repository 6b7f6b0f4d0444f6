"""The contract every game oracle meets, so harness and protocol stay game-neutral."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

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
