"""Route search properties on small random boards (``route_boards.small_board``):
the search equals a brute force over every valid path and assignment (1,000
boards), its routes pass the validator, a run is worth at least any one train's
best route, and more track never lowers the optimum."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.eighteen.load.generated import legal_tiles
from oracle.eighteen.model.state import LaidTile
from oracle.eighteen.model.tiles import COLOURS
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.routes.route import check_routes
from oracle.eighteen.routes.search import best_run, brute_force, simple_paths
from tests.eighteen.route_boards import small_board, table

TRAIN_POOL = ["2", "3", "4", "3", "D", "2+2", "4/2"]
seeds = st.integers(0, 2**32 - 1)
trains = st.lists(st.sampled_from(TRAIN_POOL), min_size=1, max_size=3)
quick = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(quick, max_examples=1000)
@given(seeds, trains)
def test_search_equals_brute_force(seed: int, owned: list[str]) -> None:
    board, state = small_board(seed)
    t = table(board, state)
    run = best_run(t, owned)
    assert run.total == brute_force(t, owned)
    assert check_routes(t, run.routes, owned) == list(run.revenues)
    assert sum(run.revenues) == run.total


@settings(quick, max_examples=150)
@given(seeds, trains)
def test_a_run_is_worth_at_least_any_single_route(seed: int, owned: list[str]) -> None:
    board, state = small_board(seed, rows=4, cols=4, tiles=12)
    t = table(board, state)
    total = best_run(t, owned).total
    for train in owned:
        assert best_run(t, [train]).total <= total


@settings(quick, max_examples=150)
@given(seeds, trains)
def test_more_track_never_lowers_the_optimum(seed: int, owned: list[str]) -> None:
    board, state = small_board(seed, rows=4, cols=4, tiles=10)
    before = best_run(table(board, state), owned).total
    rng = random.Random(seed)
    for hex_id in rng.sample(sorted(board.hexes), len(board.hexes)):
        # more track, not lower stop values: an upgrade may print a lower value (a
        # yellow $20 town to a green $10 one), which lowers the optimum honestly
        old, _ = hex_content(board, state, hex_id)
        options = [(tile, rotation)
                   for tile, rotation in legal_tiles(board, state, hex_id, COLOURS[1:4])
                   if all(new.revenue >= was.revenue
                          for new, was in zip(tile.stops, old.stops, strict=True))]
        if options:
            tile, rotation = rng.choice(options)
            tiles = (*(x for x in state.tiles if x.hex != hex_id),
                     LaidTile(hex_id, tile.id, rotation))
            state = replace(state, tiles=tuple(sorted(tiles)))
            break
    assert best_run(table(board, state), owned).total >= before


@settings(quick, max_examples=150)
@given(seeds, st.lists(st.sampled_from(["2", "3", "4", "D"]), min_size=4, max_size=4))
def test_four_trains_equal_brute_force(seed: int, owned: list[str]) -> None:
    """Four trains of overlapping types (the symmetry rules at work), on boards small
    enough for the brute force."""
    board, state = small_board(seed, tiles=6)
    t = table(board, state)
    if len(simple_paths(t)) > 20:
        return
    assert best_run(t, owned).total == brute_force(t, owned)
