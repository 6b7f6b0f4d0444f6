"""``keyed`` and ``keys`` (oracle/harness/canonical_keys.py) give exactly ``key`` of
the list and of each value, however the values are built: strings holding ``},{``,
objects inside objects, values that are no objects, NaN, non-ASCII text, big
integers. A cut in the wrong place would key an adversary's action as another."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.harness.canonical_keys import key, keyed, keys

_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                     st.text(alphabet=st.sampled_from('ab{},:"\\[]é\x7f0 n'), max_size=8))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.text(alphabet=st.sampled_from('ab{},"'), max_size=3), inner,
                    max_size=3)), max_leaves=8)


def _expected(values: list[Any]) -> tuple[str, list[str]]:
    return key(values), [key(v) for v in values]


@settings(max_examples=400, deadline=None)
@given(st.lists(_VALUES, max_size=6))
def test_keyed_is_key_of_the_list_and_of_each_value(values: list[Any]) -> None:
    assert keyed(values) == _expected(values)
    assert keys(values) == _expected(values)[1]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["type", "player", "to", "from", "x"]),
                                _SCALARS, max_size=4), max_size=8))
def test_flat_objects_are_cut_where_they_meet(values: list[Any]) -> None:
    assert keyed(values) == _expected(values)


def test_a_string_holding_the_cut_is_not_cut() -> None:
    values = [{"to": "},{"}, {"to": "B6"}, {"to": "x},{y},{"}]
    whole, texts = keyed(values)
    assert texts == [json.dumps(v, sort_keys=True, separators=(",", ":")) for v in values]
    assert whole == json.dumps(values, sort_keys=True, separators=(",", ":"))


def test_the_keys_are_the_standard_modules_text() -> None:
    values = [{"type": "move", "player": "p1", "line": "york", "to": "B6"}, {}, {"n": 1.5}]
    assert keys(values) == [json.dumps(v, sort_keys=True, separators=(",", ":"))
                            for v in values]


def test_a_list_written_the_slow_way_keys_each_value_as_key_does() -> None:
    """A ``null`` sends the list's text to the standard module, which spells floats its
    own way (``1e-05``): each value is still keyed as ``key`` keys it alone (orjson's
    ``0.00001``), so the chosen action is found among the keys."""
    values = [{"type": None}, {"type": 1e-05}]
    assert keyed(values) == _expected(values)
