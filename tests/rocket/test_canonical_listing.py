"""The canonical listing (oracle/rocket/rules/canonical.py): at every position of
random games, its groups one after another are exactly the sorted canonical texts of
the full listing (``legal_json``), each group is non-empty and of one action type,
and a group is the very object an earlier listing with the same key was handed
(what lets two sides' listings compare at a pointer a group)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.harness.canonical_keys import key
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import legal_groups
from oracle.rocket.rules.listing import legal_json
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def _full(rules: Rules, state: State) -> list[str]:
    """The listing written out whole and sorted: what the groups stand for."""
    return sorted(key(a) for a in legal_json(rules, state))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_the_groups_are_the_full_listing_sorted_at_every_position(seed: int,
                                                                  players: int) -> None:
    rules = Rules()
    start = initial_state([f"p{i}" for i in range(1, players + 1)], None, default_board())
    trace = random_trace(rules, start, random.Random(seed))
    for state, _ in trace:
        groups = legal_groups(rules, state)
        assert [t for group in groups for t in group] == _full(rules, state)
        for group in groups:
            assert group and len({json.loads(t)["type"] for t in group}) == 1
    assert len(trace) > 20


def test_a_group_is_handed_on_while_its_key_stands() -> None:
    """Two rule sets (two sides) listing equal positions get the very same groups
    (but for a lone pass, written each time), and most groups of a listing were
    handed to an earlier one already (written once, not once a position)."""
    a, b = Rules(), Rules()
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    trace = random_trace(a, start, random.Random(3))
    kept = total = shared = 0
    before: set[int] = set()
    for state, _ in trace:
        ga, gb = legal_groups(a, state), legal_groups(b, state.evolve())
        assert ga == gb
        shared += all(x is y for x, y in zip(ga, gb, strict=True))
        kept += sum(id(g) in before for g in ga)
        total += len(ga)
        before |= {id(g) for g in ga}
    assert shared >= len(trace) - 3
    assert kept > total // 2
