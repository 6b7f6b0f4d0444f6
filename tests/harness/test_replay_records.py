"""``railrules replay --from 18xx.games FILE``: a recorded game replayed through an
implementation. Exit 2 for a record we cannot read (it names what is wrong: missing
actions, an unknown action type, an unknown company, an optional rule we do not model,
undo/redo against the skip flags); 1 at the first disagreement, a crashing or hanging
engine among them (reported, never waited for); 0 when the whole record replays and
the final values are the record's. Once the oracle plays whole 1830 games, each
recorded 1830 game of ../shared/real-games replays to its end."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from harness_paths import HERE

from oracle.harness.cli import main
from oracle.harness.replay_record import replay_record
from oracle.protocol.inprocess import InProcess
from oracle.records.reader import load_record
from tests.harness.requires import SHARED
from tests.records.pinned import replay_as_pinned

ENGINE = f"{sys.executable} {HERE / 'fakes' / 'record_engine.py'}"
GAMES = sorted((SHARED / "real-games" / "1830").glob("*.json"))


def write(tmp_path: Path, data: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def game(actions: list[dict[str, Any]], rules: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"title": "1830", "players": [{"id": 11}, {"id": 12}, {"id": 13}],
            "settings": {"optional_rules": list(rules)}, "actions": actions,
            "result": {"11": 600, "12": 600, "13": 600}, "game_end_reason": "bank"}


#: a bid under the private's face value: refused by any engine that knows the auction
LOW_BID = {"id": 1, "type": "bid", "entity": 11, "entity_type": "player", "company": "CA",
           "price": 1}


def replay(*args: str) -> int:
    return main(["replay", "--from", "18xx.games", *args])


@pytest.mark.parametrize(("data", "named"), [
    ({"title": "1830", "players": [{"id": 1}]}, "the record has no 'actions' list"),
    (game([{**LOW_BID, "type": "take_loan"}]),
     "action 1: action type 'take_loan' is not translated for 1830"),
    (game([{"id": 1, "type": "par", "entity": 11, "entity_type": "player",
            "corporation": "D&H", "share_price": "100,0,6"}]), "unknown company 'D&H'"),
    (game([LOW_BID], rules=("fancy_rule",)), "optional rule fancy_rule of 1830 is not "
                                             "modelled"),
    (game([{**LOW_BID, "skip": True}]), "undo/redo disagrees with the record's skip "
                                        "flags: action 1 \\(bid\\): kept"),
    ({**game([]), "title": "1835"}, "title '1835': not replayed"),
])
def test_a_record_we_cannot_read_exits_2_naming_what_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, named: str) -> None:
    assert replay(str(write(tmp_path, data))) == 2
    assert re.search(named, capsys.readouterr().err)


def test_a_file_that_is_not_json_exits_2(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text("{")
    assert replay(str(path)) == 2
    assert "not a readable JSON file" in capsys.readouterr().err


def test_a_refusal_stops_the_replay_and_is_reported(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    assert replay(str(write(tmp_path, game([LOW_BID, {**LOW_BID, "id": 2}]))),
                  "--json", str(out)) == 1
    text = capsys.readouterr().out
    assert "played 0 of 2 record actions" in text
    assert "stopped at action 1: refused" in text
    report = json.loads(out.read_text())
    assert report["verdict"] == "refused" and report["applied"] == 0
    assert report["stop"]["translated"] == {"type": "bid", "player": "P1", "private": "CA",
                                            "price": 1}
    assert report["stop"]["code"]
    assert report["players"] == {"11": "P1", "12": "P2", "13": "P3"}
    assert [r["record"] for r in report["values"]] == [600, 600, 600]


#: P1 buys the cheapest private at its price: every engine that knows the auction takes it
BUY_SV = {"id": 2, "type": "bid", "entity": 11, "entity_type": "player", "company": "SV",
          "price": 20}


def test_a_known_refusal_is_reported_and_the_replay_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    replay(str(write(tmp_path, game([LOW_BID, BUY_SV]))), "--known-refusal", "1",
           "--json", str(out))
    text = capsys.readouterr().out
    assert "played 1 of 2 record actions" in text
    assert "refused as expected at action 1 (named on the command line" in text
    report = json.loads(out.read_text())
    assert report["stop"] is None and report["applied"] == 1
    assert [r["at"] for r in report["known_refusals"]] == ["action 1"]
    # one the engine takes stops the replay
    assert replay(str(write(tmp_path, game([BUY_SV]))), "--known-refusal", "2") == 1
    assert "stopped at action 2: accepted: replay/known_refusal_taken" in \
        capsys.readouterr().out


@pytest.mark.parametrize(("mode", "outcome"), [("hang", "timeout"), ("crash", "crash")])
def test_an_engine_that_hangs_or_crashes_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, outcome: str) -> None:
    out = tmp_path / "report.json"
    began = time.monotonic()
    assert replay(str(write(tmp_path, game([LOW_BID]))), "--impl", f"{ENGINE} {mode}",
                  "--timeout", "2", "--json", str(out)) == 1
    assert time.monotonic() - began < 30
    stop = json.loads(out.read_text())["stop"]
    assert (stop["kind"], stop["code"], stop["at"]) == ("engine", outcome, "action 1")


def test_json_is_for_records_only(tmp_path: Path) -> None:
    trace = write(tmp_path, {"actions": []}, "trace.json")
    assert main(["replay", str(trace), "--json", str(tmp_path / "r.json")]) == 2
    assert main(["replay", str(trace), "--known-refusal", "1"]) == 2


@pytest.mark.skipif(not GAMES, reason=f"no recorded 1830 games under {SHARED}/real-games "
                                      "(../shared beside the checkout)")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_each_recorded_1830_game_replays_to_its_end(path: Path) -> None:
    """Every action replays and the final values are the record's result."""
    report = replay_record(load_record(path), InProcess(), path.name)
    assert report.stop is None and report.applied == report.total, report.text()
    assert report.verdict() == "agrees", report.text()
    assert all(r["record"] == r["engine"] for r in report.rows())


GAMES_1870 = SHARED / "real-games" / "1870"

#: how far each recorded 1870 game replays (docs/replay.md, Status): the record, the
#: actions applied of the total, and where it stops (None: to its end, agreeing). All
#: three replay to their end and reproduce the recorded values: 34110 under the
#: platform's connection check of its day (``destination_connection=track``, dated in
#: ``PLATFORM_BEFORE``), the bankruptcy game through its buy-backs, the sold-out rise
#: of a company holding its own shares, the price protection of emergency sales and
#: the bankrupt's sell-off that leaves the prices
REPLAYS_1870 = [
    ("1644327587 Mississippi river madness.json", 429, 429, None),
    ("34110.json", 244, 244, None),
    ("1870_game_end_bankrupt.json", 844, 844, None),
]


@pytest.mark.skipif(not GAMES_1870.is_dir(), reason=f"no recorded 1870 games under {SHARED}")
@pytest.mark.parametrize(("name", "applied", "total", "stop"), REPLAYS_1870,
                         ids=[r[0].split()[0] for r in REPLAYS_1870])
def test_each_recorded_1870_game_replays_as_far_as_pinned(
        name: str, applied: int, total: int, stop: tuple[str, str] | None) -> None:
    """The 1870 records, through the whole-game engine: to their end with the recorded
    values, or to the pinned action, refused with the pinned code."""
    replay_as_pinned(GAMES_1870 / name, applied, total, stop)
