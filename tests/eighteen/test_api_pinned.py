"""EighteenAPI.pinned (oracle.core.game.Pinning): questions about the very object
``apply`` returned last use the state it was made from instead of loading it again;
the answers are the ones loading gives, and any other object is loaded as before."""

from __future__ import annotations

import copy
import random

import pytest

from oracle.core.errors import MalformedInput
from oracle.core.game import Pinning
from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.model.state import State
from tests.eighteen.positions import scenario_positions


def test_the_18xx_api_pins() -> None:
    assert isinstance(EighteenAPI(), Pinning)


@pytest.mark.parametrize("n", range(len(scenario_positions())))
def test_pinned_answers_are_the_loaded_ones(n: int) -> None:
    api, rng = EighteenAPI(), random.Random(n)
    position = scenario_positions()[n]
    for _ in range(6):
        legal = api.legal_actions(position)
        if not legal:
            break
        after = api.apply(position, rng.choice(legal))
        assert api._recent and api._recent[-1][0] is after
        assert State.from_json(copy.deepcopy(after)) == api._recent[-1][1]
        with api.pinned(after):
            pinned = (api.legal_actions(after), api.scores(after), api.game_over(after))
        fresh = copy.deepcopy(after)
        assert pinned == (api.legal_actions(fresh), api.scores(fresh), api.game_over(fresh))
        position = after


def test_a_changed_position_is_loaded_and_refused_outside_the_pin() -> None:
    api = EighteenAPI()
    position = scenario_positions()[0]
    after = api.apply(position, api.legal_actions(position)[0])
    with api.pinned(after):
        api.scores(after)
    after["phase"] = "no such phase"
    with pytest.raises(MalformedInput) as err:
        api.scores(after)
    assert err.value.field == "phase"


def test_only_the_object_apply_returned_last_is_pinned() -> None:
    api = EighteenAPI()
    position = scenario_positions()[0]
    after = api.apply(position, api.legal_actions(position)[0])
    with api.pinned(copy.deepcopy(after)):
        assert api._pin is None
    with api.pinned(after):
        assert api._pin is not None
    assert api._pin is None
