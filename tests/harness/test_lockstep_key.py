"""The lockstep's canonical key (a C encoder built once) is exactly json.dumps with
sorted keys and no spaces, on every kind of JSON value."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from oracle.harness.lockstep import key

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12)


@given(JSON_VALUES)
def test_key_is_sorted_compact_json(value: object) -> None:
    assert key(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))
