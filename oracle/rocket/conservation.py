"""Conservation invariants, checked on canonical JSON so they grade any engine.

Shares, tiles, stations, tokens and money are never created or lost: after every
action each total still adds up, and what only ever grows (money, laid tiles,
stations on the board) has not shrunk. The totals themselves are
``oracle.rocket.invariants`` (the same ones ``codec.check_consistent`` applies to
the oracle's own states); this module only reads them off JSON.
"""

from __future__ import annotations

from typing import Any

from oracle.rocket import invariants

JSON = dict[str, Any]


def totals(position: JSON) -> list[str]:
    """Violations within one position."""
    return [str(v) for v in invariants.totals(invariants.of_json(position))]


def violations(before: JSON, after: JSON) -> list[str]:
    """Violations within ``after`` and between the two positions."""
    try:
        now, was = invariants.of_json(after), invariants.of_json(before)
        # ``was`` lets a sum that does not add up name whose amount changed
        return [str(v) for v in [*invariants.totals(now, was), *invariants.changes(was, now)]]
    except (KeyError, TypeError, AttributeError) as err:
        return [f"position lacks a field the invariants need: {err!r}"]
