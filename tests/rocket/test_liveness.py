"""Issue 14's reproduction: a position no locomotive can leave ends under every
reading of end_lines, after the next action (SR-END-01), instead of offering only
``pass`` for ever."""

from __future__ import annotations

import dataclasses

import pytest

from oracle.rocket.actions import Pass
from oracle.rocket.holdings import set_line
from oracle.rocket.state import ISOLATED
from oracle.rocket.state import fast_replace as replace
from tests.rocket.helpers import RULES, drawn

#: York and Dover each walled in by water; nowhere to put a station, no city.
HEMMED = """
   1  2  3  4  5  6
A  ~  ~  ~  ~  ~  ~
B   ~  YO y@ ~  ~  ~
C  ~  ~  ~  ~  ~  ~
D   ~  DO d@ ~  ~  ~
E  ~  ~  ~  ~  ~  ~
"""


@pytest.mark.parametrize("reading", ["active", "undissolved"])
def test_hemmed_isolated_lines_end_the_game(reading: str) -> None:
    state = drawn(HEMMED, players=2, end_lines=reading)
    for line in ("york", "dover"):
        li = state.line_index(line)
        ln = state.lines[li]
        state = set_line(state, li, replace(ln, status=ISOLATED, pile=0,
                                            discarded=ln.discarded + ln.pile))
    assert RULES.legal_actions(state) == [Pass("p1")]
    after = RULES.apply(state, Pass("p1"))
    assert after.over and after.end_reason == "one_line"
    assert RULES.legal_actions(after) == []


def test_a_movable_isolated_line_still_counts_under_undissolved() -> None:
    state = drawn(HEMMED.replace("y@ ~", "y@ ."), players=2, end_lines="undissolved")
    li = state.line_index("york")
    ln = state.lines[li]
    state = set_line(state, li, replace(ln, status=ISOLATED, pile=0,
                                        discarded=ln.discarded + ln.pile))
    # York (isolated, can still move) and Dover (active, walled in) both count; the
    # default reading counts Dover alone.
    assert RULES.lines_left(state) == 2
    active = state.evolve(options=dataclasses.replace(state.options, end_lines="active"))
    assert RULES.lines_left(active) == 1
