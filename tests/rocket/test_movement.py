"""Locomotive movement, one rule per test (research 3.3, SR-MRG-02/03, SR-ISO-06)."""

from __future__ import annotations

import pytest

from oracle.core.errors import IllegalAction
from oracle.rocket.state import VETO_WINDOW
from tests.rocket.helpers import RULES, act, drawn

OPEN = """
   1  2  3  4  5  6
A  .  .  .  .  .  .
B   .  .  YO .  .  .
C  .  .  .  .  .  .
D   LO .  .  .  .  DO
"""


def test_first_move_leaves_the_starting_town_in_any_direction() -> None:
    s = drawn(OPEN)
    assert RULES.destinations(s, "york") == ["A3", "A4", "B2", "B4", "C3", "C4"]


def test_later_moves_go_to_one_of_three_spaces_ahead() -> None:
    s = drawn("""
   1  2  3  4  5  6
A  .  .  .  .  .  .
B   .  .  YO y@ .  .
C  .  .  .  .  .  DO
""")
    assert s.line("york").heading == "e"
    assert RULES.destinations(s, "york") == ["A5", "B5", "C5"]


def test_a_move_takes_a_share_and_opens_the_veto_window() -> None:
    s = act(drawn(OPEN), type="move", player="p1", line="york", to="B4")
    assert s.phase == VETO_WINDOW
    assert s.holdings[0].real[s.line_index("york")] == 1
    assert s.line("york").pile == 15


@pytest.mark.parametrize(("board", "to", "code"), [
    ("A  .  LE YO .  .  DO", "A2", "move/onto_place"),
    ("A  ~  YO .  .  DO", "A1", "move/water"),
    ("A  .  .  .  DO  \nB   .  .  .  YO", "B5", "move/off_board"),
])
def test_refused_destinations(board: str, to: str, code: str) -> None:
    with pytest.raises(IllegalAction) as err:
        act(drawn(board), type="move", player="p1", line="york", to=to)
    assert err.value.code == code


def test_track_and_locomotives_block() -> None:
    s = drawn("""
A  .  .  .  .  .
B   .  l= l@e YO .
C  .  .  LV .  .
""")
    for to, code in (("B3", "move/onto_locomotive"),):
        with pytest.raises(IllegalAction) as err:
            act(s, type="move", player="p1", line="york", to=to)
        assert err.value.code == code


def test_never_next_to_two_other_lines() -> None:
    # C3 touches liverpool's locomotive (B3) and bristol's track (D3).
    s = drawn("""
A  .  .  .  .  .  .
B   LV l@w .  .  .  .
C  .  .  .  YO .  .
D   .  .  b= b@e BR .
""")
    assert "C3" not in RULES.destinations(s, "york")
    with pytest.raises(IllegalAction) as err:
        act(s, type="move", player="p1", line="york", to="C3")
    assert err.value.code == "move/two_lines"


def test_same_locomotive_never_twice_in_a_turn() -> None:
    s = act(drawn(OPEN), type="move", player="p1", line="york", to="B4")
    s = act(s, type="place_tile", player="p1")
    with pytest.raises(IllegalAction) as err:
        act(s, type="move", player="p1", line="york", to="B5")
    assert err.value.code == "move/same_locomotive_twice"


def test_a_refused_action_leaves_the_state_unchanged() -> None:
    s = drawn(OPEN)
    with pytest.raises(IllegalAction):
        act(s, type="move", player="p2", line="york", to="B4")
    assert s == drawn(OPEN)
