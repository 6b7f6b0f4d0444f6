"""Whole-game test helpers: a new 1830 game, actions by shorthand, and the checks every
accepted action passes (conservation, the canonical JSON round trip)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API

JSON = dict[str, Any]
FOUR = ["P1", "P2", "P3", "P4"]


def new(players: list[str] | None = None, **options: str) -> JSON:
    return API.new_game(players or FOUR, {"title": "1830", **options})


def act(position: JSON, action: JSON) -> JSON:
    """Apply, and check what every accepted action keeps."""
    after = API.apply(position, action)
    assert API.conservation(position, after) == []
    assert API.canonical(after) == after
    return after


def refused(position: JSON, action: JSON, code: str) -> None:
    """The action is refused with ``code``; the position is unchanged."""
    before = dict(position)
    with pytest.raises(IllegalAction) as err:
        API.apply(position, action)
    assert err.value.code == code, err.value.reason
    assert position == before


def bid(player: str, private: str, price: int) -> JSON:
    return {"type": "bid", "player": player, "private": private, "price": price}


def pass_(player: str) -> JSON:
    return {"type": "pass", "player": player}


def par(player: str, company: str, price: int) -> JSON:
    return {"type": "par", "player": player, "company": company, "price": price}


def buy(player: str, company: str, source: str = "ipo") -> JSON:
    return {"type": "buy_shares", "player": player, "company": company, "from": source}


def sell(player: str, company: str, count: int) -> JSON:
    return {"type": "sell_shares", "player": player, "of": company, "count": count}


def run(position: JSON, actions: list[JSON]) -> JSON:
    for action in actions:
        position = act(position, action)
    return position


def company(position: JSON, company_id: str) -> JSON:
    return next(c for c in position["companies"] if c["id"] == company_id)


def cash(position: JSON, player: str) -> int:
    return next(p["cash"] for p in position["players"] if p["id"] == player)


def owner(position: JSON, private: str) -> str | None:
    return next(p["owner"] for p in position["privates"] if p["id"] == private)


#: an auction of four players in which each private goes at face value, in turn,
#: P1 to P4 then P1 and P2 (SV, CS, DH, MH, CA, BO); P2 sets the B&O's par at 100,
#: and the first stock round begins with P3
FACE_VALUE_AUCTION = [bid("P1", "SV", 20), bid("P2", "CS", 40), bid("P3", "DH", 70),
                      bid("P4", "MH", 110), bid("P1", "CA", 160), bid("P2", "BO", 220),
                      par("P2", "BO", 100)]


def stock_round_one() -> JSON:
    return run(new(), FACE_VALUE_AUCTION)
