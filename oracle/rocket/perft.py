"""Perft for Stephenson's Rocket: count the leaves of the legal-action tree.

As in chess engines, a mismatch between two implementations is found by
``divide``: the count below each legal action, so the first action whose subtree
differs shows where the rules disagree.
"""

from __future__ import annotations

from oracle.rocket.rules import Rules
from oracle.rocket.state import State


def perft(rules: Rules, state: State, depth: int) -> int:
    if depth == 0:
        return 1
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(rules, rules._apply(state, a), depth - 1) for a in actions)


def divide(rules: Rules, state: State, depth: int) -> dict[str, int]:
    """Leaf count under each legal action, keyed by the action's canonical JSON."""
    from oracle.core.canonical import canonical_dumps
    return {canonical_dumps(a.to_json()): perft(rules, rules._apply(state, a), depth - 1)
            for a in rules.legal_actions(state)}
