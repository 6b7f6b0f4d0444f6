"""oracle.core.made with the Rocket engine: two ``Made`` positions compare as their JSON
(``same``), by their states first (``RocketAPI.position_equal``: equal states have
equal JSON), and a ``Made`` reads as its JSON."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core.made import Made, as_json, same
from oracle.rocket import codec
from oracle.rocket.api import RocketAPI
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def _states(seed: int, players: int) -> list[State]:
    names = [f"p{i}" for i in range(1, players + 1)]
    trace = random_trace(Rules(), initial_state(names, None, default_board()),
                         random.Random(seed))
    return [state for state, *_ in trace]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_states_are_equal_exactly_where_the_json_is(seed: int, players: int) -> None:
    api = RocketAPI()
    states = _states(seed, players)[:120]
    again = _states(seed, players)[:120]  # the same game played again: other objects
    assert all(a.lines is not b.lines for a, b in zip(states[1:], again[1:], strict=True))
    assert all(api.position_equal(a, b) for a, b in zip(states, again, strict=True))
    for i in range(0, len(states), 7):
        for j in range(i, min(i + 3, len(states))):
            assert api.position_equal(states[i], again[j]) == (
                codec.to_json(states[i]) == codec.to_json(again[j]))


def _changed(value: object) -> Any:
    """Another value of a field of the same JSON kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, frozenset):
        return value | {"Z9"}
    if isinstance(value, tuple):
        return (*value, ("Z9", "coal", 1)) if value and isinstance(value[0], tuple) \
            else (value[0] + 1, *value[1:])
    return "Z9" if value != "Z9" else "Z8"  # a string or None


def test_a_changed_field_is_told_apart() -> None:
    """Every field of the position's scalars, of a line and of a holding, changed alone,
    makes a state that is not equal, as its JSON is not."""
    api = RocketAPI()
    state = _states(3, 3)[40]
    line, holding = state.lines[0], state.holdings[0]
    changes = [state.evolve(tiles_left=state.tiles_left + 1),
               state.evolve(end_reason="tiles"), state.evolve(moved=frozenset({"york"}))]
    changes += [state.evolve(lines=(line._replace(**{f: _changed(getattr(line, f))}),
                                    *state.lines[1:])) for f in line._fields]
    changes += [state.evolve(holdings=(holding._replace(**{f: _changed(getattr(holding, f))}),
                                       *state.holdings[1:])) for f in holding._fields]
    for changed in changes:
        assert codec.to_json(changed) != codec.to_json(state)
        assert not api.position_equal(changed, state)
        assert not same(Made(api, changed), Made(api, state))
    big = [state.evolve(lines=(line._replace(pile=pile), *state.lines[1:]))
           for pile in (2**70, 2**70 + 1)]
    assert not api.position_equal(*big)


def test_same_answers_as_the_json_does() -> None:
    """``same`` is ``==`` on the two JSON values, whether the states say so or not: a
    ``1`` for ``true`` is equal both ways (as the JSON compared with ``==`` is), and
    two states whose fields differ but whose JSON is equal (a holding's tokens in
    another order, which its JSON writes as an object) are equal by their JSON."""
    api = RocketAPI()
    state = _states(5, 2)[10]
    line = state.lines[0]
    as_int = state.evolve(lines=(line._replace(started=int(line.started)),  # type: ignore[arg-type]
                                 *state.lines[1:]))
    assert api.position_equal(as_int, state)
    assert same(Made(api, as_int), Made(api, state))
    assert codec.to_json(as_int) == codec.to_json(state)
    holding = next(h for s in _states(5, 2) for h in s.holdings if len(h.tokens) > 1)
    state = next(s for s in _states(5, 2) if holding in s.holdings)
    at = state.holdings.index(holding)
    reordered = state.evolve(holdings=tuple(
        h._replace(tokens=h.tokens[::-1]) if i == at else h
        for i, h in enumerate(state.holdings)))
    assert not api.position_equal(reordered, state)
    assert codec.to_json(reordered) == codec.to_json(state)
    assert same(Made(api, reordered), Made(api, state))


def test_made_reads_and_compares_as_its_json() -> None:
    api = RocketAPI()
    start = api.new_game(["p1", "p2", "p3"], {})
    action = api.legal_actions(start)[0]
    made = api.apply_made(start, action)
    assert made is not None
    assert as_json(made) == api.apply(start, action)
    assert as_json(made) is not as_json(made)  # a fresh value each time
    again = api.apply_made(start, action)
    assert same(made, again) and same(made, api.apply(start, action))
    other = api.apply_made(start, api.legal_actions(start)[1])
    assert other is not None and not same(made, other)
    # questions about a Made are answered as about its JSON, here and by another API
    plain = RocketAPI()
    for reader in (api, plain):
        assert reader.legal_actions(as_json(made)) == api.legal_actions(made.json())
    assert api.legal_actions(made) == api.legal_actions(made.json())  # type: ignore[arg-type]
    assert api.scores(made) == api.scores(made.json())  # type: ignore[arg-type]
    assert isinstance(made, Made)


def test_a_subclass_is_asked_through_its_json() -> None:
    class Mine(RocketAPI):
        pass

    api = Mine()
    start = api.new_game(["p1", "p2"], {})
    assert api.apply_made(start, api.legal_actions(start)[0]) is None
