"""The option operating_order (docs/18xx.md, "Whole games"): the companies yet to
operate keep the order the round began with ('round_start'), or are ranked again by
their prices after each turn ('each_turn', 18xx.games's 1830, which the recorded games
need: real-games 26855, where emergency sales move two companies in the round)."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position


def _stale_order(reading: str) -> dict:  # type: ignore[type-arg]
    """PRR operates first; the order says NYC then BO, but BO's price is now higher
    (moved during the round)."""
    p = position("1830", "3", presidents={"PRR": ("P1", 100), "NYC": ("P2", 100),
                                         "BO": ("P3", 100)},
                 turn=("PRR", "token"), order=["PRR", "NYC", "BO"],
                 options={"operating_order": reading})
    market = TITLES["1830"].market
    assert market is not None
    for cid, (row, col) in (("PRR", (0, 8)), ("NYC", (2, 6)), ("BO", (1, 6))):
        c = next(x for x in p["companies"] if x["id"] == cid)
        c["market"], c["share_price"] = [row, col], market.rows[row][col].price
    API.validate(p)
    return p


@pytest.mark.parametrize(("reading", "next_company", "order"), [
    ("round_start", "NYC", ["PRR", "NYC", "BO"]),
    ("each_turn", "BO", ["PRR", "BO", "NYC"]),
])
def test_the_companies_yet_to_operate_are_ranked_as_the_option_reads(
        reading: str, next_company: str, order: list[str]) -> None:
    p = _stale_order(reading)
    after = API.apply(p, {"type": "pass", "company": "PRR"})  # the token step ends the turn
    assert after["turn"]["company"] == next_company
    assert after["operating_order"] == order


def test_the_default_is_the_round_start_order() -> None:
    p = API.new_game(["P1", "P2"], {"title": "1830"})
    assert p["options"]["operating_order"] == "round_start"
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1830", "operating_order": "sometimes"})
