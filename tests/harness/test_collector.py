"""The cyclic collector runs less often while games are played in bulk
(oracle/core/collector.py): its thresholds are held for the campaign and given back
after it, and the games it plays make no reference cycle for it to find."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from oracle.core.collector import THRESHOLDS, fewer_collections
from oracle.harness.fuzz_campaign import Campaign, play_one, run_games
from oracle.harness.lockstep import Lockstep
from oracle.protocol.inprocess import InProcess
from oracle.rocket.api import RocketAPI


def test_the_thresholds_are_held_for_the_block_and_given_back_after_it() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == THRESHOLDS != before
    assert gc.get_threshold() == before
    with pytest.raises(KeyError), fewer_collections():
        raise KeyError("a failure in the block")
    assert gc.get_threshold() == before


def test_a_campaign_plays_its_games_with_fewer_collections(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    seen: list[tuple[int, ...]] = []
    apply_made = RocketAPI.apply_made

    def noting(self: RocketAPI, position: object, action: object) -> object:
        seen.append(gc.get_threshold())
        return apply_made(self, position, action)  # type: ignore[arg-type]

    monkeypatch.setattr(RocketAPI, "apply_made", noting)
    before = gc.get_threshold()
    campaign = Campaign(impl="oracle", against="oracle", game="rocket", seed=2, games=2,
                        max_actions=6)
    lines = list(run_games(campaign, range(2), tmp_path / "games.jsonl"))
    assert len(lines) == 2 and seen and set(seen) == {THRESHOLDS}
    assert gc.get_threshold() == before


def test_the_lockstep_s_games_make_no_cycle_for_the_collector() -> None:
    lock = Lockstep(InProcess(), InProcess(), "rocket")
    campaign = Campaign(impl="oracle", against="oracle", game="rocket", seed=4,
                        max_actions=400)
    play_one(lock, campaign, 0)  # the tables made once
    gc.collect()
    gc.disable()
    try:
        played = [play_one(lock, campaign, index) for index in range(1, 4)]
        found = gc.collect()
    finally:
        gc.enable()
    assert sum(len(p.actions) for p in played) > 300
    assert found == 0
