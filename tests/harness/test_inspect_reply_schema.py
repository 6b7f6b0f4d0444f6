"""An inspect reply is told valid by one schema (``messages._inspect_reply``) exactly
where every check ``reply_problem`` makes one by one takes it: the envelope, the
result, each part's result (its digest form where digests were asked for). Replies of
a served game, and each broken at random (a field dropped, added or of another type,
at any depth), are judged alike both ways."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import _inspect_reply, reply_problem, reply_problem_each
from oracle.protocol.server import answer

_ASK = ["legal_actions", "scores", "game_over"]


def _replies() -> list[tuple[Any, bool]]:
    """Inspect replies of the served oracle, with and without digests: accepted,
    refused, malformed (an errored part), unsupported (a game not offered)."""
    served = InProcess(games=["rocket"])
    plain = InProcess(games=["rocket"])
    position = plain.new_game("rocket", ["p1", "p2", "p3"], {})
    first = plain.legal_actions("rocket", position)[0]
    out = []
    for step in range(6):
        legal = plain.legal_actions("rocket", position)
        action = legal[step % len(legal)]
        for digests in (True, False):
            for sent in (action, first, {"type": "no such action"}):
                request = {"cmd": "inspect", "seq": step, "game": "rocket", "ask": _ASK,
                           "position": position, "action": sent}
                if digests:
                    request["digests"] = True
                out.append((answer(served, json.dumps(request)), digests))
        made = plain.apply("rocket", position, action).position
        assert made is not None
        position = made
    out.append((answer(served, json.dumps({"cmd": "inspect", "seq": 9, "game": "chess",
                                           "ask": _ASK, "position": position})), False))
    return out


REPLIES = _replies()


def test_the_served_replies_are_valid_both_ways() -> None:
    kinds = set()
    for reply, digests in REPLIES:
        assert _inspect_reply(digests).is_valid(reply)
        assert reply_problem_each("inspect", reply, digests) is None
        for question, part in reply["result"].items():
            kinds.add(f"{question} {next(iter(part))} "
                      f"{part.get('result', {}).get('accepted')}")
    assert {"apply result True", "apply result False", "apply errored None",
            "scores unsupported None"} <= kinds, kinds


_ODD = st.sampled_from([None, True, 0, -1, 1.5, "", "x", [], {}, {"x": 1}, "0" * 64])


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _places(v, (*path, i))
    return found


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(REPLIES) - 1), st.integers(0, 10**6),
       st.sampled_from(["drop", "set", "add"]), _ODD, st.booleans())
def test_a_broken_reply_is_judged_alike_both_ways(which: int, where: int, how: str,
                                                 odd: Any, digests: bool) -> None:
    reply = copy.deepcopy(REPLIES[which][0])
    places = [p for p in _places(reply) if p]
    path = places[where % len(places)]
    parent = reply
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[f"{last}_extra"] = odd
    else:
        parent[last] = odd
    one = _inspect_reply(digests).is_valid(reply)
    each = reply_problem_each("inspect", reply, digests)
    assert one is (each is None), each
    assert reply_problem("inspect", reply, digests) == each


@pytest.mark.parametrize("digests", [True, False])
def test_a_part_of_another_form_is_refused_both_ways(digests: bool) -> None:
    """A digest where the whole answer is owed, and the whole where a digest is."""
    for reply, asked in REPLIES:
        if asked == digests or "result" not in reply or "legal_actions" not in \
                reply["result"]:
            continue
        assert not _inspect_reply(digests).is_valid(reply)
        assert reply_problem("inspect", reply, digests) is not None
        return
    pytest.fail("no reply of the other form")
