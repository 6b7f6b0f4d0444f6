"""1856's loans (whole/loans.py): taking one a round up to the players' shares, the
interest when the run is over (treasury in tens, then off the run, then the
president), the turn's loan step (repayment, a private bought), the forced
repayment, none from phase 6, the repayment at the first 6, and the end values."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.eighteen.api import API
from tests.eighteen.whole.play import act, cash, company, refused
from tests.eighteen.whole.play1856 import operating

JSON = dict[str, Any]
TAKE = {"type": "take_loan", "company": "WGB"}
REPAY = {"type": "repay_loan", "company": "WGB"}
PASS = {"type": "pass", "company": "WGB"}


def _finance(position: JSON) -> JSON:
    return company(position, "WGB")["finance"]


def test_a_loan_brings_its_value_once_a_round() -> None:
    position = operating(treasury=0)
    bank = position["bank"]
    after = act(position, TAKE)
    assert company(after, "WGB")["treasury"] == 100 and _finance(after)["loans"] == 1
    assert after["bank"] == bank - 100
    assert after["game_round"]["loan_marks"] == [["WGB", "took"]]
    refused(after, TAKE, "loan/once_a_round")


def test_no_more_loans_than_the_players_shares() -> None:
    """The president's certificate is two shares: two loans, no third."""
    refused(operating(held={"P1": 2}, loans=2), TAKE, "loan/limit")
    assert _finance(act(operating(held={"P1": 2}, loans=1), TAKE))["loans"] == 2


def test_a_loan_after_the_interest_is_due_brings_its_value_less_the_interest() -> None:
    position = operating(step="buy_train", treasury=0)
    after = act(position, TAKE)
    assert company(after, "WGB")["treasury"] == 90
    assert ["WGB", "interest"] in after["game_round"]["loan_marks"]


def test_the_interest_comes_from_the_treasury_in_tens_then_off_the_run() -> None:
    """Two loans, $20: $10 of the treasury's $15, $10 off the run of $50; the payout
    is $40, P1's six shares get $24."""
    position = operating(step="dividend", treasury=15, loans=2, revenue=50)
    p1 = cash(position, "P1")
    after = act(position, {"type": "dividend", "company": "WGB", "kind": "payout"})
    assert company(after, "WGB")["treasury"] == 5
    assert cash(after, "P1") == p1 + 24


def test_the_president_pays_the_interest_the_company_cannot() -> None:
    position = operating(step="buy_train", treasury=0, loans=2, trains=("2",))
    p1 = cash(position, "P1")
    after = act(position, PASS)
    assert cash(after, "P1") == p1 - 20


def test_loans_are_repaid_in_the_loan_step_after_the_trains() -> None:
    position = operating(step="buy_train", treasury=250, loans=2)
    refused(position, REPAY, "loan/repay_step")
    at_step = act(position, PASS)
    assert at_step["turn"]["step"] == "loans"
    repaid = act(at_step, REPAY)
    assert _finance(repaid)["loans"] == 1
    assert company(repaid, "WGB")["treasury"] == 250 - 20 - 100
    refused(repaid, TAKE, "loan/once_a_round")
    ended = act(repaid, PASS)
    assert ended["turn"]["company"] != "WGB" or ended["turn"]["step"] != "loans"


def test_a_repayment_needs_the_money() -> None:
    at_step = act(operating(step="buy_train", treasury=50, loans=1), PASS)
    refused(at_step, REPAY, "money/insufficient")


def test_more_loans_than_shares_are_repaid_at_the_turns_end() -> None:
    """Three loans on two shares held: one is repaid when the buy-train step ends."""
    position = operating(step="buy_train", treasury=300, loans=3, held={"P1": 2})
    after = act(position, PASS)
    assert _finance(after)["loans"] == 2
    assert company(after, "WGB")["treasury"] == 300 - 30 - 100


def test_no_loans_from_phase_6() -> None:
    refused(operating(phase="6"), TAKE, "loan/phase")


def test_no_loans_in_an_operating_turn_without_a_whole_game() -> None:
    state = API.load(operating())
    position = replace(state, game=None).canonical().to_json()
    refused(position, TAKE, "loan/not_in_title")


def test_a_player_loses_a_loan_interest_per_share_at_the_end() -> None:
    """P1 holds six WGB shares at 65; two loans take $20 a share off: 6 x 45."""
    position = operating(loans=2)
    with_loans = API.scores(position)["values"]["P1"]
    without = API.scores(operating(loans=0))["values"]["P1"]
    assert without - with_loans == 6 * 20
    assert without == cash(position, "P1") + 6 * 65


@pytest.mark.parametrize(("treasury", "deciding"), [(800, ["WGB"]), (1000, None)])
def test_the_first_6_train_has_the_loans_repaid(treasury: int,
                                                deciding: list[str] | None) -> None:
    """WGB buys the first 6 with two loans: the treasury repays them; one left unpaid,
    its president decides on the CGR formation (merge or pay off: test_1856_cgr.py)."""
    state = API.load(operating(step="buy_train", treasury=treasury, loans=2, phase="5'"))
    state = replace(state, depot=tuple((t, 0 if t not in ("6", "D") else n)
                                       for t, n in state.depot or ()))
    after = act(state.canonical().to_json(),
                {"type": "buy_train", "company": "WGB", "train": "6"})
    formation = after["game_round"].get("formation")
    assert after["phase"] == "6" and "ended" not in after
    assert (formation["deciding"] if formation else None) == deciding
    left = treasury - 20 - 700  # $80 repays none; $280 both
    assert _finance(after)["loans"] == (2 if left < 100 else 0)
    assert company(after, "WGB")["treasury"] == (left if left < 100 else left - 200)
    if deciding:
        assert API.legal_actions(after) == [{"type": "merge", "company": "WGB"},
                                            {"type": "pay_off_loans", "company": "WGB"}]


def test_a_loan_the_bank_cannot_cover_breaks_it() -> None:
    """The bank holds $88 (the rest with P2): the loan's $100 leaves it at -12, broken
    (the game ends with the set, model/bank.py)."""
    state = API.load(operating(treasury=0))
    players = tuple(replace(p, cash=p.cash + state.bank - 88) if p.id == "P2" else p
                    for p in state.players)
    position = replace(state, players=players, bank=88).canonical().to_json()
    after = act(position, TAKE)
    assert (after["bank"], after.get("bank_broken")) == (-12, True)
