"""1870's market ledge under both readings of ``ledge_move`` (ledge.py).

The ledge is the lower right part of 1870's market (zone ``ignore_one_sale``). A right
move from the last cell before it goes right onto the ledge (``right``, the default,
the rules' movement) or up to the cell of the same price (``up``, the printed arrows,
as tobymao moves it: real-turns note R2). docs/18xx.md, "The market ledge".
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import ledge
from oracle.eighteen.model.market import move, price
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.titles import TITLES
from tests.eighteen.golden_positions import BUILDERS
from tests.eighteen.real_turn_replay import market_differences, noted, replay, turn_file
from tests.harness.requires import needs_shared

JSON = dict[str, Any]
MARKET = TITLES["1870"].market
assert isinstance(MARKET, MarketDef)


def company(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def after_move(at: tuple[int, int], reading: str, direction: str = "right") -> tuple[int, int]:
    assert isinstance(MARKET, MarketDef)
    return move(MARKET, at, ledge.direction(MARKET, at, direction, {"ledge_move": reading}))


def test_the_ledge_is_the_ignore_one_sale_zone() -> None:
    assert isinstance(MARKET, MarketDef)
    assert ledge.has_ledge(MARKET) and not ledge.has_ledge(TITLES["1830"].market)
    assert ledge.on_ledge(MARKET, (6, 9)) and not ledge.on_ledge(MARKET, (6, 8))
    # a ledge cell has the price of the cell above and to its left
    for r, row in enumerate(MARKET.rows):
        for c, cell in enumerate(row):
            if cell is not None and ledge.on_ledge(MARKET, (r, c)) and \
                    not ledge.on_ledge(MARKET, (r, c - 1)):
                assert price(MARKET, (r - 1, c - 1)) == cell.price


@pytest.mark.parametrize(("at", "right", "up"), [
    ((6, 8), (6, 9), (5, 8)),     # 72 -> 76 on the ledge, or 76 above it
    ((5, 9), (5, 10), (4, 9)),    # 82 -> 90
    ((4, 10), (4, 11), (3, 10)),  # 100 -> 110
    ((7, 7), (7, 8), (6, 7)),     # 64 -> 68
])
def test_a_right_move_onto_the_ledge(at: tuple[int, int], right: tuple[int, int],
                                     up: tuple[int, int]) -> None:
    assert isinstance(MARKET, MarketDef)
    assert after_move(at, "right") == right
    assert after_move(at, "up") == up
    assert price(MARKET, right) == price(MARKET, up)  # same price, another cell


@pytest.mark.parametrize("reading", ledge.READINGS)
def test_moves_that_do_not_reach_the_ledge_do_not_depend_on_the_reading(reading: str) -> None:
    assert after_move((6, 9), reading) == (6, 10)  # on the ledge: right as usual
    assert after_move((6, 5), reading) == (6, 6)  # far from it
    assert after_move((6, 8), reading, "left") == (6, 7)
    assert after_move((6, 10), reading, "left") == (6, 9)


def test_the_default_is_right() -> None:
    assert ledge.DEFAULT == "right"
    assert API.new_game(["P1", "P2"], {"title": "1870"})["options"]["ledge_move"] == "right"


@pytest.mark.parametrize(("reading", "cell"), [("right", [6, 9]), ("up", [5, 8])])
def test_a_payout_at_the_edge_of_the_ledge(reading: str, cell: list[int]) -> None:
    p = BUILDERS["1870_half_dividend"]()
    p["options"]["ledge_move"] = reading
    company(p, "SSW")["market"] = [6, 8]
    company(p, "SSW")["share_price"] = 72
    after = API.apply(p, {"type": "dividend", "company": "SSW", "kind": "payout"})
    assert company(after, "SSW")["market"] == cell
    assert company(after, "SSW")["share_price"] == 76
    assert API.conservation(p, after) == []


def test_the_reading_is_for_titles_with_a_ledge() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1830", "ledge_move": "up"})
    assert err.value.field == "options.ledge_move"
    p = BUILDERS["1830_pool_dividend"]()
    p["options"]["ledge_move"] = "up"
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == "options.ledge_move"
    assert API.new_game(["P1", "P2"], {"title": "1870", "ledge_move": "up"})
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1870", "ledge_move": "down"})


R2_TURNS = 14  # real-turns README: 14 1870 turns differ by the market cell (R2)


@needs_shared("real-turns")
def test_the_r2_real_turns_agree_under_up_and_differ_under_right() -> None:
    files = noted("1870", "R2")
    assert len(files) == R2_TURNS
    for name in files:
        turn = turn_file(name)
        try:
            assert market_differences(turn, replay(turn, {"ledge_move": "up"})) == [], name
            right = market_differences(turn, replay(turn, {"ledge_move": "right"}))
        except IllegalAction as err:  # pragma: no cover - a failure names the turn
            raise AssertionError(f"{name}: {err}") from err
        assert right and all(".market " in d for d in right), (name, right)
