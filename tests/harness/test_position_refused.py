"""A refused scenario position is a setup error in whatever step the position is sent
(the 18xx steps send the finished position at the first When), never a kill."""

from __future__ import annotations

import pytest

from oracle.harness.collect import classify
from steps.world import PositionRefused


def _info(err: BaseException) -> pytest.ExceptionInfo[BaseException]:
    try:
        raise err
    except BaseException:
        return pytest.ExceptionInfo.from_current()


def test_a_refused_position_at_a_when_step_is_a_setup_error() -> None:
    assert classify(_info(PositionRefused("tiles[0]: no such tile")), setup=False) \
        == "setup-error"


def test_a_wrong_answer_at_a_when_step_is_still_a_fail() -> None:
    assert classify(_info(AssertionError("refused, expected accepted")), setup=False) == "fail"
