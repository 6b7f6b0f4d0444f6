"""Every Rocket action's JSON, written out by hand for the hot ones (legal_actions
lists some 180 a position), is the generic form: its type, then its fields in order
(MoveStation's ``source`` travels as ``from``), and reads back as the same action."""

from __future__ import annotations

from dataclasses import fields

import pytest

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
