"""Hypothesis strategies for random small boards and positions."""

from __future__ import annotations

from hypothesis import strategies as st

from oracle.core import hexgrid
from oracle.rocket.board import Board
from oracle.rocket.notation import default_industries
from oracle.rocket.places import CITY, PLACES, RAILWAY, START

STARTS = sorted(p for p in PLACES if PLACES[p].kind == START)
OTHERS = sorted(p for p in PLACES if PLACES[p].kind in (CITY, RAILWAY))


@st.composite
def small_boards(draw: st.DrawFn) -> Board:
    rows = draw(st.integers(3, 7))
    cols = draw(st.integers(4, 9))
    spaces = [hexgrid.make_id(r, c) for r in range(rows) for c in range(cols)]
    water = {s for s in spaces if draw(st.integers(0, 9)) == 0}
    land = [s for s in spaces if s not in water]
    starts = draw(st.lists(st.sampled_from(STARTS), min_size=2, max_size=4, unique=True))
    others = draw(st.lists(st.sampled_from(OTHERS), min_size=1, max_size=4, unique=True))
    chosen = starts + others
    if len(land) < len(chosen) + 4:
        land, water = spaces, set()
    where = draw(st.permutations(land))[:len(chosen)]
    places = dict(zip(chosen, where, strict=True))
    industries = {p: default_industries()[p] for p in chosen if PLACES[p].kind == CITY}
    return Board(name="random", approximate=False, land=frozenset(land),
                 water=frozenset(water), places=places, industries=industries)
