"""The operating-round translation against the real-turns corpus: for every company
turn of ../shared/real-turns, the record's actions of that turn (found by its round and
company in the record cut into turns) translated from the file's start position and
played through the oracle, with the passes the platform implies, are the corpus's
``actions``. A REFUSED file's actions after its refusal come without implied passes
(the corpus README): there the actions besides passes are compared."""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.protocol.inprocess import InProcess
from oracle.records.titles import Names
from oracle.records.turns import company_turns
from tests.harness.requires import needs_shared
from tests.records.corpus import RECORDS, game, translated_turns, turn_files

pytestmark = [needs_shared("real-turns"), needs_shared("real-games")]

JSON = dict[str, Any]


def _not_passes(actions: list[JSON]) -> list[JSON]:
    return [a for a in actions if a["type"] != "pass"]


@pytest.mark.parametrize("folder", sorted(RECORDS))
def test_the_record_cut_into_turns_finds_every_corpus_turn(folder: str) -> None:
    g = game(folder)
    for path in turn_files(folder):
        data = json.loads(path.read_text("utf-8"))
        turn = g.turns[data["turn"]]
        assert (turn.round, turn.company) == (data["round"], data["company"]), path.name
    assert g.turns == company_turns(g.played, Names(g.translator.title),
                                    len(g.translator.record.players))


@pytest.mark.parametrize("folder", sorted(RECORDS))
def test_the_translated_turns_are_the_corpus_turns(folder: str) -> None:
    wrong = []
    count = 0
    for path, data, outcome in translated_turns(folder, InProcess()):
        count += 1
        want = data["actions"]
        if data["class"] == "REFUSED":
            cut = data["refused_at"] + 1
            same = outcome.applied[:cut] == want[:cut] and \
                _not_passes(outcome.applied[cut:]) == _not_passes(want[cut:])
        else:
            same = outcome.applied == want and outcome.refused_at is None
        if not same:
            wrong.append(f"{path.name}: {outcome.refusal or 'differs'}: "
                         f"{outcome.applied} vs corpus {want}")
    assert count == len(turn_files(folder)) > 0
    assert not wrong, "\n".join(wrong)
