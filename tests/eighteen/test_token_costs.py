"""1835 token prices by distance: the home token free, every further one 20 per hex
of straight-line distance from the home hex (``token_costs``)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.model.coords import hex_distance, neighbour
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position
from tests.eighteen.test_rules import company, refused, token

JSON = dict[str, Any]


def wt_to_n12(treasury: int) -> JSON:
    """WT home on Stuttgart (M9), track M9 - M11 - N12 (two hexes away)."""
    return position("1835", "2.1", presidents={"WT": ("P1", treasury)},
                    tiles=[("M9", "57", 1), ("M11", "8", 5), ("N12", "57", 2)],
                    tokens=[("M9", 0, "WT")], turn=("WT", "token"))


@pytest.mark.parametrize("layout", ["pointy", "flat", "flat_rows"])
def test_hex_distance_matches_steps_between_neighbours(layout: str) -> None:
    start = "J10"
    frontier, seen = [start], {start: 0}
    while frontier:  # breadth-first over the coordinate grid, 4 steps out
        hex_id = frontier.pop(0)
        if seen[hex_id] == 4:
            continue
        for edge in range(6):
            other = neighbour(hex_id, edge, layout)
            if other is not None and other not in seen:
                seen[other] = seen[hex_id] + 1
                frontier.append(other)
    for hex_id, steps in seen.items():
        assert hex_distance(start, hex_id, layout) == steps


def test_1835_charters_carry_the_published_counts_and_rate() -> None:
    title = TITLES["1835"]
    counts = {c.id: (c.tokens, c.token_cost_per_hex) for c in title.companies}
    assert counts == {"BA": (2, 20), "WT": (2, 20), "BY": (5, 20)}
    assert all(c.token_cost_per_hex == 0 for c in TITLES["1830"].companies)


def test_a_1835_token_costs_20_per_hex_from_home() -> None:
    after = API.apply(wt_to_n12(300), token("WT", "N12"))
    assert hex_distance("M9", "N12", "pointy") == 2
    assert company(after, "WT")["treasury"] == 300 - 40
    assert company(after, "WT")["tokens_left"] == 0


def test_a_1835_token_the_treasury_cannot_pay_is_refused() -> None:
    p = wt_to_n12(39)
    assert refused(p, token("WT", "N12")) == "money/insufficient"
    assert API.apply(wt_to_n12(40), token("WT", "N12"))  # boundary: exactly 40


def test_the_1835_home_token_stays_free() -> None:
    p = position("1835", "2.1", presidents={"WT": ("P1", 300)}, turn=("WT", "home"))
    after = API.apply(p, token("WT", "M9"))
    assert company(after, "WT")["treasury"] == 300


def test_legal_actions_offer_the_token_at_its_distance_price() -> None:
    acts = [a for a in API.legal_actions(wt_to_n12(300)) if a["type"] == "place_token"]
    assert {"type": "place_token", "company": "WT", "hex": "N12", "city": 0} in acts
    assert not any(a["type"] == "place_token" for a in API.legal_actions(wt_to_n12(39)))
