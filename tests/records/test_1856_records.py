"""The recorded 1856 games through the whole-game engine (docs/replay.md, Status):
hotseat001, hotseat004 and 89363 (optional rule ``alternate_destinations``) replay to
their end with the recorded values, and so does 51745, through the CGR formation, but
for one token the rules refuse (``KNOWN_REFUSALS``)."""

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
    ("51745.json", 521, 522, None),
]

#: record -> action -> why the engine refuses it. 51745's 467: CV's token on the city of
#: Kitchener's (I12) new tile 59 that faces I10, where no track runs: CV reaches only
#: the other city, the CGR's (WR's token, exchanged), and has $14 for its $100 token;
#: the platform checks no token's connection while it loads a game (docs/replay.md)
KNOWN_REFUSALS = {
    "51745.json": {467: "CV's token on a city its track does not reach"},
}


@pytest.mark.skipif(not GAMES.is_dir(), reason=f"no recorded 1856 games under {SHARED}")
@pytest.mark.parametrize(("name", "applied", "total", "stop"), REPLAYS,
                         ids=[r[0].split(".")[0] for r in REPLAYS])
def test_each_recorded_1856_game_replays_as_far_as_pinned(
        name: str, applied: int, total: int, stop: tuple[str, str] | None) -> None:
    known = KNOWN_REFUSALS.get(name, {})
    report = replay_as_pinned(GAMES / name, applied, total, stop, known)
    assert [r["at"] for r in report.refused] == [f"action {a}" for a in known]
    assert all("token/not_connected" in r["codes"] for r in report.refused)


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
