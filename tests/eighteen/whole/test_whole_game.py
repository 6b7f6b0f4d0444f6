"""Whole 1830 games played by a seeded random player: every accepted action conserves
cash, shares, trains, tokens and tiles and keeps the canonical form; the legal actions
of the auction and the stock rounds are exactly the player actions the rules take; a
game reaches its end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API
from tests.eighteen.whole.play import act, new

JSON = dict[str, Any]


def _every_player_action(position: JSON) -> list[JSON]:
    """A superset of the players' actions in the auction and stock rounds: every player,
    private, company and source, bids and pars at every price step and off-step."""
    players = [p["id"] for p in position["players"]]
    privates = [p["id"] for p in position["privates"]]
    companies = [c["id"] for c in position["companies"]]
    out: list[JSON] = []
    for who in players:
        out.append({"type": "pass", "player": who})
        for private in privates:
            out += [{"type": "bid", "player": who, "private": private, "price": price}
                    for price in (*range(0, 1301, 5), 42, 113)]
        for company in companies:
            out += [{"type": "par", "player": who, "company": company, "price": price}
                    for price in (67, 70, 71, 76, 82, 90, 100, 112)]
            out += [{"type": "buy_shares", "player": who, "company": company, "from": f}
                    for f in ("ipo", "pool")]
            out += [{"type": "sell_shares", "player": who, "of": company, "count": n}
                    for n in range(1, 7)]
    return out


def _takes(position: JSON, action: JSON) -> bool:
    try:
        API.apply(position, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("seed", [1, 2])
def test_the_listed_player_actions_are_exactly_those_the_rules_take(seed: int) -> None:
    rng = random.Random(seed)
    position = new(["P1", "P2", "P3"])
    checked = 0
    for _ in range(120):
        legal = API.legal_actions(position)
        if position.get("game_round", {}).get("kind") in ("auction", "stock") and \
                rng.random() < 0.25:
            taken = [a for a in _every_player_action(position) if _takes(position, a)]
            assert sorted(map(str, taken)) == sorted(map(str, legal))
            checked += 1
        position = act(position, rng.choice(legal))
    assert checked >= 10


def test_a_random_whole_game_reaches_its_end() -> None:
    rng = random.Random(7)
    position = new(["P1", "P2", "P3", "P4"])
    kinds = set()
    for _ in range(5000):
        if API.game_over(position):
            break
        kinds.add(position["game_round"]["kind"])
        position = act(position, rng.choice(API.legal_actions(position)))
    assert API.game_over(position) and position["ended"] in ("bankruptcy", "bank")
    assert kinds == {"auction", "stock", "operating"}
    assert API.legal_actions(position) == []
    values = API.scores(position)["values"]
    assert set(values) == {"P1", "P2", "P3", "P4"}
