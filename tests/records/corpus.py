"""The record side of the real-turns corpus: each turn file's record, its turn in the
record, and the turn translated and played through an engine from the file's start."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from oracle.harness.real_turns import start_position
from oracle.harness.record_steps import Refused, Steps
from oracle.protocol.implementation import Implementation
from oracle.records.reader import Played, load_record, played
from oracle.records.titles import Names
from oracle.records.translate import Translator, Untranslatable
from oracle.records.turns import Turn, company_turns
from tests.harness.requires import SHARED

JSON = dict[str, Any]

#: real-turns folder -> the record it was cut from (../shared/real-games)
RECORDS = {
    "1830/26855": "1830/26855.json",
    "1830/29133": "1830/29133.json",
    "1870/1870_game_end_bankrupt": "1870/1870_game_end_bankrupt.json",
    "1870/34110": "1870/34110.json",
    "1870/mississippi-river-madness": "1870/1644327587 Mississippi river madness.json",
}


@dataclass
class Game:
    """A recorded game cut into company turns (its translator: the title and names)."""

    turns: list[Turn]
    played: list[Played]
    translator: Translator


@cache
def game(folder: str) -> Game:
    record = load_record(SHARED / "real-games" / RECORDS[folder])
    translator = Translator(record)
    actions = played(record)
    return Game(company_turns(actions, Names(translator.title), len(record.players)),
                actions, translator)


def turn_files(folder: str) -> list[Path]:
    return sorted((SHARED / "real-turns" / folder).glob("turn-*.json"))


@dataclass
class Outcome:
    applied: list[JSON]
    refused_at: int | None = None
    refusal: str = ""


def translated_turns(folder: str, impl: Implementation) -> Iterator[tuple[Path, JSON, Outcome]]:
    """Each turn file of ``folder`` with its turn translated from the record and played
    from the file's start; the record before each turn is followed without a position
    (the translator's tile, train and certificate tracking)."""
    g = game(folder)
    translator = Translator(g.translator.record)
    done = 0
    for path in turn_files(folder):
        data = json.loads(path.read_text("utf-8"))
        turn = g.turns[data["turn"]]
        for p in g.played[done:turn.start]:
            with contextlib.suppress(Untranslatable):  # a stock round act we do not play
                translator.translate(p, None)
        done = _end(g, turn)
        yield path, data, play_turn(translator, turn, start_position(data), impl)


def _end(g: Game, turn: Turn) -> int:
    last = turn.actions[-1]
    return next(i for i, p in enumerate(g.played) if p is last) + 1


def play_turn(translator: Translator, turn: Turn, position: JSON,
              impl: Implementation) -> Outcome:
    steps = Steps(impl)
    for k, p in enumerate(turn.actions):
        for action in translator.translate(p, position):
            try:
                position = steps.play(position, action)
            except Refused as refused:
                for rest in turn.actions[k + 1:]:  # the record's tracking goes on
                    translator.translate(rest, None)
                return Outcome([*steps.applied, refused.action], len(steps.applied),
                               str(refused))
    steps.finish(position, turn.company)
    return Outcome(steps.applied)
