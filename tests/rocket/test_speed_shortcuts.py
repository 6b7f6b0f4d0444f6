"""The fast path's shortcuts give what the plain code they stand for gives
(docs/fuzz.md, "Speed"): each is compared here with that code, written out as it
was, on random positions."""

from __future__ import annotations

import random

from oracle.rocket.holdings import add_token
from oracle.rocket.places import INDUSTRIES
from oracle.rocket.state import Holding

_CITIES = ("Liverpool", "Manchester", "Hull", "York", "Leeds")


def _add_token_by_sorting(h: Holding, city: str, industry: str) -> Holding:
    """add_token as it was: count in a dict, then sort every entry."""
    counts = {(c, i): n for c, i, n in h.tokens}
    counts[(city, industry)] = counts.get((city, industry), 0) + 1
    return h._replace(tokens=tuple(sorted((c, i, n) for (c, i), n in counts.items())))


def test_add_token_equals_count_and_sort() -> None:
    rng = random.Random(7)
    industries = sorted(INDUSTRIES)
    for _ in range(300):
        h = Holding(0, (0,), (0,), frozenset(), (), 0)
        for _ in range(rng.randrange(0, 25)):
            city, industry = rng.choice(_CITIES), rng.choice(industries)
            want = _add_token_by_sorting(h, city, industry)
            h = add_token(h, city, industry)
            assert h == want
            assert list(h.tokens) == sorted(h.tokens)
