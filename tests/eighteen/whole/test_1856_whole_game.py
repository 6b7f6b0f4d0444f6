"""Whole 1856 games: the auction (1830's waterfall, the Flos Tramway falling in price),
a seeded random game to its end with every action conserving, and the legal actions
listed exactly: in the auction and the stock rounds every player action the rules
take, and in the operating rounds every loan and right action they take."""

from __future__ import annotations

import random
from typing import Any

from oracle.eighteen.api import API
from tests.eighteen.whole.play import act, bid, pass_
from tests.eighteen.whole.play1856 import new1856
from tests.eighteen.whole.test_whole_game import _probes, _takes

JSON = dict[str, Any]
PRIVATES = ("FT", "WSR", "TCC", "GLSC", "NFSBC", "SCFTC")


def test_the_auction_sells_the_six_privates_cheapest_first() -> None:
    position = new1856()
    assert [p["id"] for p in position["privates"]] == list(PRIVATES)
    for who, private, price in (("P1", "FT", 20), ("P2", "WSR", 40), ("P3", "TCC", 50),
                                ("P1", "GLSC", 70), ("P2", "NFSBC", 100),
                                ("P3", "SCFTC", 100)):
        position = act(position, bid(who, private, price))
    assert position["game_round"]["kind"] == "stock"
    assert [p["owner"] for p in position["privates"]] == ["P1", "P2", "P3", "P1", "P2", "P3"]
    assert [p["cash"] for p in position["players"]] == [500 - 90, 500 - 140, 500 - 150]


def test_the_flos_tramway_falls_while_every_player_passes() -> None:
    position = new1856()
    for who in ("P1", "P2", "P3"):
        position = act(position, pass_(who))
    assert position["game_round"]["discount"] == 5
    after = act(position, bid("P1", "FT", 15))
    assert next(p for p in after["privates"] if p["id"] == "FT")["owner"] == "P1"


def _loan_probes(position: JSON) -> list[JSON]:
    """The loan and right actions of the operating company and of one other."""
    out: list[JSON] = []
    for c in (position["turn"]["company"], "CPR"):
        out += [{"type": "take_loan", "company": c}, {"type": "repay_loan", "company": c}]
        out += [{"type": "buy_right", "company": c, "private": p}
                for p in ("FT", "NFSBC", "SCFTC")]
    return out


FINANCE = ("take_loan", "repay_loan", "buy_right")


def test_the_listed_actions_are_exactly_those_the_rules_take() -> None:
    rng = random.Random(3)
    position = new1856(["P1", "P2", "P3", "P4"])
    checked = {"player": 0, "company": 0}
    for _ in range(220):
        if API.game_over(position):
            break
        legal = API.legal_actions(position)
        kind = position["game_round"]["kind"]
        if kind in ("auction", "stock") and rng.random() < 0.04:
            taken = {str(a) for a in _probes(position, legal) if _takes(position, a)}
            assert taken == {str(a) for a in legal}
            checked["player"] += 1
        elif kind == "operating" and rng.random() < 0.4:
            taken = {str(a) for a in _loan_probes(position) if _takes(position, a)}
            assert taken == {str(a) for a in legal if a["type"] in FINANCE}
            checked["company"] += 1
        position = act(position, rng.choice(legal))
    assert checked["player"] >= 3 and checked["company"] >= 20, checked


def test_a_random_whole_1856_game_reaches_its_end() -> None:
    """Four players, seeded: the auction, stock rounds and operating rounds with loans,
    to the end (a bankruptcy here); every action conserves (``play.act``)."""
    rng = random.Random(3)
    position = new1856(["P1", "P2", "P3", "P4"])
    kinds: set[str] = set()
    took_loan = False
    for _ in range(2000):
        if API.game_over(position):
            break
        kinds.add(position["game_round"]["kind"])
        action = rng.choice(API.legal_actions(position))
        took_loan |= action["type"] == "take_loan"
        position = act(position, action)
    assert API.game_over(position)
    assert position["ended"] in ("bankruptcy", "bank", "cgr_formation")
    assert kinds == {"auction", "stock", "operating"} and took_loan
    assert set(API.scores(position)["values"]) == {"P1", "P2", "P3", "P4"}
