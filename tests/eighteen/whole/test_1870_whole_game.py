"""A whole 1870 game played by a seeded random player to its end: every accepted
action conserves cash, shares, trains, tokens and tiles and keeps the canonical form
(``play.act``); the game passes through the auction, stock rounds with price
protection and buy-backs, and operating rounds, and ends (here by a bankruptcy: the
emergency train purchase, as 1830's)."""

from __future__ import annotations

import random
from typing import Any

from oracle.eighteen.api import API
from tests.eighteen.whole.play import act
from tests.eighteen.whole.play1870 import new1870

JSON = dict[str, Any]

#: the action types a player of each round favours, so a game ends in a few hundred
#: actions: buy the cheapest private, buy shares, buy trains, run and pay out
FAVOURED = {"auction": ("bid",), "stock": ("par", "buy_shares", "buy_back"),
            "operating": ("buy_train", "run_routes", "dividend", "discard_train")}


def _choose(rng: random.Random, position: JSON, legal: list[JSON]) -> JSON:
    kind = position["game_round"]["kind"]
    if kind == "auction":
        bids = sorted((a for a in legal if a["type"] == "bid"), key=lambda a: a["price"])
        if bids and rng.random() < 0.8:
            return bids[0]
    favoured = [a for a in legal if a["type"] in FAVOURED[kind]
                and a.get("kind", "payout") == "payout"]
    if favoured and rng.random() < 0.7:
        return rng.choice(favoured)
    kind_of_act = rng.choice(sorted({a["type"] for a in legal}))
    return rng.choice([a for a in legal if a["type"] == kind_of_act])


def test_a_random_whole_1870_game_reaches_its_end() -> None:
    rng = random.Random(2)
    position = new1870(["P1", "P2", "P3"])
    seen: set[str] = set()
    for _ in range(2000):
        if API.game_over(position):
            break
        game = position["game_round"]
        seen.add(game["kind"])
        seen.update(("protection",) if game.get("protection") else ())
        legal = API.legal_actions(position)
        assert legal, position["turn"]
        action = _choose(rng, position, legal)
        seen.add(action["type"])
        position = act(position, action)
    assert API.game_over(position) and position["ended"] in ("bankruptcy", "bank")
    assert {"auction", "stock", "operating", "buy_back", "sell_shares"} <= seen
    assert API.legal_actions(position) == []
    assert set(API.scores(position)["values"]) == {"P1", "P2", "P3"}
