"""The recorded 1856 games through the whole-game engine (docs/replay.md, Status):
hotseat001, hotseat004 and 89363 (optional rule ``alternate_destinations``) replay to
their end with the recorded values; 51745 to its first ``merge``, the CGR formation,
which is not modelled."""

from __future__ import annotations

import pytest

from oracle.records.reader import load_record
from oracle.records.titles import game_options
from tests.harness.requires import SHARED
from tests.records.pinned import replay_as_pinned

GAMES = SHARED / "real-games" / "1856"

#: record, actions applied of the total, where it stops (None: to its end, agreeing)
REPLAYS = [
    ("hotseat001.json", 98, 98, None),
    ("hotseat004.json", 87, 87, None),
    ("89363.json", 163, 163, None),
    # the first 6 train's CGR formation: GT merges into the CGR (not modelled)
    ("51745.json", 501, 522, ("action 461", "")),
]


@pytest.mark.skipif(not GAMES.is_dir(), reason=f"no recorded 1856 games under {SHARED}")
@pytest.mark.parametrize(("name", "applied", "total", "stop"), REPLAYS,
                         ids=[r[0].split(".")[0] for r in REPLAYS])
def test_each_recorded_1856_game_replays_as_far_as_pinned(
        name: str, applied: int, total: int, stop: tuple[str, str] | None) -> None:
    report = replay_as_pinned(GAMES / name, applied, total, stop)
    if report.stop is not None:
        assert "CGR formation" in report.stop.reason


@pytest.mark.skipif(not GAMES.is_dir(), reason=f"no recorded 1856 games under {SHARED}")
def test_the_platform_played_the_alternate_destinations_before_mid_2021() -> None:
    """hotseat001 (March 2021) is replayed with the destinations the platform later made
    its optional rule; hotseat004 (May 2021) with the charters'."""
    early = game_options(load_record(GAMES / "hotseat001.json"))
    later = game_options(load_record(GAMES / "hotseat004.json"))
    assert early["alternate_destinations"] == "yes"
    assert "alternate_destinations" not in later
    assert later == {"title": "1856", "operating_order": "each_turn",
                     "first_priority": "next_in_turn"}
