"""1870 whole-game test helpers: a new game, the face-value auction, and a stock-round
position with a floated company (MP) to trade in."""

from __future__ import annotations

import copy
from typing import Any

from oracle.eighteen.api import API
from tests.eighteen.whole.play import bid, par, run

JSON = dict[str, Any]
FOUR = ["P1", "P2", "P3", "P4"]


def new1870(players: list[str] | None = None, **options: str) -> JSON:
    return API.new_game(players or FOUR, {"title": "1870", **options})


#: each private at face value, P1 to P4 then P1 and P2 (GRSC, MRBC, SCC, GSC, SLSF,
#: MKT); P1 sets the SLSF's par at once, before P2 buys the MKT (the Mississippi
#: record's opening)
FACE_VALUE = [bid("P1", "GRSC", 20), bid("P2", "MRBC", 40), bid("P3", "SCC", 50),
              bid("P4", "GSC", 80), bid("P1", "SLSF", 140), par("P1", "SLSF", 100),
              bid("P2", "MKT", 160)]


def stock_round_2(**options: str) -> JSON:
    """Stock round 2 of four players, P1 to act: MP (par 76) has operated; P1 is its
    president with 50%, P2 holds 20%, P3 10%, the pool 10%, the IPO 10%; every player
    has $500."""
    position = copy.deepcopy(run(new1870(**options), FACE_VALUE))
    game = position["game_round"]
    game.update({"stock_round": 2, "priority": "P1", "acting": "P1", "passes": 0})
    for player in position["players"]:
        player["cash"] = 500
    mp = next(c for c in position["companies"] if c["id"] == "MP")
    mp.update({"president": "P1", "par": 76, "market": [3, 6], "share_price": 76,
               "treasury": 600, "shares": {"P1": 5, "P2": 2, "P3": 1, "pool": 1, "ipo": 1}})
    held = sum(p["cash"] for p in position["players"]) + sum(
        c["treasury"] for c in position["companies"])
    position["bank"] = 12000 - held  # the money adds up to 1870's total
    return API.canonical(position)


def company(position: JSON, company_id: str) -> JSON:
    return next(c for c in position["companies"] if c["id"] == company_id)


def buy_back(player: str, company_id: str, source: str = "pool") -> JSON:
    return {"type": "buy_back", "player": player, "company": company_id, "from": source}
