"""No route turns back at a hex side (``routes``: a train crosses a side from one hex
into the other), in the validator and in the search; and the ``routes`` query's
``connection_run`` argument.

The regression is issue 24's example from a recorded 1830 game: tile 24 on F18, whose
straight (to G17) and curve (to G19) meet at F18's E19 side. A 5-train running
G19 -> up the curve to that side -> back down the straight -> G17 -> H16 reverses at
the junction; the search used to count it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.state import LaidTile, State
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.routes.route import check_routes
from oracle.eighteen.routes.search import best_run, brute_force, simple_paths
from tests.eighteen.positions import position
from tests.eighteen.route_boards import small_board, table

JSON = dict[str, Any]
REVERSING = ["G19.s1", "G19.e2", "F18.e3", "F18.e0", "G17.s0", "G17.e0", "H16.s0"]
#: the tiles with two paths meeting at one edge (the junctions a train could turn at)
JUNCTIONS = ("24", "25", "26", "27", "28", "29")


def junction_at_f18() -> JSON:
    """1830 phase 5: New York (62) on G19, tile 24 turned 3 on F18 (straight E19 side
    to G17, curve E19 side to G19), the two towns (2) on G17, B&O's token in H16."""
    p = position("1830", "5", presidents={"BO": ("P1", 500)},
                 tiles=[("G19", "62", 0), ("F18", "24", 3), ("G17", "2", 3),
                        ("H16", "63", 0), ("E19", "63", 0)],
                 tokens=[("H16", 0, "BO")], turn=("BO", "track"), order=["BO"])
    for c in p["companies"]:
        if c["id"] == "BO":
            c["trains"] = ["5"]
    return p


def test_a_route_reversing_at_a_junction_is_refused() -> None:
    p = junction_at_f18()
    given_route = {"company": "BO", "routes": [{"train": "5", "path": REVERSING}]}
    refused = API.query(p, "revenue", given_route)
    assert refused["legal"] is False and refused["code"] == "route/reverses"
    best = API.query(p, "routes", {"company": "BO"})
    # New York (80) + a town + Baltimore would be 130 through the reversal; legally
    # the train runs Albany - G17 - Baltimore on the straight
    assert best["total"] == 90
    assert best["routes"][0]["path"] == ["E19.s0", "E19.e0", "F18.e0", "G17.s0", "G17.e0",
                                         "H16.s0"]
    state = API.load(p)
    from oracle.eighteen.queries import route_table
    assert brute_force(route_table(API.rules.title(state), state, "BO"), ["5"]) == 90


def test_connection_run_argument_is_checked() -> None:
    p = junction_at_f18()
    with pytest.raises(MalformedInput):
        API.query(p, "routes", {"company": "BO", "connection_run": "yes"})
    with pytest.raises(MalformedInput):  # 1830 has no destinations
        API.query(p, "routes", {"company": "BO", "connection_run": True})
    assert API.query(p, "routes", {"company": "BO", "connection_run": False})["total"] == 90


def with_junctions(board: MapDef, state: State, rng: random.Random) -> State:
    """``state`` with junction tiles, at random rotations, on some hexes without a
    stop (the route search reads track, not how it was laid)."""
    plain = [h for h in sorted(board.hexes) if not hex_content(board, state, h)[0].stops]
    chosen = rng.sample(plain, min(len(plain), rng.randint(1, 3)))
    tiles = [t for t in state.tiles if t.hex not in chosen]
    tiles += [LaidTile(h, rng.choice(JUNCTIONS), rng.randrange(6)) for h in chosen]
    return replace(state, tiles=tuple(sorted(tiles)))


quick = settings(deadline=None, max_examples=70,
                 suppress_health_check=[HealthCheck.too_slow])


@quick
@given(st.integers(0, 2**32 - 1),
       st.lists(st.sampled_from(["2", "3", "4", "D", "4/2"]), min_size=1, max_size=3))
def test_search_equals_brute_force_with_junction_tiles(seed: int, owned: list[str]) -> None:
    board, state = small_board(seed)
    state = with_junctions(board, state, random.Random(seed))
    t = table(board, state)
    if len(simple_paths(t)) > 40:
        return  # the brute force's assignments grow as paths ** trains
    run = best_run(t, owned)
    assert run.total == brute_force(t, owned)
    assert check_routes(t, run.routes, owned) == list(run.revenues)


@quick
@given(st.integers(0, 2**32 - 1),
       st.lists(st.sampled_from(["3", "4", "5", "D"]), min_size=1, max_size=3))
def test_every_route_the_search_returns_passes_the_validator(seed: int,
                                                             owned: list[str]) -> None:
    board, state = small_board(seed, rows=4, cols=4, tiles=12)
    state = with_junctions(board, state, random.Random(seed))
    t = table(board, state)
    run = best_run(t, owned)
    assert check_routes(t, run.routes, owned) == list(run.revenues)
    assert sum(run.revenues) == run.total
