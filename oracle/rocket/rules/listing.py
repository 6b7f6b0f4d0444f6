"""The legal actions as JSON, what ``RocketAPI.legal_actions`` hands back.

A position in the action phase lists some 150 to 300 actions, nearly all station
placements and moves; building each as a frozen record and then encoding it cost
some 3 us an action, most of a fuzz step's listing. ``legal_json`` writes those
two kinds straight as their JSON (``PlaceStation.to_json`` and
``MoveStation.to_json``'s shape) from the same ``station_spaces`` and
``station_fixed``, in the same order as ``iter_legal``; every other action, and
every phase but the action phase, goes through the records as before.
tests/rocket/test_legal_json.py holds the two listings equal on random positions.

A rule set that changes how the action phase's actions are listed (a subclass,
such as the harness's mutants, overriding ``iter_legal``,
``_action_phase_moves`` or ``legal_station_actions``) is listed through its
records, so its own listing is what it answers.

The actions' canonical texts, each written once (``_Q``, ``_STATIONS``, ``_LINES``),
are what rules/canonical.py lists a position as, in canonical order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from oracle.rocket.actions import Move, MoveStation, PlaceStation
from oracle.rocket.rules.turn import Turn
from oracle.rocket.state import ACTION, STATIONS_PER_PLAYER, State

JSON = dict[str, Any]

_PLACE = PlaceStation.type
_MOVE = MoveStation.type
_MOVE_T = Move.type


def _lists_as_turn(rules: Turn) -> bool:
    """Whether ``rules`` lists the action phase as ``Turn`` does (the shortcut's
    precondition: the same generators, so the same actions in the same order)."""
    cls = type(rules)
    return (cls.iter_legal is Turn.iter_legal
            and cls._action_phase_moves is Turn._action_phase_moves
            and cls.legal_station_actions is Turn.legal_station_actions)


def legal_json(rules: Turn, state: State) -> list[JSON]:
    """``[a.to_json() for a in rules.iter_legal(state)]``, quicker."""
    if state.phase != ACTION or not _lists_as_turn(rules):
        return [a.to_json() for a in rules.iter_legal(state)]
    out = [a.to_json() for a in rules.legal_moves(state)]
    player = state.players[state.active]
    h = state.holdings[state.active]
    if len(h.stations) < STATIONS_PER_PLAYER:
        out += [{"type": _PLACE, "player": player, "to": s}
                for s in rules.station_spaces(state, None)]
    for src in sorted(h.stations, key=state.board.space_order.__getitem__):
        if rules.station_fixed(state, src):
            continue
        out += [{"type": _MOVE, "player": player, "from": src, "to": s}
                for s in rules.station_spaces(state, src) if s != src]
    out += [a.to_json() for a in rules.legal_tokens(state)]
    if not out:  # nothing to do: the one legal action is to pass (iter_legal's Pass)
        return [a.to_json() for a in rules.iter_legal(state)]
    return out


class _Quoted(dict[str, str]):
    """A string -> its JSON text (the standard module's, ASCII-escaped), written once."""

    def __missing__(self, text: str) -> str:
        if len(self) > 4096:  # player IDs come from positions: bounded
            self.clear()
        quoted = self[text] = json.dumps(text)
        return quoted


_Q: Any = _Quoted()


class _Texts(dict[str, str]):
    """A space -> the canonical text of one player's station placed there (``source``
    None) or moved there from ``source``: written once, looked up at every listing."""

    def __init__(self, player: str, source: str | None) -> None:
        super().__init__()
        #: every text is ``head``, the space's JSON text, ``tail`` (the space's key,
        #: ``to``, sorts after ``from`` and ``player`` and before ``type``)
        self.head = f'{{"player":{player},"to":' if source is None \
            else f'{{"from":{_Q[source]},"player":{player},"to":'
        self.tail = f',"type":"{_PLACE if source is None else _MOVE}"}}'
        #: the bytes a group's joined texts start with, put between two texts, end with
        #: (oracle/rocket/rules/canonical.py, ``_Spaces.joined``)
        self.head_bytes = self.head.encode()
        self.between = f"{self.tail},{self.head}".encode()
        self.tail_bytes = self.tail.encode()

    def __missing__(self, space: str) -> str:
        text = self[space] = f"{self.head}{_Q[space]}{self.tail}"
        return text


class _Stations(dict[tuple[str, str | None], _Texts]):
    """(a player's JSON text, a source space or None) -> its ``_Texts``; bounded, since
    player IDs and spaces come from positions."""

    def __missing__(self, key: tuple[str, str | None]) -> _Texts:
        if len(self) > 2048:
            self.clear()
        texts = self[key] = _Texts(*key)
        return texts


_STATIONS: Any = _Stations()


class _LineTexts(dict[str, str]):
    """A space -> the canonical text of one player's move of one line there."""

    def __init__(self, player: str, line: str) -> None:
        super().__init__()
        self.head = f'{{"line":{_Q[line]},"player":{player},"to":'

    def __missing__(self, space: str) -> str:
        text = self[space] = f'{self.head}{_Q[space]},"type":"{_MOVE_T}"}}'
        return text


class _Lines(dict[tuple[str, str], _LineTexts]):
    """(a player's JSON text, a line) -> its ``_LineTexts``; bounded."""

    def __missing__(self, key: tuple[str, str]) -> _LineTexts:
        if len(self) > 1024:
            self.clear()
        texts = self[key] = _LineTexts(*key)
        return texts


_LINES: Any = _Lines()


def _looked_up(table: dict[str, str], spaces: Sequence[str]) -> Sequence[str]:
    """``[table[s] for s in spaces]`` in one C call (``itemgetter``)."""
    if len(spaces) > 1:
        found: tuple[str, ...] = itemgetter(*spaces)(table)
        return found
    return [table[s] for s in spaces]


def canonical_text(action: JSON) -> str:
    """An action's canonical text: sorted keys, no spaces (the lockstep's ``key``)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))
