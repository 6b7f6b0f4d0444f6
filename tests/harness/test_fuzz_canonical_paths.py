"""The lockstep of two in-process engines on the canonical listing (groups of texts
written once per key, oracle/rocket/rules/canonical.py, compared group by group):
a side whose keys differ at one position deep in a game, where the listing is
assembled from groups (the free spaces of a new station; one line's destinations),
is caught there, naming only the actions that differ."""

from __future__ import annotations

import copy
from typing import Any

from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.lockstep import Lockstep
from oracle.protocol.inprocess import InProcess
from oracle.rocket.api import RocketAPI
from oracle.rocket.movement import Geometry
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import _groups_as_turn
from oracle.rocket.state import State

CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=0, games=1,
                    max_actions=400)
#: the listing from which the wrong side is wrong (deep in the game)
DEEP = 120


class Counting(Lockstep):
    """Counts the steps compared through both sides' ``Listed``."""

    listed = 0

    def _compare_listed(self, *args: Any) -> Any:
        self.listed += 1
        return super()._compare_listed(*args)


class FreeOneShort(Rules):
    """From its ``DEEP``-th listing on, the spaces open to a station lack the first (by
    their texts): the keys of the placements' and the station moves' groups differ
    by one space."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def free_in_text_order(self, state: State) -> Any:
        free = super().free_in_text_order(state)
        self.asked += 1
        if self.asked < DEEP or not free.free_bits:
            return free
        short = copy.copy(free)
        short.free_bits &= free.free_bits - 1  # the lowest bit: the first space
        return short


class OneSpaceLess(Geometry):
    """From the ``4 * DEEP``-th question on (some four lines a listing), a line is
    offered its destinations but the last: the key of its group differs by one
    space."""

    asked = 0

    def destinations_kept(self, state: State, line_id: str) -> tuple[str, ...]:
        found = super().destinations_kept(state, line_id)
        OneSpaceLess.asked += 1
        return found[:-1] if OneSpaceLess.asked >= 4 * DEEP and found else found


class DestinationOneShort(Rules):
    geometry = OneSpaceLess()


def _side(rules: Rules) -> InProcess:
    api = RocketAPI(rules)
    assert type(api) is RocketAPI and _groups_as_turn(rules)  # the canonical listing
    return InProcess(overrides={"rocket": api})


def _caught(a: InProcess, b: InProcess) -> tuple[Counting, dict[str, Any], int]:
    lock = Counting(a, b, "rocket")
    played = play_one(lock, CAMPAIGN, 0)
    assert played.divergence is not None and played.divergence.kind == "legal_actions"
    return lock, played.divergence.detail, played.divergence.step


def test_a_new_station_one_space_short_deep_in_a_game_is_caught() -> None:
    for wrong_a in (False, True):
        wrong = _side(FreeOneShort())
        lock, detail, step = _caught(*((wrong, InProcess()) if wrong_a
                                       else (InProcess(), wrong)))
        assert step >= DEEP // 2 and lock.listed == step + 1  # every step on the listing
        only = detail["only_b" if wrong_a else "only_a"]
        assert detail["only_a" if wrong_a else "only_b"] == []
        # one space short: a new station there (where a station is left to place), and
        # any station moved there
        assert len({x["to"] for x in only}) == 1
        assert {x["type"] for x in only} <= {"place_station", "move_station"}
        assert abs(detail["count_a"] - detail["count_b"]) == len(only)


def test_a_line_one_destination_short_deep_in_a_game_is_caught() -> None:
    OneSpaceLess.asked = 0
    lock, detail, step = _caught(InProcess(), _side(DestinationOneShort()))
    assert step >= DEEP // 2 and lock.listed == step + 1
    assert detail["only_b"] == [] and detail["only_a"]
    assert {x["type"] for x in detail["only_a"]} == {"move"}
