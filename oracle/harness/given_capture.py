"""What the two Given-position captures share (oracle/harness/openings.py for the
openings file, oracle/harness/site/positions.py for the site's boards): a scenario's
position as its Givens leave it, taken at its first step that is no Given, once."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

_SEEN = pytest.StashKey[bool]()


def given_position(request: pytest.FixtureRequest, step: Any,
                   out: str | None) -> tuple[str, dict[str, Any]] | None:
    """``(game, position)`` at the scenario's first step that is no Given, when ``out``
    (the capture's file) is set and the Givens built a position; None otherwise."""
    if not out or step.type == "given" or request.node.stash.get(_SEEN, False):
        return None
    request.node.stash[_SEEN] = True
    world = request.getfixturevalue("world")
    if world.position is None:
        return None
    return world.game, copy.deepcopy(world.position)


def append_record(out: str, record: dict[str, Any]) -> None:
    """One JSON line, keys sorted, appended to ``out``."""
    with open(out, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, sort_keys=True) + "\n")
