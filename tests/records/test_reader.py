"""The record reader: undo/redo as the platform means it, checked against the stored
``skip`` flags of every recorded game in ../shared/real-games; chat and automation
settings ignored; auto actions played after their entry; a malformed record names what
is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from oracle.records.reader import (
    Record,
    RecordError,
    ignored,
    load_record,
    parse_record,
    played,
    resolve,
    skip_disagreements,
)
from tests.harness.requires import SHARED, needs_shared

RECORDS = sorted((SHARED / "real-games").glob("*/*.json"))


def record(actions: list[dict[str, Any]], **extra: Any) -> Record:
    return parse_record({"title": "1830", "players": [{"id": 7, "name": "a"},
                                                      {"id": 9, "name": "b"}],
                         "actions": actions, **extra})


def act(i: int, kind: str = "pass", **fields: Any) -> dict[str, Any]:
    return {"id": i, "type": kind, "entity": 7, "entity_type": "player", **fields}


def ids(r: Record) -> list[int]:
    return [eid for eid, _ in resolve(r.entries)]


@needs_shared("real-games")
@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_undo_redo_agrees_with_the_skip_flags(path: Path) -> None:
    r = load_record(path)
    assert skip_disagreements(r) == []
    if any("skip" in e for e in r.entries):  # the flags say exactly what is dropped
        kept = set(ids(r))
        assert {e["id"] for e in r.entries if e.get("skip")} == \
            {e["id"] for e in r.entries if e["id"] not in kept and not ignored(e)}


@needs_shared("real-games")
def test_every_title_and_record_is_read() -> None:
    assert len(RECORDS) == 9
    assert {load_record(p).title for p in RECORDS} == {"1830", "1856", "1870"}


def test_undo_takes_back_the_last_action_and_redo_plays_it_again() -> None:
    r = record([act(1), act(2), {"id": 3, "type": "undo"}, act(4, "message"),
                {"id": 5, "type": "redo"}, act(6)])
    assert ids(r) == [1, 2, 6]
    r = record([act(1), act(2), {"id": 3, "type": "undo"}, {"id": 4, "type": "undo"},
                {"id": 5, "type": "redo"}])
    assert ids(r) == [1]  # the last undone first


def test_undo_to_an_action_id_takes_back_everything_after_it() -> None:
    r = record([act(1), act(2), act(3), {"id": 4, "type": "undo", "action_id": 1},
                {"id": 5, "type": "redo"}, {"id": 6, "type": "redo"}])
    assert ids(r) == [1, 2, 3]


def test_a_new_action_clears_what_could_be_redone() -> None:
    r = record([act(1), act(2), {"id": 3, "type": "undo"}, act(4),
                {"id": 5, "type": "redo"}])
    with pytest.raises(RecordError, match="action 5: redo with nothing undone"):
        ids(r)


def test_chat_and_automation_settings_are_no_actions() -> None:
    r = record([act(1, "message", message="hi"), act(2, "program_buy_shares"), act(3),
                act(4, "program_disable"), {"id": 5, "type": "undo"}])
    assert ids(r) == []  # the undo takes back action 3, the only game action
    assert skip_disagreements(r) == []  # no flags: nothing to hold against


def test_auto_actions_are_played_right_after_their_entry_and_undone_with_it() -> None:
    autos = [act(0, "buy_shares"), {"type": "program_disable"}, act(0, "pass")]
    r = record([act(1, auto_actions=autos), act(2, auto_actions=[act(0)]),
                {"id": 3, "type": "undo"}])
    assert [(p.id, p.auto, p.data["type"]) for p in played(r)] == \
        [(1, 0, "pass"), (1, 1, "buy_shares"), (1, 2, "pass")]


def test_a_wrong_skip_flag_is_named() -> None:
    r = record([act(1), act(2, skip=True), {"id": 3, "type": "undo", "skip": True}, act(4)])
    assert skip_disagreements(r) == []
    r = record([act(1, skip=True), act(2), {"id": 3, "type": "undo", "skip": True}])
    assert skip_disagreements(r) == [
        "action 1 (pass): kept by undo/redo but flagged skip",
        "action 2 (pass): dropped by undo/redo but not flagged skip"]


@pytest.mark.parametrize(("data", "message"), [
    ({"title": "1830", "players": [{"id": 1}]}, "the record has no 'actions' list"),
    ({"title": "1830", "players": [{"id": 1}], "actions": [{"id": 1}]},
     r"actions\[0\]: an action needs a 'type'"),
    ({"title": "1830", "actions": []}, "the record has no 'players' list"),
    ({"players": [{"id": 1}], "actions": []}, "the record has no 'title'"),
    ({"title": "1830", "players": [{"id": 1}], "actions": [], "result": {"1": "x"}},
     "result: player -> final value"),
    ([], "a record is a JSON object"),
])
def test_a_malformed_record_names_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_record(data)


def test_players_are_p1_to_pn_in_the_listed_order() -> None:
    r = record([])
    assert r.player_ids() == {"7": "P1", "9": "P2"}
    hotseat = parse_record({"title": "1870", "players": [{"name": "Player 2"},
                                                         {"name": "Player 1"}],
                            "actions": []})
    assert hotseat.player_ids() == {"Player 2": "P1", "Player 1": "P2"}
