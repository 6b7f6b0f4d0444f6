"""The platform's readings a replay plays by, and the ones it changed: a record whose
play began before a change replays under the older reading (``PLATFORM_BEFORE``)."""

from __future__ import annotations

from oracle.records.reader import Record
from oracle.records.titles import PLATFORM_BEFORE, game_options, played_at

#: tobymao/18xx #4752 (reported fixed on 2021-03-27): 1870's connection check counts
#: the trains' reach from then on
CHANGE = PLATFORM_BEFORE["1870"][0][2]


def record(*times: object) -> Record:
    entries = tuple({"type": "pass", "entity": "P", "id": i, "created_at": t}
                    for i, t in enumerate(times, 1))
    return Record("1870", ("a", "b"), (), entries, {}, None)


def test_a_record_played_before_the_change_replays_by_track() -> None:
    assert game_options(record(CHANGE - 86400, CHANGE + 5))["destination_connection"] == "track"


def test_a_later_record_replays_by_the_trains_reach_our_default() -> None:
    assert "destination_connection" not in game_options(record(CHANGE, CHANGE + 5))
    assert "destination_connection" not in game_options(record("2021-03-01"))


def test_play_begins_at_the_earliest_numeric_time() -> None:
    assert played_at(record(30, 10, "x", True, 20)) == 10
    assert played_at(record()) is None
