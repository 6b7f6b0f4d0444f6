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

from typing import Any

from oracle.rocket.actions import MoveStation, PlaceStation
from oracle.rocket.rules.turn import Turn
from oracle.rocket.state import ACTION, STATIONS_PER_PLAYER, State

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
