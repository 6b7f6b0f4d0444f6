"""A recorded game replayed in process and held to where it is pinned: the actions
applied of the total (less the actions it was told to expect refused), and either its
end agreeing with the record's values or the action it stops at with the code
(tests/records/test_1856_records.py, tests/harness/test_replay_records.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from oracle.harness.record_report import Report
from oracle.harness.replay_record import replay_record
from oracle.protocol.inprocess import InProcess
from oracle.records.reader import load_record


def replay_as_pinned(path: Path, applied: int, total: int,
                     stop: tuple[str, str] | None,
                     known_refusals: Mapping[int, str] | None = None) -> Report:
    report = replay_record(load_record(path), InProcess(), path.name,
                           known_refusals=known_refusals)
    assert (report.applied, report.total) == (applied, total), report.text()
    if stop is None:
        assert report.stop is None and report.verdict() == "agrees", report.text()
        assert all(r["record"] == r["engine"] for r in report.rows())
    else:
        assert report.stop is not None, report.text()
        assert (report.stop.at, report.stop.code) == stop, report.text()
    return report
