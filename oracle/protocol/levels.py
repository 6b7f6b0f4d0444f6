"""What a protocol v2 handshake declares about how the engine is graded
(docs/protocol.md, "Version 2"): its grading level and, per game, its turn structure.

* **level** ``verdicts``: an engine that knows nothing of our reason codes. Its
  refusals are free text; a scenario that expects a refusal passes on the refusal
  alone. ``reasons``: it cites our reason codes (docs/reason-codes.md) and a scenario
  that names one checks it. A v1 adapter is graded at ``reasons`` (v1 required codes).
  The ruling a scenario grades is always the scenario's own tag, never the engine's
  citation (issue 23: a citation the engine chooses cannot raise its grade).
* **turns** ``explicit``: the engine stops wherever the oracle does, including at a
  *forced pass* (a position whose only legal action is a pass), and waits for that
  pass. ``decisions``: it plays forced passes itself and returns the position at the
  next decision; scenario steps and fuzz then compare decisions, not steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from oracle.protocol.implementation import Implementation

LEVELS: Final[tuple[str, ...]] = ("verdicts", "reasons")
TURNS: Final[tuple[str, ...]] = ("explicit", "decisions")

#: Level of a v1 adapter (v1 required reason codes) and of the in-process oracle.
V1_LEVEL: Final = "reasons"
#: Level of a v2 handshake that names none: the lower one (when in doubt, withhold).
V2_DEFAULT_LEVEL: Final = "verdicts"

#: Per game, the action types that are passes: a position whose only legal action is
#: one of these is a forced pass (Rocket: passing when nothing else is legal, and a
#: bidder with no share of the line passing in the veto round; 18xx: a step with
#: nothing to do).
PASS_KINDS: Final[dict[str, frozenset[str]]] = {
    "rocket": frozenset({"pass", "veto_pass"}),
    "18xx": frozenset({"pass"}),
}

#: Gap name by which a game declares it may decline positions it cannot represent
#: (``unsupported: {"feature": "positions"}``), graded as a declared gap.
POSITIONS_GAP: Final = "positions"

#: How many forced passes in a row a decision may take before the harness gives up (a
#: game loop in an engine's answers must not hang a scenario).
MAX_FORCED: Final = 64


def forced_pass(game: str, legal: Sequence[Any]) -> bool:
    """Whether ``legal`` (a position's legal actions) is a forced pass in ``game``."""
    if len(legal) != 1 or not isinstance(legal[0], dict):
        return False
    return legal[0].get("type") in PASS_KINDS.get(game, frozenset())


def settle(impl: Implementation, game: str, position: dict[str, Any],
           after: Callable[[dict[str, Any], dict[str, Any]], None] | None = None
           ) -> dict[str, Any]:
    """``position`` played on through its forced passes by ``impl`` (its own
    ``legal_actions`` and ``apply``) to the next decision. ``after(before, now)`` sees
    each forced step (the suite checks conservation there). ``Unsupported`` from
    ``legal_actions`` propagates: the caller decides what an engine that cannot list
    its legal actions shows. AssertionError if ``impl`` refuses its own only legal
    action, or the passes never end."""
    for _ in range(MAX_FORCED):
        legal = impl.legal_actions(game, position)
        if not forced_pass(game, legal):
            return position
        verdict = impl.apply(game, position, legal[0])
        if not verdict.accepted or verdict.position is None:
            raise AssertionError(f"the engine refused {legal[0]}, the only legal action "
                                 f"it lists ({verdict.code} {verdict.reason})")
        if after is not None:
            after(position, verdict.position)
        position = verdict.position
    raise AssertionError(f"{MAX_FORCED} forced passes in a row: the turn never comes back "
                         "to a decision")
