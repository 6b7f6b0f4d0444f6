"""Property tests: the canonical JSON round-trips, and random play conserves
money, tiles, tokens and privates after every action."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.model.state import State
from tests.eighteen.positions import balanced, scenario_positions

STARTS = scenario_positions()
JSON = dict[str, Any]


@st.composite
def played_positions(draw: st.DrawFn) -> JSON:
    position = copy.deepcopy(draw(st.sampled_from(STARTS)))
    for _ in range(draw(st.integers(0, 6))):
        legal = API.legal_actions(position)
        if not legal:
            break
        position = API.apply(position, draw(st.sampled_from(legal)))
    return position


@st.composite
def edited_positions(draw: st.DrawFn) -> JSON:
    """Played positions with random (valid) cash and private states: the bank holds
    the rest of the money."""
    position = draw(played_positions())
    for p in position["players"]:
        p["cash"] = draw(st.integers(0, 2000))
    balanced(position)  # the bank makes up the rest, in debt when it is broken
    if position["bank"] < 0:
        position["bank_broken"] = True
    for priv in position["privates"]:
        priv["closed"] = draw(st.booleans())
        priv["token_lost"] = draw(st.booleans())
    return position


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_positions())
def test_position_round_trips(position: JSON) -> None:
    API.validate(position)
    state = State.from_json(position)
    assert State.from_json(state.to_json()) == state
    assert State.from_json(state.to_json()).to_json() == state.to_json()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS), st.data())
def test_random_play_conserves(start: JSON, data: st.DataObject) -> None:
    position = copy.deepcopy(start)
    for _ in range(12):
        legal = API.legal_actions(position)
        if not legal:
            break
        action = data.draw(st.sampled_from(legal))
        after = API.apply(position, action)
        API.validate(after)
        assert API.conservation(position, after) == [], action
        position = after


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(), st.data())
def test_refusals_leave_the_position_alone(position: JSON, data: st.DataObject) -> None:
    title = position["title"]
    hexes = sorted({h for h in ("F16", "L6", "L14", "I12", "I9", "K16", "H5", "E19", "J11")})
    company = position["turn"]["company"] or position["companies"][0]["id"]
    action = data.draw(st.one_of(
        st.builds(lambda h, t, r, p: {"type": "lay_tile", "company": company, "hex": h,
                                      "tile": t, "rotation": r, **({"private": p} if p else {})},
                  st.sampled_from(hexes), st.sampled_from(["57", "59", "210", "9", "14"]),
                  st.integers(0, 5), st.sampled_from(["", "DH", "NF", "PfB", "WSR", "WS"])),
        st.builds(lambda h, c, p: {"type": "place_token", "company": company, "hex": h,
                                   "city": c, **({"private": p} if p else {})},
                  st.sampled_from(hexes), st.integers(0, 2),
                  st.sampled_from(["", "DH", "NF", "PfB", "WSR", "WS", "GLSC", "SNAR"]))))
    before = copy.deepcopy(position)
    try:
        after = API.apply(position, action)
    except (IllegalAction, MalformedInput):
        assert position == before, title
        return
    assert API.conservation(before, after) == []
    API.validate(after)
