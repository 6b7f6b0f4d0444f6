"""Whole sets of operating rounds replayed from a recorded game through the oracle:
from the real-turns start position of a set's first company turn, every played action
of the set in turn, with the passes and home tokens the platform implies, across company
turns and operating rounds (``replay_record`` with a ``Span``). The stock rounds wait
for the whole-game engine; this is the record driver over what the oracle plays today.

A set where a company buys a private the start position does not list (the corpus's
positions list only the privates a turn needed) cannot be judged from there; the rest
play to their end, but for the disagreements named in ``STOPS``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.harness.real_turns import start_position
from oracle.harness.replay_record import Span, replay_record
from oracle.protocol.inprocess import InProcess
from tests.harness.requires import needs_shared
from tests.records.corpus import game, turn_files

pytestmark = [needs_shared("real-turns"), needs_shared("real-games")]

JSON = dict[str, Any]
FOLDERS = ["1830/26855", "1830/29133", "1870/mississippi-river-madness"]

#: (folder, set) -> (the action the replay stops at, why): what the oracle and the record
#: disagree on, for the lead to judge
STOPS: dict[tuple[str, str], tuple[str, str]] = {
    ("1830/26855", "OR 6"): (
        "action 583",
        "operating order: NYC and ERIE start OR 6.1 tied at 40 (ERIE first); C&O's "
        "president's emergency sales move both to 30, and the platform runs NYC before "
        "ERIE; the oracle keeps the order of the round's start"),
}


def sets(folder: str) -> list[tuple[str, int, int, int]]:
    """Each set of the game: its name, its first turn's index, and the span of played
    actions from that turn to the end of the set's last turn."""
    g = game(folder)
    out: dict[str, tuple[str, int, int, int]] = {}
    for turn in g.turns:
        name = turn.round.split(".")[0]
        last = max(g.played.index(p) for p in turn.actions) + 1
        was = out.get(name, (name, turn.index, turn.start, last))
        out[name] = (*was[:3], last)
    return list(out.values())


def _corpus_turns(folder: str) -> set[int]:
    return {json.loads(p.read_text("utf-8"))["turn"] for p in turn_files(folder)}


#: the sets whose first turn the corpus holds (its README lists the turns it leaves
#: out: a set starting with one has no start position to replay from)
CASES = [(f, *s) for f in FOLDERS for s in sets(f) if s[1] in _corpus_turns(f)] if all(
    turn_files(f) for f in FOLDERS) else []


@pytest.mark.parametrize(("folder", "name", "turn", "first", "last"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_set_of_operating_rounds_replays(folder: str, name: str, turn: int, first: int,
                                           last: int) -> None:
    files = {json.loads(p.read_text("utf-8"))["turn"]: p for p in turn_files(folder)}
    start = start_position(json.loads(files[turn].read_text("utf-8")))
    g = game(folder)
    report = replay_record(g.translator.record, InProcess(), folder,
                           Span(start, first, last))
    stop = report.stop
    listed = {p["id"] for p in start["privates"]}
    if stop is not None and stop.translated and stop.translated["type"] == "buy_private" \
            and stop.translated["private"] not in listed:
        # the corpus's start position lists only the D&H of the privates, so a set in
        # which a company buys another one replays up to that purchase, which the engine
        # refuses for a private the position lacks (the whole game's replay,
        # test_replay_records.py, plays these purchases from the new game)
        assert stop.kind == "refused" and stop.code == "malformed", report.text()
        assert f"no private {stop.translated['private']!r}" in stop.reason, report.text()
        return
    if (folder, name) in STOPS:
        assert stop is not None and stop.at == STOPS[folder, name][0], report.text()
        return
    assert report.verdict() == "played", report.text()
