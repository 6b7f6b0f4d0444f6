"""oracle/harness/instructions.py: each workload callgrind counts runs as it says
(here without callgrind, a few units each), and the campaign workload plays exactly
its units of actions after its warm games."""

from __future__ import annotations

import pytest

from oracle.harness import instructions
from oracle.harness.lockstep_played import Played


@pytest.mark.parametrize("workload", sorted(instructions.RUN))
def test_each_workload_runs(workload: str) -> None:
    instructions.RUN[workload](3)
    instructions.RUN[workload](0)


@pytest.mark.parametrize("units", [0, 1, 290, 700])
def test_the_campaign_workload_plays_its_units_after_its_warm_games(
        monkeypatch: pytest.MonkeyPatch, units: int) -> None:
    from oracle.harness import fuzz_campaign

    played: list[tuple[int, int]] = []
    real = fuzz_campaign.play_one

    def counted(lock: object, campaign: fuzz_campaign.Campaign, index: int) -> Played:
        game = real(lock, campaign, index)  # type: ignore[arg-type]
        played.append((index, len(game.actions)))
        return game

    monkeypatch.setattr(fuzz_campaign, "play_one", counted)
    instructions.RUN["campaign"](units)
    warm = instructions.CAMPAIGN_WARM_GAMES
    assert [i for i, _ in played] == list(range(len(played)))  # one game after another
    assert len(played) >= warm and all(n > 0 for _, n in played[:warm])
    assert sum(n for _, n in played[warm:]) == units
