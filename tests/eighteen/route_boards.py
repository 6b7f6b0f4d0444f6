"""Trains and small boards for the route tests.

The 1830 trains are the published roster (2, 3, 4, 5, 6 and D trains at $80, $180,
$300, $450, $630 and $1100); their distances count cities, towns and off-boards.
"""

from __future__ import annotations

import random

from oracle.eighteen.load.generated import DenseSpec, dense_state, grid_map
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.records import Allowance, TrainType
from oracle.eighteen.model.state import State
from oracle.eighteen.routes.route import RouteContext, StopTable

STOPS = frozenset({"city", "town", "offboard"})


def plain_train(name: str, stops: int, price: int) -> TrainType:
    return TrainType(name, (Allowance(STOPS, stops, stops),), price, None)


TRAINS_1830 = {t.name: t for t in (
    plain_train("2", 2, 80), plain_train("3", 3, 180), plain_train("4", 4, 300),
    plain_train("5", 5, 450), plain_train("6", 6, 630), plain_train("D", 99, 1100))}

#: a train that counts 2 cities and is paid for 2 more towns (a "2+2"-like allowance
#: pair, to exercise the several-allowance rule; not a published train)
TWO_PLUS_TWO = TrainType("2+2", (Allowance(frozenset({"city", "offboard"}), 2, 2),
                                 Allowance(frozenset({"town"}), 2, 2)), 0, None)
#: a train that may visit four stops and is paid for the best two (skipping stops)
SKIPPER = TrainType("4/2", (Allowance(STOPS, 4, 2),), 0, None)

ALL_TRAINS = {**TRAINS_1830, TWO_PLUS_TWO.name: TWO_PLUS_TWO, SKIPPER.name: SKIPPER}


def small_board(seed: int, rows: int = 3, cols: int = 3,
                tiles: int = 7) -> tuple[MapDef, State]:
    rng = random.Random(seed)
    board = grid_map(rows, cols, rng, cities=0.35, towns=0.15)
    state = dense_state(board, rng, spec=DenseSpec(tiles=tiles, company_tokens=2,
                                                   rivals=("R1",), rival_tokens=2,
                                                   upgrades=rng.randint(0, 10)))
    return board, state


def table(board: MapDef, state: State, company: str = "CO") -> StopTable:
    return StopTable(board, state, company, RouteContext(ALL_TRAINS))
