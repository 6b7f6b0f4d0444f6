"""oracle/rocket/scoring.py's payouts read from a working position: the same
majorities (``scoring.majority``), prizes and counting bases."""

from __future__ import annotations

from oracle.rocket.fastplay.work import Work
from oracle.rocket.places import INDUSTRIES
from oracle.rocket.scoring import CITY_PRIZES, PER_PLACE, TYPE_PRIZES
from oracle.rocket.state import DISSOLVED

# Every prize table of the game has two prizes, a first and a second.
assert len(CITY_PRIZES) == len(PER_PLACE) == len(TYPE_PRIZES) == 2


def majority(counts: list[int], prizes: tuple[int, int] | list[int], tie_rule: str
             ) -> list[int]:
    """``scoring.majority`` for two prizes, without its general sort: the highest
    count wins the first prize, or the tied highest share both prizes ('split') or
    each take the first ('each_full'); a lone winner leaves the second prize to the
    next highest count, shared or each in full likewise. Nobody with 0 places.
    tests/rocket/test_fastplay.py holds it equal to ``scoring.majority``."""
    out = [0] * len(counts)
    top = max(counts)
    if top <= 0:
        return out
    first, second = prizes
    tied = [i for i, c in enumerate(counts) if c == top]
    if len(tied) > 1:
        prize = first if tie_rule == "each_full" else (first + second) // len(tied)
        for i in tied:
            out[i] = prize
        return out
    out[tied[0]] = first
    runner = 0
    for c in counts:
        if runner < c < top:
            runner = c
    if runner:
        seconds = [i for i, c in enumerate(counts) if c == runner]
        prize = second if tie_rule == "each_full" else second // len(seconds)
        for i in seconds:
            out[i] = prize
    return out


def pay(w: Work, amounts: list[int]) -> None:
    """The bank pays each player (holdings.pay)."""
    if not any(amounts):
        return
    money = w.money
    for pi, a in enumerate(amounts):
        money[pi] += a
    w.bank_paid += sum(amounts)


def counted_places(w: Work, places: set[str], basis: str) -> int:
    if basis == "cities":
        return sum(1 for p in places if p in w.board.industries)
    if basis == "railway_towns":
        return len(places & w.board.railway_towns)
    return len(places)


def city_payout(w: Work, city: str) -> list[int]:
    """SR-TWN-02: the city's token majority."""
    return majority(w.city_held[w.city_index[city]], CITY_PRIZES, w.options.tie_rule)


def railway_town_payout(w: Work, li: int) -> list[int]:
    """SR-TWN-03: station majority on the line (its track and locomotive), per town
    counted on the line."""
    n = counted_places(w, w.connected[li], w.options.town_payout_basis)
    track = w.track[li]
    loco = w.loco[li]
    # the locomotive's space is never track of its own line
    counts = [len(st & track) + (loco in st) for st in w.stations]
    return majority(counts, [p * n for p in PER_PLACE], w.options.tie_rule)


def share_payout(w: Work, li: int, places: set[str], basis: str) -> list[int]:
    """Share majority of a line, per place counted (SR-MRG-01; final scoring)."""
    n = counted_places(w, places, basis)
    shares = [w.real[pi][li] + w.supp[pi][li] for pi in range(w.count)]
    return majority(shares, [p * n for p in PER_PLACE], w.options.tie_rule)


def final_payouts(w: Work) -> list[int]:
    """scoring.final_payouts: industries, passengers, then every line still on the board."""
    opts = w.options
    tie = opts.tie_rule
    total = [0] * w.count
    reached: set[str] = set()
    for li in range(len(w.ids)):
        if w.status[li] != DISSOLVED:
            reached |= w.connected[li]
    held = {industry: [0] * w.count for industry in INDUSTRIES}
    every = not opts.discard_unconnected_tokens
    for pi, tokens in enumerate(w.tokens):
        for (city, industry), k in tokens.items():
            if every or city in reached:
                held[industry][pi] += k
    for industry in INDUSTRIES:
        _add(total, majority(held[industry], TYPE_PRIZES, tie))
    _add(total, majority(w.passengers_held, TYPE_PRIZES, tie))
    for li in range(len(w.ids)):
        if w.status[li] == DISSOLVED or not w.started[li]:
            continue
        _add(total, share_payout(w, li, w.connected[li], opts.merger_count_basis))
        _add(total, railway_town_payout(w, li))
    return total


def _add(total: list[int], more: list[int]) -> None:
    for i, x in enumerate(more):
        total[i] += x
