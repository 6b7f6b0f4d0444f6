"""RocketAPI remembers decoded positions by their exact JSON text (docs/fuzz.md,
"Speed"): a position changed after it was read is read and checked again, and a
refused one is refused every time."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.rocket.api import RocketAPI


def test_a_changed_position_is_checked_again() -> None:
    api = RocketAPI()
    position = api.new_game(["p1", "p2", "p3"], {})
    assert api.game_over(position) is False
    position["supply"]["passengers"] = 8  # the same dict, now one passenger short
    for _ in range(2):
        with pytest.raises(MalformedInput) as err:
            api.legal_actions(position)
        assert err.value.field == "supply.passengers"


def test_one_and_true_are_different_texts() -> None:
    api = RocketAPI()
    position = api.new_game(["p1", "p2", "p3"], {})
    api.scores(position)
    position["version"] = True  # equal to 1 in Python, not in JSON
    with pytest.raises(MalformedInput) as err:
        api.scores(position)
    assert err.value.field == "version"


def test_what_apply_returns_is_answered_from_memory() -> None:
    api = RocketAPI()
    position = api.new_game(["p1", "p2", "p3"], {})
    after = api.apply(position, api.legal_actions(position)[0])
    assert len(api._decoded) == 2  # the new game and the position apply returned
    assert api.legal_actions(after) == api.legal_actions(dict(after))
    assert len(api._decoded) == 2
