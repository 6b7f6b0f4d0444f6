"""The rules of Stephenson's Rocket, composed from parts, one file each:

* ``turn.py``: applying actions (checked ``apply``; the unchecked ``_apply`` for
  actions known legal, the playouts' fast path), the legal actions, the end;
* ``moving.py``: the move and its share; the geometry object (``movement.Geometry``)
  answers where a locomotive may go and what it touches, for every part alike;
* ``veto.py``: the veto round; ``connections.py``: connecting, merging, isolating;
* ``stations.py`` and ``tokens.py``; ``hooks.py``: what the parts share.

A deliberately wrong rule (a mutant) subclasses ``Rules`` and overrides one hook, or
swaps the geometry. Handlers are found through an explicit table, not by reflection.
"""

from __future__ import annotations

from oracle.rocket.actions import (
    CallVeto,
    Concede,
    Defend,
    Move,
    MoveStation,
    Pass,
    PlaceStation,
    PlaceTile,
    TakeToken,
    VetoBid,
    VetoPass,
)
from oracle.rocket.rules.connections import Connections
from oracle.rocket.rules.hooks import Check, Effect
from oracle.rocket.rules.moving import Moving
from oracle.rocket.rules.stations import Stations
from oracle.rocket.rules.tokens import Tokens
from oracle.rocket.rules.turn import Turn
from oracle.rocket.rules.veto import Veto


class Rules(Turn, Moving, Veto, Connections, Stations, Tokens):
    """Stephenson's Rocket, 1999 rules with the Knizia-confirmed FAQ."""

    def __init__(self) -> None:
        self.handlers: dict[str, tuple[Check, Effect]] = {
            Move.type: (self.check_move, self.do_move),
            CallVeto.type: (self.check_call_veto, self.do_call_veto),
            PlaceTile.type: (self.check_place_tile, self.do_place_tile),
            VetoBid.type: (self.check_bid, self.do_bid),
            VetoPass.type: (self.check_veto_pass, self.do_veto_pass),
            Defend.type: (self.check_defend, self.do_defend),
            Concede.type: (self.check_concede, self.do_concede),
            PlaceStation.type: (self.check_place_station, self.do_place_station),
            MoveStation.type: (self.check_move_station, self.do_move_station),
            TakeToken.type: (self.check_take_token, self.do_take_token),
            Pass.type: (self.check_pass, self.do_pass),
        }
