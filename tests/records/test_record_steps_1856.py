"""The passes the platform implies, as 1856's records showed them (docs/replay.md,
"Passes the platform implies"): a run of nothing has no dividend step, and a player's
act ends the operating company's turn."""

from __future__ import annotations

import pytest

from oracle.harness.record_steps import Refused, Steps
from oracle.protocol.inprocess import InProcess
from tests.eighteen.whole.play1856 import operating


def test_a_run_of_nothing_is_withheld_before_the_companys_next_act() -> None:
    steps = Steps(InProcess())
    position = operating("WGB", step="dividend", revenue=0, treasury=300)
    after = steps.play(position, {"type": "buy_train", "company": "WGB", "train": "2"})
    assert steps.applied[0] == {"type": "dividend", "company": "WGB", "kind": "withhold"}
    assert after["turn"]["step"] == "buy_train" and steps.implied == 1


def test_a_run_of_something_is_not_withheld_for_it() -> None:
    steps = Steps(InProcess())
    position = operating("WGB", step="dividend", revenue=30, treasury=300)
    with pytest.raises(Refused):
        steps.play(position, {"type": "buy_train", "company": "WGB", "train": "2"})
    assert steps.implied == 0


def test_a_players_act_ends_the_operating_companys_turn() -> None:
    """WGB may still buy a train; the record's next act is a player's: the platform
    ended WGB's turn (its buy-train and loan steps are passed)."""
    steps = Steps(InProcess())
    position = operating("WGB", step="buy_train", treasury=300)
    after = steps.play(position, {"type": "pass", "player": "P1"})
    assert {"type": "pass", "company": "WGB"} in steps.applied
    assert after["game_round"]["kind"] == "stock"
