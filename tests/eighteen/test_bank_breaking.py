"""The bank breaking: marked in the position, payments go on, the game ends with
the round."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from tests.eighteen.positions import bank_at
from tests.eighteen.test_operating import act, dividend_step


def test_a_payout_that_empties_the_bank_breaks_it_and_is_still_paid() -> None:
    p = dividend_step(60)
    bank_at(p, 30)  # the payout takes 48 from the bank (P1 36, P2 12)
    after = act(p, type="dividend", kind="payout")
    assert after["bank"] == -18 and after["bank_broken"] is True
    cash = {x["id"]: x["cash"] for x in after["players"]}
    assert cash == {**cash, "P1": 836, "P2": 812}
    assert API.canonical(after) == after


def test_exactly_nothing_left_is_broken_and_one_dollar_is_not() -> None:
    p = dividend_step(60)
    bank_at(p, 48)
    assert act(p, type="dividend", kind="payout")["bank_broken"] is True
    bank_at(p, 49)
    after = act(p, type="dividend", kind="payout")
    assert after["bank"] == 1 and "bank_broken" not in after


def test_the_bank_stays_broken_and_the_round_ends_the_game() -> None:
    p = dividend_step(60)
    bank_at(p, 10)
    after = act(p, type="dividend", kind="payout")
    assert not API.game_over(after)  # the set of operating rounds finishes
    bought = act(after, type="buy_train", train="2")
    assert bought["bank"] > 0 and bought["bank_broken"] is True
    q = after
    while not API.game_over(q):
        q = API.apply(q, API.legal_actions(q)[0])
    assert q["bank_broken"] is True and q["turn"]["step"] == "done"


def test_a_negative_bank_needs_a_broken_bank() -> None:
    p = dividend_step(60)
    bank_at(p, -5)
    with pytest.raises(MalformedInput) as err:
        API.apply(p, {"type": "dividend", "company": "PRR", "kind": "withhold"})
    assert err.value.field == "bank"
    p["bank_broken"] = True
    assert act(p, type="dividend", kind="withhold")["bank"] == -65
