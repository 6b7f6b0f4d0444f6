"""The lockstep of two in-process engines with both listings as texts (issue 28 item 1,
docs/fuzz.md "Speed"): A's listing is its canonical texts too, the chooser draws from
them, and the station spaces are worked out once per position (``_Free``). What a
campaign compares is still compared: an engine whose listing differs by one action,
or whose position differs in one field, at a step where those paths are taken, is
caught as before; the chooser draws the same actions from texts as from dicts."""

from __future__ import annotations

import json
import random
from itertools import groupby, islice
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core.made import Listed
from oracle.harness import fuzz_campaign
from oracle.harness.canonical_keys import key
from oracle.harness.fuzz_campaign import Campaign, play_one, random_chooser
from oracle.harness.lockstep import Lockstep
from oracle.protocol.inprocess import InProcess
from oracle.rocket.api import RocketAPI
from oracle.rocket.holdings import set_holding
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.rules.listing import _lists_as_turn
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State
from oracle.rocket.state import fast_replace as replace

CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=0, games=1,
                    max_actions=400)


class Counting(Lockstep):
    """Counts the steps compared through A's and B's texts."""

    texts = 0

    def _compare_listed(self, *args: Any) -> Any:
        self.texts += 1
        return super()._compare_listed(*args)


class MoverOneShort(Rules):
    """Offers a moved station one space fewer (the last) from the 30th listing on: a
    port whose incremental listing forgets a space only where a station moves."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def station_spaces(self, state: State, moving: str | None) -> list[str]:
        self.asked += moving is None
        spaces = super().station_spaces(state, moving)
        return spaces[:-1] if moving is not None and self.asked >= 30 and spaces else spaces


class RichAfterTwenty(Rules):
    """The 20th action applied gives its player one pound more (one field differs)."""

    def __init__(self) -> None:
        super().__init__()
        self.applied = 0

    def apply(self, state: State, action: Any) -> State:
        after = super().apply(state, action)
        self.applied += 1
        if self.applied != 20:
            return after
        pi = state.players.index(action.player)
        h = after.holdings[pi]
        return set_holding(after, pi, replace(h, money=h.money + 1))


def _side(rules: Rules) -> InProcess:
    api = RocketAPI(rules)
    assert type(api) is RocketAPI and _lists_as_turn(rules)  # the text paths are taken
    return InProcess(overrides={"rocket": api})


def test_a_moved_station_one_space_short_is_caught_on_the_text_path() -> None:
    for a, b in ((InProcess(), _side(MoverOneShort())), (_side(MoverOneShort()), InProcess())):
        lock = Counting(a, b, "rocket")
        played = play_one(lock, CAMPAIGN, 0)
        assert lock.texts > 30  # every step compared through both sides' texts
        assert played.divergence is not None
        assert played.divergence.kind == "legal_actions"
        detail: dict[str, Any] = played.divergence.detail
        only = detail["only_a"] + detail["only_b"]
        assert len(only) >= 1 and {x["type"] for x in only} == {"move_station"}
        assert detail["count_a"] != detail["count_b"]
        assert not a.texts and not b.texts and not a.made and not b.made


def test_one_field_of_a_made_position_differing_is_caught_with_its_path() -> None:
    lock = Counting(InProcess(), _side(RichAfterTwenty()), "rocket")
    played = play_one(lock, CAMPAIGN, 0)
    assert played.divergence is not None
    assert (played.divergence.step, played.divergence.kind) == (20, "position")
    diff = played.divergence.detail["diff"]
    assert len(diff) == 1 and diff[0]["path"].endswith("money")
    assert diff[0]["b"] == diff[0]["a"] + 1
    assert lock.texts == 20


def test_the_text_path_plays_the_games_the_dict_path_plays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A chooser without ``from_listed`` has A list dicts (the path before): the same
    games, the same choices."""
    fast = [play_one(Lockstep(InProcess(), InProcess(), "rocket"), CAMPAIGN, i)
            for i in range(2)]
    real = fuzz_campaign.random_chooser

    def dicts_only(rng: random.Random) -> Any:
        chooser = real(rng)
        return lambda step, legal: chooser(step, legal)

    monkeypatch.setattr(fuzz_campaign, "random_chooser", dicts_only)
    for index in range(2):
        lock = Counting(InProcess(), InProcess(), "rocket")
        slow = play_one(lock, CAMPAIGN, index)
        assert lock.texts == 0
        assert fast[index].divergence is None and slow.divergence is None
        assert fast[index].actions == slow.actions
        assert fast[index].choices == slow.choices


_VALUES = st.one_of(st.text(max_size=4), st.integers(), st.none(), st.booleans())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.dictionaries(st.sampled_from(["type", "to", "x"]), _VALUES,
                                         max_size=3), min_size=1, max_size=12),
                min_size=1, max_size=5), st.integers(0, 2**32), st.integers(1, 4))
def test_the_chooser_draws_the_same_from_a_listing_as_from_dicts(
        steps: list[list[dict[str, Any]]], seed: int, cut: int) -> None:
    """However the sorted texts are cut into groups of one type (runs of one type cut
    again every ``cut`` texts), the chooser picks the place of the action it picks
    from the sorted dicts."""
    by_dict, by_place = random_chooser(random.Random(seed)), random_chooser(random.Random(seed))
    for step, actions in enumerate(steps):
        ordered = sorted(actions, key=key)
        texts = [key(a) for a in ordered]
        groups: list[tuple[str, ...]] = []
        for _, run in groupby(texts, key=lambda t: fuzz_campaign._KINDS[t]):
            run_texts = list(run)
            groups += [tuple(run_texts[i:i + cut]) for i in range(0, len(run_texts), cut)]
        place = by_place.from_listed(step, Listed(groups))
        assert place is not None
        assert json.loads(texts[place]) == by_dict(step, ordered)


def _from_scratch(state: State, moving: str | None) -> list[str]:
    """The filter ``station_spaces`` made before, over the whole board per station."""
    zone = state.board.zone
    bad = set(state.track_owner)
    for s in state.loco_at:
        bad.update(zone.get(s) or (s,))
    for s in state.station_owner:
        if s != moving:
            bad.update(zone.get(s) or (s,))
    return [s for s in state.board.open_land_sorted if s not in bad]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_station_spaces_once_a_position_equal_the_filter_per_station(seed: int,
                                                                    players: int) -> None:
    rules = Rules()
    start = initial_state([f"p{i}" for i in range(1, players + 1)], None, default_board())
    for state, _ in islice(random_trace(rules, start, random.Random(seed)), 0, None, 3):
        some_land = state.board.open_land_sorted[::37]
        for moving in (None, *sorted(state.station_owner), *some_land):
            expected = _from_scratch(state, moving)
            assert rules.station_spaces(state, moving) == expected
            if moving is not None:  # the listing's: where a station on ``moving`` goes
                assert list(rules.moved_station_spaces(state, moving)) == [
                    s for s in expected if s != moving]
