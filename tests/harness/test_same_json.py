"""``same_json`` (oracle/protocol/same_json.py) says two values are the same only when
they are, types exact: what lets a served engine's position equal to the reference
oracle's skip the checks the oracle's own passed (docs/fuzz.md, "Speed"); and
``exact_digest`` is one digest for two values read off the wire only where they are
the same, types exact, but for key order (what lets ``railrules serve`` read a whole
position as the one it kept)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core import wire_json
from oracle.protocol.digests import position_digest
from oracle.protocol.same_json import exact_digest, same_json

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=10)


def _exact(value: Any) -> str:
    """A text that tells every type apart, NaN included."""
    return json.dumps(value, default=repr, allow_nan=True) + repr(value)


@settings(max_examples=500, deadline=None)
@given(_VALUES, _VALUES)
def test_same_only_when_the_same_text_and_types(a: Any, b: Any) -> None:
    if same_json(a, b):
        assert _exact(a) == _exact(b)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=3), _VALUES, max_size=4))
def test_a_copy_through_json_is_the_same(a: Any) -> None:
    """(A position is an object; NaN is never equal to itself, and past 64 bits orjson
    writes no integer: those are told apart, conservatively.)"""
    text = json.dumps(a)
    if "NaN" not in text and not re.search(r"\d{19}", text):
        assert same_json(a, json.loads(text))


@pytest.mark.parametrize(("a", "b"), [
    ({"n": 1}, {"n": 1.0}), ({"n": 1}, {"n": True}), ({"n": 0.0}, {"n": -0.0}),
    ({"n": None}, {"n": float("nan")}), ({"n": float("nan")}, {"n": float("nan")}),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}), ({"n": 2**70}, {"n": 2**70}), (None, None),
    ({"p": [1, 2]}, {"p": [2, 1]})])
def test_twins_that_are_not_the_same(a: Any, b: Any) -> None:
    assert not same_json(a, b)


class _Str(str):
    pass


def test_a_subclass_is_not_the_same() -> None:
    assert not same_json({"s": _Str("x")}, {"s": "x"})
    assert same_json({"s": "x", "n": [1, None]}, {"s": "x", "n": [1, None]})


def _off_the_wire(value: Any) -> Any:
    """``value`` as ``railrules serve`` reads it: NaN and the infinities as
    ``NonFinite`` floats, integers past 64 bits exact."""
    return wire_json.loads(json.dumps(value))


@settings(max_examples=500, deadline=None)
@given(_VALUES, _VALUES)
def test_one_exact_digest_only_for_the_same_value_and_types(a: Any, b: Any) -> None:
    """(Key order aside: a position's keys are not its value.)"""
    a, b = _off_the_wire(a), _off_the_wire(b)
    digest = exact_digest(a)
    if digest is not None and digest == exact_digest(b):
        # (the standard module writes ``1``, ``1.0`` and ``true`` apart, and NaN)
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize(("a", "b"), [
    ({"n": 1}, {"n": 1.0}), ({"n": 1}, {"n": True}), ({"n": 0.0}, {"n": -0.0}),
    ({"n": None}, {"n": float("nan")}), ({"n": None}, {"n": float("inf")}),
    ({"p": [1, 2]}, {"p": [2, 1]}), ({"n": 2**70}, {"n": 2**70})])
def test_twins_of_another_exact_digest_or_none(a: Any, b: Any) -> None:
    one, other = exact_digest(_off_the_wire(a)), exact_digest(_off_the_wire(b))
    assert one is None or other is None or one != other


def test_an_exact_digest_is_the_digest_of_the_canonical_text_whatever_the_key_order(
        ) -> None:
    a = {"a": 1, "b": [True, None, "x"], "c": {"y": 2, "x": 1}}
    b = {"c": {"x": 1, "y": 2}, "b": [True, None, "x"], "a": 1}
    assert exact_digest(a) == exact_digest(b) == position_digest(a)
    assert exact_digest({"s": _Str("x")}) is None
