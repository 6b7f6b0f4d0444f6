"""Payouts: majorities for connections, mergers and the final scoring.

Amounts are kept in pounds for both editions; the 2018 edition reports victory
points (pounds / 1000) in ``scores``.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.rocket.places import INDUSTRIES, PLACES, RAILWAY
from oracle.rocket.state import DISSOLVED, Line, State

CITY_PRIZES = (2000, 1000)  # SR-TWN-02 (research 5.1)
TYPE_PRIZES = (6000, 3000)  # final majorities per industry and passengers (research 6.2)
PER_PLACE = (1000, 500)  # per counted place: railway towns, mergers, final shares/stations


def majority(counts: Sequence[int], prizes: Sequence[int], tie_rule: str) -> list[int]:
    """Prize per player for the top ranks. Nobody with a count of 0 places."""
    order = sorted({c for c in counts if c > 0}, reverse=True)
    out = [0] * len(counts)
    rank = 0
    for value in order:
        if rank >= len(prizes):
            break
        tied = [i for i, c in enumerate(counts) if c == value]
        if tie_rule == "each_full":
            for i in tied:
                out[i] = prizes[rank]
        else:  # split: the prizes of the ranks the tied players fill, shared
            pot = sum(prizes[rank:rank + len(tied)])
            for i in tied:
                out[i] = pot // len(tied)
        rank += len(tied)
    return out


def counted_places(state: State, places: frozenset[str], basis: str) -> int:
    if basis == "cities":
        return sum(1 for p in places if p in state.board.industries)
    if basis == "railway_towns":
        return sum(1 for p in places if PLACES[p].kind == RAILWAY)
    return len(places)


def stations_on_line(state: State, ln: Line) -> list[int]:
    """Stations per player on the line's track or under its locomotive."""
    spaces = set(ln.track)
    if ln.loco:
        spaces.add(ln.loco)
    return [len(h.stations & spaces) for h in state.holdings]


def city_tokens_held(state: State, city: str) -> list[int]:
    return [sum(n for c, _, n in h.tokens if c == city) for h in state.holdings]


def city_payout(state: State, city: str) -> list[int]:
    """SR-TWN-02: a line reaching a city new to it pays the city's token majority."""
    return majority(city_tokens_held(state, city), CITY_PRIZES, state.options.tie_rule)


def railway_town_payout(state: State, ln: Line) -> list[int]:
    """SR-TWN-03: station majority on the line, per town counted on the line."""
    n = counted_places(state, ln.connected, state.options.town_payout_basis)
    prizes = [p * n for p in PER_PLACE]
    return majority(stations_on_line(state, ln), prizes, state.options.tie_rule)


def share_payout(state: State, line_index: int, places: frozenset[str], basis: str) -> list[int]:
    """Share majority of a line, per place counted (mergers SR-MRG-01; final scoring)."""
    n = counted_places(state, places, basis)
    prizes = [p * n for p in PER_PLACE]
    shares = [h.shares(line_index) for h in state.holdings]
    return majority(shares, prizes, state.options.tie_rule)


def final_payouts(state: State) -> list[int]:
    """End of game: industry and passenger majorities, then shares and stations of
    every line still on the board (isolated lines included)."""
    total = [0] * len(state.players)
    tie = state.options.tie_rule
    reached: set[str] = set()
    for ln in state.lines:
        if ln.status != DISSOLVED:
            reached |= ln.connected
    for industry in INDUSTRIES:
        counts = [sum(n for c, i, n in h.tokens if i == industry
                      and (c in reached or not state.options.discard_unconnected_tokens))
                  for h in state.holdings]
        total = _add(total, majority(counts, TYPE_PRIZES, tie))
    total = _add(total, majority([h.passengers for h in state.holdings], TYPE_PRIZES, tie))
    for li, ln in enumerate(state.lines):
        if ln.status == DISSOLVED or not ln.started:
            continue
        total = _add(total, share_payout(state, li, ln.connected, state.options.merger_count_basis))
        total = _add(total, railway_town_payout(state, ln))
    return total


def _add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]
