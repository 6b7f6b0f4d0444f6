"""The lockstep's canonical key (orjson, with the standard module for what orjson
writes otherwise) is json.dumps with sorted keys and no spaces on every JSON value
without floats, and with floats it reads back as the same value and tells apart
whatever the standard text tells apart (NaN from null, 1 from 1.0 from true)."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from oracle.core.wire_json import loads
from oracle.harness.lockstep import key

SCALARS = (st.none() | st.booleans() | st.integers() | st.text()
           | st.sampled_from(["null", "\x7f", "é", "nullable"]))
FLOATS = st.floats(allow_nan=True, allow_infinity=True)


def _json_values(leaves: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=12)


def _standard(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _same(a: object, b: object) -> bool:
    """Equal as JSON values, NaN equal to NaN and types exact (1, 1.0 and true differ)."""
    if isinstance(a, float) and isinstance(b, float):  # NaN and infinity read back
        return a == b or (math.isnan(a) and math.isnan(b))  # as a float subclass
    if type(a) is not type(b):
        return False
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


@given(_json_values(SCALARS))
def test_key_is_sorted_compact_json(value: object) -> None:
    assert key(value) == _standard(value)


@given(_json_values(SCALARS | FLOATS))
def test_key_reads_back_as_the_value(value: object) -> None:
    assert _same(loads(key(value)), value)


@given(_json_values(SCALARS | FLOATS), _json_values(SCALARS | FLOATS))
def test_keys_differ_where_the_standard_texts_do(a: object, b: object) -> None:
    assert (key(a) == key(b)) == (_standard(a) == _standard(b))


def test_the_cases_orjson_writes_otherwise() -> None:
    assert key(float("nan")) == "NaN" and key(None) == "null"
    assert key([1, 1.0, True]) == "[1,1.0,true]"
    assert key({"b": 1, "a": "\x7f"}) == _standard({"b": 1, "a": "\x7f"})
    assert key(2**70) == str(2**70)
    assert key({"é": "ü"}) == _standard({"é": "ü"})
