"""The lockstep's speed paths (docs/fuzz.md, "Speed", issue 28) compare what they
compared before: an in-process mutant, whose engine shares no memory with the
reference's, diverges at the same step with the same kind whether the step's
positions are pinned or not; a listing that differs by one action is still a
``legal_actions`` divergence naming it; and every step's pins stay within the side
that made the position."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.lockstep import Lockstep, Played
from oracle.harness.mutants import all_mutants
from oracle.protocol.implementation import JSON
from oracle.protocol.inprocess import InProcess
from oracle.rocket.api import RocketAPI

CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=0, games=1,
                    max_actions=400)


class Unpinned(InProcess):
    """The oracle as it answered before issue 28: no position pinned across steps."""

    def pinned(self, game: str, position: JSON) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()


def _mutant(name: str) -> InProcess:
    return InProcess(overrides={"rocket": all_mutants()[name].make()})


def _play(a: InProcess, b: InProcess, index: int = 0) -> Played:
    return play_one(Lockstep(a, b, "rocket"), CAMPAIGN, index)


@pytest.mark.parametrize(("mutant", "kind"), [("never_isolated", "position"),
                                               ("legal_offers_eighth_station",
                                                "legal_actions"),
                                               ("six_stations", "verdict")])
def test_an_in_process_mutant_diverges_as_without_the_speed_paths(mutant: str,
                                                                  kind: str) -> None:
    fast = _play(_mutant(mutant), InProcess())
    assert fast.divergence is not None and fast.divergence.kind == kind
    slow = _play(Unpinned(overrides={"rocket": all_mutants()[mutant].make()}), Unpinned())
    assert slow.divergence is not None
    assert (fast.divergence.step, fast.divergence.kind, fast.divergence.detail) == (
        slow.divergence.step, slow.divergence.kind, slow.divergence.detail)
    assert fast.actions == slow.actions


class OneActionShort(RocketAPI):
    """Lists one action fewer from the fifth position on (a port's listing bug)."""

    def __init__(self) -> None:
        super().__init__()
        self.listed = 0

    def legal_actions(self, position: JSON) -> list[JSON]:
        self.listed += 1
        listed = super().legal_actions(position)
        return listed[1:] if self.listed >= 5 and len(listed) > 1 else listed


def test_a_listing_one_action_short_is_caught_with_the_action() -> None:
    for a, b in ((InProcess(), InProcess(overrides={"rocket": OneActionShort()})),
                 (InProcess(overrides={"rocket": OneActionShort()}), InProcess())):
        played = _play(a, b)
        assert played.divergence is not None
        assert played.divergence.kind == "legal_actions"
        detail: dict[str, Any] = played.divergence.detail
        assert len(detail["only_a"]) + len(detail["only_b"]) == 1
        assert abs(detail["count_a"] - detail["count_b"]) == 1


def test_the_reference_against_itself_agrees_pinned_or_not() -> None:
    for index in range(2):
        fast, slow = _play(InProcess(), InProcess(), index), _play(Unpinned(), Unpinned(),
                                                                   index)
        assert fast.divergence is None and slow.divergence is None
        assert fast.actions == slow.actions and fast.choices == slow.choices




def test_a_position_changed_unpinned_is_read_again() -> None:
    """The pin is the caller's word: a position edited and handed back without one is
    decoded and checked again, so the edit is seen (a refusal here)."""
    api = RocketAPI()
    impl = InProcess(overrides={"rocket": api})
    position = impl.new_game("rocket", ["p1", "p2", "p3"], {})
    with impl.pinned("rocket", position):
        after = impl.apply("rocket", position, impl.legal_actions("rocket", position)[0])
    assert after.position is not None
    after.position["supply"]["passengers"] = -1
    with pytest.raises(Exception, match="passengers"):
        impl.scores("rocket", after.position)


def test_a_served_oracle_agrees_and_its_own_positions_skip_the_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Against ``railrules serve`` (B) the reference oracle (A) agrees on every step; B's
    positions, the same values as A's, are not checked again, while a position that is
    not (a served mutant's, below) is."""
    from oracle.harness.fuzz_bench import SERVE
    from oracle.protocol.client import ProtocolClient
    from oracle.protocol.reply_checks import ReplyChecks

    checked: list[int] = []
    real = ReplyChecks._check_position

    def counting(self: ReplyChecks, command: str, position: Any) -> None:
        checked.append(1)
        real(self, command, position)

    monkeypatch.setattr(ReplyChecks, "_check_position", counting)
    served = ProtocolClient(SERVE, timeout=60.0)
    try:
        played = play_one(Lockstep(InProcess(), served, "rocket"),
                          Campaign(**{**CAMPAIGN.to_json(), "max_actions": 30}), 0)
    finally:
        served.close()
    assert played.divergence is None and len(played.actions) == 30
    assert len(checked) <= 1  # the new game's, at most: no applied position
    assert served.reference_position is None


def test_a_served_mutant_is_caught_with_its_positions_checked() -> None:
    from oracle.protocol.client import ProtocolClient

    served = ProtocolClient("railrules serve-mutant never_isolated", timeout=60.0)
    try:
        played = play_one(Lockstep(InProcess(), served, "rocket"), CAMPAIGN, 0)
    finally:
        served.close()
    assert played.divergence is not None and played.divergence.kind == "position"


def test_18xx_plays_the_same_games_pinned_or_not() -> None:
    """18xx pins too (EighteenAPI): its applies to a pinned position change nothing."""
    campaign = Campaign(impl="oracle", against="oracle", game="18xx", seed=3, games=1,
                        max_actions=60)
    for index in range(6):
        fast = play_one(Lockstep(InProcess(), InProcess(), "18xx"), campaign, index)
        slow = play_one(Lockstep(Unpinned(), Unpinned(), "18xx"), campaign, index)
        assert (fast.actions, fast.divergence, fast.outcome) == (
            slow.actions, slow.divergence, slow.outcome)


def test_made_positions_stay_within_the_lockstep() -> None:
    """Two in-process engines answer ``apply`` with a ``Made`` only while a lockstep game
    lasts; what the game leaves (the shrinker's positions, the trace) is JSON."""
    a, b = InProcess(), InProcess()
    lock = Lockstep(a, b, "rocket")
    lock.positions = []
    played = play_one(lock, Campaign(**{**CAMPAIGN.to_json(), "max_actions": 20}), 0)
    assert played.divergence is None and len(played.actions) == 20
    assert not a.made and not b.made
    assert all(type(p) is dict for p in lock.positions)
    start = a.new_game("rocket", ["p1", "p2"], {})
    verdict = a.apply("rocket", start, a.legal_actions("rocket", start)[0])
    assert type(verdict.position) is dict


@pytest.mark.parametrize(("mutant", "kind"), [("never_isolated", "position"),
                                               ("legal_offers_eighth_station",
                                                "legal_actions")])
def test_a_mutant_as_b_diverges_as_without_the_speed_paths(mutant: str, kind: str) -> None:
    """B's listing as texts (``Listed``) and its positions as ``Made``: the same step,
    kind and detail (only A's and B's actions named) as through their JSON."""
    fast = _play(InProcess(), _mutant(mutant))
    slow = _play(Unpinned(), Unpinned(overrides={"rocket": all_mutants()[mutant].make()}))
    assert fast.divergence is not None and fast.divergence.kind == kind
    assert slow.divergence is not None
    assert fast.divergence.to_json() == slow.divergence.to_json()
    assert fast.actions == slow.actions
