"""An engine seen at its decisions: forced passes played (oracle.protocol.levels).

``Decisions(impl)`` answers as ``impl`` would with ``turns: decisions``: every position it
hands back, and every position it is asked about, is first played on through its forced
passes by ``impl`` itself. The lockstep wraps the explicit side in it when the other
side plays forced passes by itself, so the two compare decision for decision
(docs/fuzz.md); the suite's other-structure fake is the oracle in it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.protocol.implementation import JSON, Implementation, Verdict
from oracle.protocol.levels import forced_pass, settle


class Decisions(Implementation):
    """``inner`` at its decisions; everything else (hello, level, gaps) as ``inner``."""

    def __init__(self, inner: Implementation) -> None:
        self.inner = inner

    def _decide(self, game: str, position: JSON) -> JSON:
        return settle(self.inner, game, position)

    def hello(self) -> JSON:
        return self.inner.hello()

    def level(self) -> str:
        return self.inner.level()

    def turns(self, game: str) -> str:
        return "decisions"

    def new_game(self, game: str, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        return self._decide(game, self.inner.new_game(game, players, options))

    def check_position(self, game: str, position: JSON) -> Any:
        return self.inner.check_position(game, position)

    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        """The action at the position's next decision; the forced pass itself, sent at
        a position that waits for it, is accepted too (it is played, then the rest)."""
        legal = self.inner.legal_actions(game, position)
        if forced_pass(game, legal) and legal[0] == action:
            verdict = self.inner.apply(game, position, action)
        else:
            verdict = self.inner.apply(game, self._decide(game, position), action)
        if verdict.accepted and verdict.position is not None:
            return Verdict.accept(self._decide(game, verdict.position))
        return verdict

    def legal_actions(self, game: str, position: JSON) -> list[JSON]:
        return self.inner.legal_actions(game, self._decide(game, position))

    def scores(self, game: str, position: JSON) -> JSON:
        return self.inner.scores(game, self._decide(game, position))

    def game_over(self, game: str, position: JSON) -> bool:
        return self.inner.game_over(game, self._decide(game, position))

    def canonical(self, game: str, position: JSON) -> JSON:
        return self.inner.canonical(game, self._decide(game, position))

    def query(self, game: str, position: JSON, name: str, args: JSON) -> JSON:
        return self.inner.query(game, self._decide(game, position), name, args)

    def close(self) -> None:
        self.inner.close()
