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


def _probes(position: JSON, legal: list[JSON]) -> list[JSON]:
    """The listed actions and, around them, the player actions just outside: every
    player's pass, par, buy and sale; for each private the bids a step below the
    lowest listed, off the step and above the highest (or near the cheapest's price)."""
    players = [p["id"] for p in position["players"]]
    companies = [c["id"] for c in position["companies"]]
    out: list[JSON] = list(legal)
    for who in players:
        out.append({"type": "pass", "player": who})
        for private in (p["id"] for p in position["privates"]):
            listed = [a["price"] for a in legal if a.get("private") == private]
            low, high = (min(listed), max(listed)) if listed else (20, 20)
            out += [{"type": "bid", "player": who, "private": private, "price": price}
                    for price in {0, low - 5, low - 1, low + 1, high + 5, high + 1}
                    if price >= 0]
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
    for _ in range(150):
        legal = API.legal_actions(position)
        if position.get("game_round", {}).get("kind") in ("auction", "stock") and \
                rng.random() < 0.25:
            taken = {str(a) for a in _probes(position, legal) if _takes(position, a)}
            assert taken == {str(a) for a in legal}
            checked += 1
        position = act(position, rng.choice(legal))
    assert checked >= 10


def test_a_random_whole_game_reaches_its_end() -> None:
    """A short one (450 actions): three players, to a bankruptcy in the operating rounds."""
    rng = random.Random(1)
    position = new(["P1", "P2", "P3"])
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
    assert set(values) == {"P1", "P2", "P3"}


@pytest.mark.parametrize("broken", [False, True])
def test_after_a_set_of_operating_rounds_the_next_stock_round_or_the_end(broken: bool) -> None:
    """The set's end: the next stock round, led by the priority deal; or, once the bank
    has broken, the end of the game (``ended: bank``)."""
    from dataclasses import replace

    from oracle.eighteen.model.game_round import GameRound
    from oracle.eighteen.whole import sequence
    state = API.load(new(["P1", "P2", "P3"]))
    state = replace(state, game=GameRound("operating", 3, "P2"), round=(2, 2),
                    bank_broken=broken)
    after = sequence.after_set(API.rules, state)
    if broken:
        assert after.ended == "bank" and after.turn.step == "done"
        assert API.game_over(after.to_json())
    else:
        assert after.game == GameRound("stock", 4, "P2", acting="P2")
        assert after.turn.step == "stock" and after.round is None
