"""Whose dividends the treasury receives, and 1825's price moves by dividend size.

Sources (docs/18xx-golden.md): the 18xx Rules Difference List 8.1 and 8.2; tobymao's
dividend steps agree (the share pool; 1870 the corporation itself; 1825 nothing, with
the same thresholds).
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.model.market import RULE_1830, scaled_steps
from oracle.eighteen.model.state import State
from oracle.eighteen.operating import dividend_rule
from oracle.eighteen.rules import Rules
from oracle.eighteen.titles import TITLES
from steps.eighteen_new_game import operating_turn_only
from tests.eighteen.golden_positions import BUILDERS

JSON = dict[str, Any]


def company(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


@pytest.mark.parametrize(("dividend", "price", "steps"), [
    (50, 100, 0), (51, 100, 1),      # more than half, not half itself
    (33, 67, 0), (34, 67, 1),        # an odd price: half is 33.5
    (199, 100, 1), (200, 100, 2),    # twice the price
    (299, 100, 2), (300, 100, 3), (400, 100, 4), (900, 100, 4),  # at most four
])
def test_1825_price_moves_by_the_size_of_the_dividend(dividend: int, price: int,
                                                      steps: int) -> None:
    assert scaled_steps(dividend, price) == steps


@pytest.mark.parametrize(("title", "holders"), [
    ("1830", {"pool"}), ("1835", {"pool"}), ("1856", {"pool"}), ("18GA", {"pool"}),
    ("18AL", {"pool"}), ("18Kaas", {"pool"}), ("1870", {"ipo", "treasury"}), ("1825", set()),
])
def test_each_title_names_the_shares_that_pay_the_treasury(title: str,
                                                           holders: set[str]) -> None:
    state = State.from_json(operating_turn_only(API.new_game(["P1", "P2", "P3"], {"title": title})))
    assert dividend_rule(Rules(TITLES), state).to_treasury == holders
    assert dividend_rule(Rules(TITLES), state).scaled == (title == "1825")


def test_1830_unsold_shares_still_earn_nothing_for_anyone() -> None:
    p = BUILDERS["1830_pool_dividend"]()
    company(p, "PRR")["shares"] = {"P1": 5, "P2": 2, "ipo": 3}
    after = API.apply(p, {"type": "dividend", "company": "PRR", "kind": "payout"})
    assert company(after, "PRR")["treasury"] == company(p, "PRR")["treasury"]
    assert after["bank"] - p["bank"] == -42
    assert RULE_1830.to_treasury == {"pool"}


def test_1825_withholding_moves_left_and_the_row_end_holds() -> None:
    p = BUILDERS["1825_half_price_dividend"]()
    after = API.apply(p, {"type": "dividend", "company": "LNWR", "kind": "withhold"})
    assert company(after, "LNWR")["market"] == [0, 14]
    assert company(after, "LNWR")["treasury"] - company(p, "LNWR")["treasury"] == 50
    end = BUILDERS["1825_double_price_dividend"]()
    company(end, "LNWR").update(market=[0, 26], share_price=320)  # one cell from the end
    end["turn"]["revenue"] = 1300  # four times the price: four moves, one cell left
    after = API.apply(end, {"type": "dividend", "company": "LNWR", "kind": "payout"})
    assert company(after, "LNWR")["market"] == [0, 27]
    assert company(after, "LNWR")["share_price"] == 340


def test_the_1870_connection_run_pays_the_treasury_for_unissued_shares() -> None:
    p = BUILDERS["1870_half_dividend"]()  # SSW's Memphis - Fort Worth line, run for 70
    company(p, "SSW").update(shares={"P1": 8, "ipo": 2}, destination="charter", tokens_left=2)
    p["turn"].update(step="connection_dividend", revenue=80, after="FW")
    after = API.apply(p, {"type": "dividend", "company": "SSW", "kind": "payout"})
    assert company(after, "SSW")["treasury"] - company(p, "SSW")["treasury"] == 16
    assert next(x for x in after["players"] if x["id"] == "P1")["cash"] == 700 + 64
