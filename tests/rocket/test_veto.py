"""The veto round (SR-VETO-*, SR-SEQ-*), unit by unit."""

from __future__ import annotations

import pytest

from oracle.core.errors import IllegalAction
from oracle.rocket.state import ACTION, VETO_BIDDING, VETO_DEFENCE, VETO_WINDOW, State
from tests.rocket.helpers import act, drawn, give_shares

BOARD = """
   1  2  3  4  5  6
A  .  .  .  .  .  .
B   .  .  YO y@ .  .
C  .  .  .  .  .  .
D   LO .  .  .  .  DO
"""


def moved(**options: object) -> State:
    """p1 has moved York from B4 to B5; p2 holds 2 York shares, p3 holds 1."""
    s = drawn(BOARD, **options)
    s = give_shares(s, "p2", "york", real=2)
    s = give_shares(s, "p3", "york", real=1)
    return act(s, type="move", player="p1", line="york", to="B5")


def test_without_a_call_the_mover_lays_the_tile() -> None:
    s = act(moved(), type="place_tile", player="p1")
    assert s.phase == ACTION
    assert s.line("york").loco == "B5"
    assert "B4" in s.line("york").track


def test_only_the_mover_lays_the_tile() -> None:
    with pytest.raises(IllegalAction) as err:
        act(moved(), type="place_tile", player="p2")
    assert err.value.code == "turn/not_your_turn"


@pytest.mark.parametrize("caller", ["p1", "p2", "p3"])
def test_anyone_may_call_a_veto_round(caller: str) -> None:
    s = act(moved(), type="call_veto", player=caller)
    assert s.phase == VETO_BIDDING
    assert s.pending is not None and s.pending.bidders == (1, 2)


def test_calling_does_not_oblige_a_bid() -> None:
    s = act(moved(), type="call_veto", player="p2")
    s = act(s, type="veto_pass", player="p2")
    s = act(s, type="veto_pass", player="p3")
    assert s.phase == ACTION and s.line("york").loco == "B5"


def test_zero_is_not_a_bid() -> None:
    s = act(moved(), type="call_veto", player="p2")
    with pytest.raises(IllegalAction) as err:
        act(s, type="veto_bid", player="p2", shares=0, to="C5")
    assert (err.value.code, err.value.ruling) == ("veto/minimum_one_share", "SR-VETO-05")


def test_bids_come_in_turn_order_and_must_top() -> None:
    s = act(moved(), type="call_veto", player="p2")
    with pytest.raises(IllegalAction) as err:
        act(s, type="veto_bid", player="p3", shares=1, to="C5")
    assert err.value.code == "veto/not_your_bid"
    s = act(s, type="veto_bid", player="p2", shares=1, to="C5")
    with pytest.raises(IllegalAction) as err:
        act(s, type="veto_bid", player="p3", shares=1, to="A5")
    assert err.value.code == "veto/bid_too_low"


def test_a_bid_names_a_space_the_locomotive_could_have_chosen() -> None:
    s = act(moved(), type="call_veto", player="p2")
    with pytest.raises(IllegalAction) as err:
        act(s, type="veto_bid", player="p2", shares=1, to="D5")
    assert err.value.code == "veto/illegal_space"


def test_the_mover_defends_only_his_first_choice() -> None:
    s = act(moved(), type="call_veto", player="p2")
    s = act(s, type="veto_bid", player="p2", shares=1, to="C5")
    s = act(s, type="veto_pass", player="p3")
    assert s.phase == VETO_DEFENCE
    with pytest.raises(IllegalAction) as err:
        act(s, type="defend", player="p1", shares=1, to="A5")
    assert (err.value.code, err.value.ruling) == ("veto/not_original_space", "SR-VETO-03")


def test_the_mover_equals_the_bid_with_the_share_just_taken() -> None:
    s = act(moved(), type="call_veto", player="p2")
    s = act(s, type="veto_bid", player="p2", shares=1, to="C5")
    s = act(s, type="veto_pass", player="p3")
    s = act(s, type="defend", player="p1", shares=1, to="B5")  # SR-SEQ-02, SR-VETO-04
    li = s.line_index("york")
    assert s.line("york").loco == "B5"
    assert s.holdings[0].real[li] == 0
    assert s.line("york").pile == 16 - 2 - 1  # the paid share is back on the pile


def test_conceding_sends_the_locomotive_to_the_winning_space() -> None:
    s = act(moved(), type="call_veto", player="p2")
    s = act(s, type="veto_bid", player="p2", shares=2, to="C5")
    s = act(s, type="veto_pass", player="p3")
    s = act(s, type="concede", player="p1")
    assert s.line("york").loco == "C5" and s.line("york").heading == "se"
    assert s.holdings[1].real[s.line_index("york")] == 0
    assert s.holdings[0].real[s.line_index("york")] == 1  # the mover keeps his share


def test_defence_below_the_bid_is_refused() -> None:
    s = act(moved(), type="call_veto", player="p2")
    s = act(s, type="veto_bid", player="p2", shares=2, to="C5")
    s = act(s, type="veto_pass", player="p3")
    with pytest.raises(IllegalAction) as err:
        act(s, type="defend", player="p1", shares=1, to="B5")
    assert err.value.code == "veto/defence_too_low"


def test_supplementary_shares_are_swapped_for_real_ones_before_paying() -> None:
    s = drawn(BOARD)
    s = give_shares(s, "p2", "york", supp=2)
    s = give_shares(s, "p3", "york", real=3)
    s = act(s, type="move", player="p1", line="york", to="B5")
    s = act(s, type="call_veto", player="p3")
    s = act(s, type="veto_bid", player="p2", shares=2, to="C5")
    s = act(s, type="veto_pass", player="p3")
    s = act(s, type="concede", player="p1")
    li = s.line_index("york")
    assert (s.holdings[1].real[li], s.holdings[1].supplementary[li]) == (0, 0)
    assert (s.holdings[2].real[li], s.holdings[2].supplementary[li]) == (1, 2)
    assert s.line("york").pile == 16 - 3 - 1 + 2


@pytest.mark.parametrize(("reading", "accepted"), [
    ("return_supplementary", True), ("refuse_bid", False)])
def test_unswappable_supplementary_shares(reading: str, accepted: bool) -> None:
    s = drawn(BOARD, veto_shortfall=reading)
    s = give_shares(s, "p2", "york", supp=2)
    s = act(s, type="move", player="p1", line="york", to="B5")
    s = act(s, type="call_veto", player="p2")
    # Only p1 holds a real York share; p2 could swap one, not two (SR-VETO-08).
    if not accepted:
        with pytest.raises(IllegalAction) as err:
            act(s, type="veto_bid", player="p2", shares=2, to="C5")
        assert err.value.code == "veto/unpayable"
        return
    s = act(s, type="veto_bid", player="p2", shares=2, to="C5")
    s = act(s, type="veto_pass", player="p3")
    s = act(s, type="concede", player="p1")
    assert s.supplementary_issued == 1


def test_the_window_blocks_other_actions() -> None:
    with pytest.raises(IllegalAction) as err:
        act(moved(), type="take_token", player="p1", city="london", industry="steel")
    assert err.value.code == "turn/veto_in_progress"
    assert moved().phase == VETO_WINDOW
