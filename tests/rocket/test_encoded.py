"""oracle/rocket/encoded.py: a position's exact text is equal for two positions exactly
where their ``codec.to_json`` is, and reusing the parts of earlier states changes no
text; a ``Made`` (oracle.core.made) reads and compares as its JSON."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core.made import Made, as_json, same
from oracle.rocket import codec
from oracle.rocket.api import RocketAPI
from oracle.rocket.encoded import Texts
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
def test_texts_equal_exactly_where_the_json_is(seed: int, players: int) -> None:
    states = _states(seed, players)[:120]
    chained = Texts()
    texts = [chained.text(s) for s in states]
    assert texts == [Texts().text(s) for s in states]  # reused parts change nothing
    for i in range(0, len(states), 7):
        for j in range(i, min(i + 3, len(states))):
            assert (texts[i] == texts[j]) == (codec.to_json(states[i]) ==
                                              codec.to_json(states[j]))


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


def test_a_changed_field_changes_the_text() -> None:
    """Every field of the position's scalars, of a line and of a holding, changed alone,
    changes the text (a record is written as one array of all its fields)."""
    state = _states(3, 3)[40]
    texts = Texts()
    base = texts.text(state)
    line, holding = state.lines[0], state.holdings[0]
    changes = [state.evolve(tiles_left=state.tiles_left + 1),
               state.evolve(end_reason="tiles")]
    changes += [state.evolve(lines=(line._replace(**{f: _changed(getattr(line, f))}),
                                    *state.lines[1:])) for f in line._fields]
    changes += [state.evolve(holdings=(holding._replace(**{f: _changed(getattr(holding, f))}),
                                       *state.holdings[1:])) for f in holding._fields]
    for changed in changes:
        assert codec.to_json(changed) != codec.to_json(state)
        assert texts.text(changed) != base


def test_types_are_told_apart() -> None:
    state = _states(5, 2)[10]
    line = state.lines[0]
    as_int = state.evolve(lines=(line._replace(started=int(line.started)),  # type: ignore[arg-type]
                                 *state.lines[1:]))
    assert Texts().text(as_int) != Texts().text(state)
    holding = state.holdings[0]
    as_bool = state.evolve(holdings=(holding._replace(
        real=tuple(bool(n) if n in (0, 1) else n for n in holding.real)), *state.holdings[1:]))
    assert any(type(n) is bool for n in as_bool.holdings[0].real)
    assert Texts().text(as_bool) != Texts().text(state)  # JSON writes true, not 1


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


def test_a_value_orjson_does_not_write_is_still_told_apart() -> None:
    # an integer past 64 bits goes by its marshal bytes (encoded._bytes): two such
    # values, or one and a plain one, never read alike
    state = _states(7, 3)[30]
    line = state.lines[0]
    texts = [Texts().text(state.evolve(lines=(line._replace(pile=pile), *state.lines[1:])))
             for pile in (2**70, 2**70 + 1, line.pile)]
    assert len(set(texts)) == 3
    assert texts[0] == Texts().text(state.evolve(lines=(line._replace(pile=2**70),
                                                        *state.lines[1:])))
