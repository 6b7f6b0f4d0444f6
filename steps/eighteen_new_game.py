"""A scenario's 18xx position starts from the implementation's own new game, cut down to
the operating turn the scenario states: a title played as a whole game (1830) starts
with the private auction, its shares in the IPO and its trains in the depot; a
scenario's position is an operating turn whose Givens state the trains, shares and
round they need, so those parts of the new game are left out (docs/18xx.md, "Whole
games"). Its private auction is over by any operating turn, having sold every private:
the privates a scenario does not name go to the last player (docs/18xx.md, "Reachable
positions"). Plain JSON: an implementation that starts with the operating turn alone
gives the same position."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

#: the parts of a whole game's new position an operating-turn scenario does not state
WHOLE_GAME_PARTS = ("game_round", "depot")


def operating_turn_only(position: JSON) -> JSON:
    """``position`` without the whole game's round, depot and share holdings, its turn
    done, and (a whole game's auction being over) every private owned."""
    out = {k: v for k, v in position.items() if k not in WHOLE_GAME_PARTS}
    if "game_round" in position:
        out["turn"] = {"company": None, "step": "done", "tile_lays": 0, "tokened": False,
                       "special_tiles": []}
        out["companies"] = [{k: v for k, v in c.items() if k != "shares"}
                            for c in position["companies"]]
        last = position["players"][-1]["id"]
        out["privates"] = [dict(p, owner=p["owner"] or last) for p in position["privates"]]
    return out
