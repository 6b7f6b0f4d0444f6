"""Every Rocket action's JSON, written out by hand for the hot ones (legal_actions
lists some 180 a position), is the generic form: its type, then its fields in order
(MoveStation's ``source`` travels as ``from``), and reads back as the same action."""

from __future__ import annotations

from dataclasses import fields

import pytest

from oracle.core.errors import MalformedInput
from oracle.rocket.actions import ACTIONS, Action, action_from_json

VALUES = {"player": "p1", "line": "york", "to": "E5", "source": "D4", "city": "leeds",
          "industry": "coal", "shares": 2}


@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_action_json_is_the_generic_form(kind: str) -> None:
    cls = ACTIONS[kind]
    action: Action = cls(**{f.name: VALUES[f.name] for f in fields(cls)})
    generic = {"type": kind, **{("from" if f.name == "source" else f.name): VALUES[f.name]
                                for f in fields(cls)}}
    got = action.to_json()
    assert list(got.items()) == list(generic.items())
    assert action_from_json(got) == action


class _Int(int):
    """An int that is no JSON integer as read off the wire (a subclass)."""


@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_an_action_read_again_reads_alike_and_a_wrong_type_is_refused_each_time(
        kind: str) -> None:
    # action_from_json keeps each action read by its exact text: a second read gives
    # the same action, and a value of another type (true, 2.0, a subclass of int) is
    # never handed the action its look-alike read as
    cls = ACTIONS[kind]
    data = {"type": kind, **{("from" if f.name == "source" else f.name): VALUES[f.name]
                             for f in fields(cls)}}
    first = action_from_json(dict(data))
    assert action_from_json(dict(data)) == first == action_from_json(
        dict(reversed(list(data.items()))))
    if "shares" in data:
        for wrong in (True, 2.0, _Int(2)):
            for _ in range(2):
                with pytest.raises(MalformedInput, match=r"action\.shares"):
                    action_from_json({**data, "shares": wrong})
    with pytest.raises(MalformedInput):
        action_from_json({**data, "extra": 1})
