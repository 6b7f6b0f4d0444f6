"""A broken conservation total names who holds the wrong amount (issue 23, item 5):
the player whose money, shares or tokens do not add up, not only the sums. The field
each violation shows in, and its ruling, are what they were (tests/rocket/test_invariants.py)."""

from __future__ import annotations

import copy
from typing import Any

from oracle.games import get_game
from oracle.rocket import codec, conservation
from oracle.rocket.setup import initial_state

JSON = dict[str, Any]
START = codec.to_json(initial_state(["p1", "p2", "p3"]))


def changed(**money: int) -> JSON:
    after = copy.deepcopy(START)
    for player, amount in money.items():
        after["holdings"][player]["money"] += amount
    return after


def test_money_from_nowhere_names_the_player_who_has_it() -> None:
    [problem] = conservation.violations(START, changed(p2=3000))
    assert problem.startswith("supply.bank_paid: money does not add up: ")
    assert "players hold £3,000 (p1 £0, p2 £3,000, p3 £0) but the bank paid £0" in problem
    assert problem.endswith("since the position before, p2 has £3,000 more and the bank "
                            "paid £0 more")


def test_within_one_position_every_players_money_is_named() -> None:
    [problem] = conservation.totals(changed(p1=500, p3=1000))
    assert "(p1 £500, p2 £0, p3 £1,000)" in problem


def test_the_steps_check_after_each_action_gives_the_same_words() -> None:
    # World.send runs the game's conservation check on every accepted action
    problems = get_game("rocket").conservation(START, changed(p2=3000))
    assert problems and "p2 has £3,000 more" in problems[0]


def test_money_going_back_names_the_player_and_both_amounts() -> None:
    richer = copy.deepcopy(START)
    richer["holdings"]["p1"]["money"] = 1000
    richer["supply"]["bank_paid"] = 1000
    assert conservation.violations(richer, START) == [
        "holdings.p1.money: money went back to the bank: p1 has £0, had £1,000"]


def test_shares_that_do_not_add_up_name_their_holders() -> None:
    broken = copy.deepcopy(START)
    line = next(iter(broken["lines"]))
    broken["holdings"]["p2"]["shares"][line] = {"real": 2, "supplementary": 0}
    [problem] = conservation.totals(broken)
    assert problem.startswith(f"lines.{line}.pile: pile ")
    assert "+ held 2 (p2 2) + discarded 0 real shares" in problem


def test_an_extra_city_token_names_the_hand_holding_it() -> None:
    broken = copy.deepcopy(START)
    city, tokens = next(iter(broken["city_tokens"].items()))
    broken["holdings"]["p3"]["tokens"] = {city: {tokens[0]: 1}}
    [problem] = conservation.totals(broken)
    assert problem.startswith(f"city_tokens.{city}: ")
    assert f"(on the city {tokens}, p3 holds {[tokens[0]]})" in problem


def test_passengers_name_the_supply_and_each_player_holding_some() -> None:
    broken = copy.deepcopy(START)
    broken["holdings"]["p1"]["passengers"] = 2
    [problem] = conservation.totals(broken)
    assert problem.startswith("supply.passengers: ")
    assert f"(supply {START['supply']['passengers']}, p1 2)" in problem
