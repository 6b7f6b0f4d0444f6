"""The listing's tile lays (oracle/eighteen/lay_candidates.py): where the rules object
keeps the base upgrade check, the listing asks its refusal without raising, the
hex's content looked up once (``lays.upgrade_refusal``); a rules object that
overrides ``check_upgrade`` is asked through it. Both ways list the same actions, in
the same order, at every opening of every title and three random actions on."""

from __future__ import annotations

import random
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.lay_candidates import lay_candidates
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.openings import openings
from oracle.eighteen.rules import Rules


class _Asking(Rules):
    """The base rules, ``check_upgrade`` declared again: the listing asks it."""

    def check_upgrade(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
        super().check_upgrade(state, hex_id, tile, rotation)


def _both(state: State) -> tuple[list[Any], list[Any]]:
    company = state.turn.company
    assert company is not None
    return lay_candidates(API.rules, state, company), lay_candidates(_Asking(), state, company)


def test_both_ways_list_the_same_lays() -> None:
    rng = random.Random(7)
    compared = laid = 0
    for opening in openings({}):
        position = opening["position"]
        for _ in range(3):
            state = API.load(position)
            if state.turn.company is not None:
                quick, asked = _both(state)
                assert quick == asked, opening["scenario"]
                compared += 1
                laid += len(quick)
            legal = API.legal_actions(position)
            if not legal or API.game_over(position):
                break
            position = API.apply(position, rng.choice(legal))
    assert compared > 150 and laid > 10000, (compared, laid)
