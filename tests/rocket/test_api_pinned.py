"""RocketAPI.pinned (oracle.core.game.Pinning): while it lasts, questions about the
very object the API returned last skip the exact-form key; any other object, and
every question outside it, is looked up by its exact form as before, so a changed
position is still read and checked again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from oracle.core.errors import MalformedInput
from oracle.core.game import Pinning
from oracle.core.pinning import RECENT
from oracle.protocol.inprocess import InProcess
from oracle.rocket import api as api_module
from oracle.rocket.api import RocketAPI


@pytest.fixture
def keyed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times the exact-form key is worked out."""
    calls = [0]
    text = api_module._text

    def counting(position: api_module.JSON) -> bytes:
        calls[0] += 1
        return text(position)

    monkeypatch.setattr(api_module, "_text", counting)
    yield calls


def _after_one_action(api: RocketAPI) -> api_module.JSON:
    position = api.new_game(["p1", "p2", "p3"], {})
    return api.apply(position, api.legal_actions(position)[0])


def test_the_rocket_api_pins() -> None:
    assert isinstance(RocketAPI(), Pinning)


def test_questions_about_the_pinned_object_skip_the_key(keyed: list[int]) -> None:
    api = RocketAPI()
    after = _after_one_action(api)
    plain = (api.legal_actions(after), api.scores(after), api.game_over(after))
    before = keyed[0]
    with api.pinned(after):
        pinned = (api.legal_actions(after), api.scores(after), api.game_over(after))
    assert keyed[0] == before
    assert pinned == plain
    api.scores(after)  # the pin is over
    assert keyed[0] == before + 1


def test_an_equal_copy_is_not_the_pinned_object(keyed: list[int]) -> None:
    api = RocketAPI()
    after = _after_one_action(api)
    before = keyed[0]
    with api.pinned(after):
        api.scores(dict(after))
    assert keyed[0] == before + 1


def test_only_the_objects_returned_last_are_pinned(keyed: list[int]) -> None:
    """The last ``RECENT`` (two sides of a lockstep on one API take turns), no older."""
    api = RocketAPI()
    first = api.new_game(["p1", "p2", "p3"], {})
    api.apply(first, api.legal_actions(first)[0])  # ``first`` is not the last, but recent
    before = keyed[0]
    with api.pinned(first):
        api.scores(first)
    assert keyed[0] == before
    for _ in range(RECENT):  # now it is too old
        api.new_game(["p1", "p2", "p3"], {})
    before = keyed[0]
    with api.pinned(first):
        api.scores(first)
    assert keyed[0] == before + 1


def test_a_position_made_from_a_pinned_one_is_not_keyed_yet_answered_alike(
        keyed: list[int]) -> None:
    """Its caller pins what it holds (the lockstep): no key is worked out for it; handed
    back unpinned after all, it is decoded and answered the same."""
    api = RocketAPI()
    first = api.new_game(["p1", "p2", "p3"], {})
    action = api.legal_actions(first)[0]
    before = keyed[0]
    with api.pinned(first):
        after = api.apply(first, action)
        with api.pinned(after):
            pinned = (api.legal_actions(after), api.scores(after), api.game_over(after))
    assert keyed[0] == before
    plain = RocketAPI()
    assert (api.legal_actions(after), api.scores(after), api.game_over(after)) == pinned
    assert pinned == (plain.legal_actions(after), plain.scores(after), plain.game_over(after))


def test_pins_nest() -> None:
    api = RocketAPI()
    first = api.new_game(["p1", "p2", "p3"], {})
    with api.pinned(first):
        after = api.apply(first, api.legal_actions(first)[0])
        with api.pinned(after):
            assert api._pin is not None and api._pin[0] is after
        assert api._pin is not None and api._pin[0] is first
    assert api._pin is None


def test_a_changed_position_outside_the_pin_is_checked_again() -> None:
    api = RocketAPI()
    after = _after_one_action(api)
    with api.pinned(after):
        api.scores(after)
    after["supply"]["passengers"] = 8
    with pytest.raises(MalformedInput) as err:
        api.scores(after)
    assert err.value.field == "supply.passengers"


def test_the_pin_ends_when_a_question_fails() -> None:
    api = RocketAPI()
    after = _after_one_action(api)
    with pytest.raises(RuntimeError), api.pinned(after):
        raise RuntimeError("a question failed")
    assert api._pin is None


def test_start_inspect_answers_as_the_single_questions_do() -> None:
    impl = InProcess()
    position = impl.new_game("rocket", ["p1", "p2", "p3"], {})
    action = impl.legal_actions("rocket", position)[0]
    answers = impl.start_inspect("rocket", position, ("legal_actions", "scores", "game_over"),
                                 action)()
    verdict = impl.apply("rocket", position, action)
    after = verdict.position
    assert after is not None
    assert answers["legal_actions"] == impl.legal_actions("rocket", after)
    assert answers["scores"] == impl.scores("rocket", after)
    assert answers["game_over"] == impl.game_over("rocket", after)
