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
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from oracle.rocket.actions import Move, MoveStation, PlaceStation, TakeToken
from oracle.rocket.rules.turn import Turn
from oracle.rocket.state import ACTION, DISSOLVED, STATIONS_PER_PLAYER, State

JSON = dict[str, Any]

_PLACE = PlaceStation.type
_MOVE = MoveStation.type


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
        self.player, self.source = player, source

    def __missing__(self, space: str) -> str:
        if self.source is None:
            text = f'{{"player":{self.player},"to":{_Q[space]},"type":"{_PLACE}"}}'
        else:
            text = (f'{{"from":{_Q[self.source]},"player":{self.player},"to":{_Q[space]},'
                    f'"type":"{_MOVE}"}}')
        self[space] = text
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


def legal_texts(rules: Turn, state: State) -> list[str]:
    """``[canonical_text(a) for a in legal_json(rules, state)]``, quicker: in the
    action phase each action's text is written straight from its strings (each
    written once as JSON, ``_Q``), with the keys in sorted order; everything else as
    ``canonical_text`` writes it. For a side whose listing is only compared or chosen
    from by its texts (the lockstep's ``Listed``): no dict per action; each station's
    text is written once per player, source and space (``_Stations``), the tokens'
    once per tuple of tokens left. tests/rocket/test_legal_json.py holds the two
    equal."""
    if state.phase != ACTION or not _lists_as_turn(rules):
        return [canonical_text(a) for a in legal_json(rules, state)]
    player = _Q[state.players[state.active]]
    out = _move_texts(rules, state, player)
    h = state.holdings[state.active]
    # each text looked up by its space in C (``_Stations``): no Python step per action
    if len(h.stations) < STATIONS_PER_PLAYER:
        out += _looked_up(_STATIONS[player, None], rules.station_spaces(state, None))
    for src in sorted(h.stations, key=state.board.space_order.__getitem__):
        if rules.station_fixed(state, src):
            continue
        out += _looked_up(_STATIONS[player, src], rules.moved_station_spaces(state, src))
    out += _token_texts(rules, state, player)
    if not out:  # nothing to do: the one legal action is to pass (iter_legal's Pass)
        return [canonical_text(a) for a in legal_json(rules, state)]
    return out


_MOVE_T = Move.type
_TOKEN = TakeToken.type


def _move_texts(rules: Turn, state: State, player: str) -> list[str]:
    """The texts of ``rules.legal_moves(state)``: as ``Turn`` lists them, each line's
    destinations looked up in its texts (``_Lines``), no ``Move`` built."""
    if type(rules).legal_moves is Turn.legal_moves:
        out: list[str] = []
        moved = state.moved
        for ln in state.lines:
            if ln.status == DISSOLVED or ln.id in moved:
                continue
            out += _looked_up(_LINES[player, ln.id], list(rules.destinations(state, ln.id)))
        return out
    q = _Q
    listed = list(rules.legal_moves(state))
    moves = [m for m in listed if type(m) is Move]
    if len(moves) == len(listed):
        return [f'{{"line":{q[m.line]},"player":{player},"to":{q[m.to]},"type":"{_MOVE_T}"}}'
                for m in moves if isinstance(m, Move)]
    return [canonical_text(m.to_json()) for m in listed]  # moves of its own kind
#: (player's JSON text, id of the cities' tokens, id of the board's cities) -> those
#: two (held, so their ids are not reused) and the token texts
_TOKENS: dict[tuple[str, int, int], tuple[object, object, list[str]]] = {}


def _token_texts(rules: Turn, state: State, player: str) -> list[str]:
    """The texts of ``rules.legal_tokens(state)``. As ``Turn`` lists them they follow
    from the tokens left on each city alone, an immutable tuple an action other than
    taking a token hands on unchanged: written once per such tuple."""
    if type(rules).legal_tokens is not Turn.legal_tokens:  # a rule set's own tokens
        return _tokens_written(rules, state, player)
    tokens, cities = state.city_tokens, state.board.cities
    found = _TOKENS.get((player, id(tokens), id(cities)))
    if found is not None and found[0] is tokens and found[1] is cities:
        return found[2]
    texts = _tokens_written(rules, state, player)
    if len(_TOKENS) > 256:
        _TOKENS.clear()
    _TOKENS[player, id(tokens), id(cities)] = (tokens, cities, texts)
    return texts


def _tokens_written(rules: Turn, state: State, player: str) -> list[str]:
    q = _Q
    return [f'{{"city":{q[t.city]},"industry":{q[t.industry]},"player":{player},'
            f'"type":"{_TOKEN}"}}' if type(t) is TakeToken else canonical_text(t.to_json())
            for t in rules.legal_tokens(state)]
