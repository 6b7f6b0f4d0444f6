"""Copy-on-write helpers for the per-player and per-line tuples of a State."""

from __future__ import annotations

from bisect import bisect_left

from oracle.rocket.state import Holding, Line, State, replace_line
from oracle.rocket.state import fast_replace as replace


def set_line(state: State, li: int, line: Line, **changes: object) -> State:
    """The state with line ``li`` replaced (and ``changes``, in the same copy)."""
    return replace_line(state, li, line, changes)


def set_holding(state: State, pi: int, holding: Holding, **changes: object) -> State:
    """The state with player ``pi``'s holding replaced (and ``changes``, in the same copy)."""
    holdings = list(state.holdings)
    same = holdings[pi].stations is holding.stations  # then station_owner stays valid
    holdings[pi] = holding
    return state.evolve(False, same, holdings=tuple(holdings), **changes)


def add_shares(h: Holding, li: int, real: int = 0, supplementary: int = 0) -> Holding:
    r = list(h.real)
    s = list(h.supplementary)
    r[li] += real
    s[li] += supplementary
    return Holding(h.money, tuple(r), tuple(s), h.stations, h.tokens, h.passengers)


def pay(state: State, amounts: list[int]) -> State:
    """The bank pays each player; money only ever flows out of the bank."""
    if not any(amounts):
        return state
    holdings = tuple(replace(h, money=h.money + a) if a else h
                     for h, a in zip(state.holdings, amounts, strict=True))
    return state.evolve(False, True, holdings=holdings, bank_paid=state.bank_paid + sum(amounts))


def add_token(h: Holding, city: str, industry: str) -> Holding:
    """One more (city, industry) token. ``Holding.tokens`` is sorted with one entry
    per (city, industry) (codec and this function keep it so), so the entry is found
    by bisection and counted up in place, or a new one goes where sorting would put
    it: the same tuple a count-and-sort gives, without a dict and a sort per take."""
    tokens = h.tokens
    at = bisect_left(tokens, (city, industry))  # a pair sorts before its triples
    if at < len(tokens) and tokens[at][0] == city and tokens[at][1] == industry:
        entry = (city, industry, tokens[at][2] + 1)
        return replace(h, tokens=(*tokens[:at], entry, *tokens[at + 1:]))
    return replace(h, tokens=(*tokens[:at], (city, industry, 1), *tokens[at:]))
