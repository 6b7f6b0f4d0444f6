"""The wire's JSON (orjson, the standard module for the rest) reads and writes what
the standard ``json`` module did: the same values, the same errors, the same text
(floats' spelling aside), NaN and big integers included (oracle/core/wire_json.py)."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import math
import uuid
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from oracle.core import wire_json
from oracle.core.schema import Compiled
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import answer

KEYS = st.text(max_size=6)
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
           | st.integers(min_value=2**62, max_value=2**70))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=16)


def standard(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def same(a: Any, b: Any) -> bool:
    """Equal as the standard module's values, NaN equal to NaN, types exact."""
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and str(a) == str(b))
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


@given(VALUES)
def test_writing_reads_back_as_the_standard_text_does(value: Any) -> None:
    """Whatever the standard module writes (NaN, 2**70, non-ASCII) reads back the same
    through both; where the text differs at all, it is only a float's spelling."""
    ours, theirs = wire_json.dumps(value), standard(value)
    assert ours.isascii()
    assert same(json.loads(ours), json.loads(theirs))
    assert same(wire_json.loads(theirs), json.loads(theirs))
    if ours != theirs:
        assert any(isinstance(x, float) for x in _leaves(value)), (ours, theirs)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    return [value]


@example({"\x7f": None})  # DEL is ASCII, yet json.dumps escapes it (found by Hypothesis)
@given(VALUES.filter(lambda v: not any(isinstance(x, float) for x in _leaves(v))))
def test_without_floats_the_text_is_byte_for_byte_the_standard_one(value: Any) -> None:
    assert wire_json.dumps(value) == standard(value)


@pytest.mark.parametrize("text", [
    "NaN", "[Infinity,-Infinity]", "1e400", "123456789012345678901234567890",
    "-9223372036854775809", "18446744073709551615", "[9223372036854775807]",
    '"\\ud800"', '{"a":1,"a":2,"b":3}', " [1] ", "0.1", "-0.0", "1E5", "\ufeff[1]",
])
def test_what_orjson_refuses_or_reads_otherwise_is_read_as_before(text: str) -> None:
    for data in (text, text.encode()):  # a byte-order mark: bytes read, a str refused
        assert _outcome(wire_json.loads, data) == _outcome(json.loads, data) or same(
            wire_json.loads(data), json.loads(data))


def _outcome(parse: Any, data: bytes | str) -> str:
    try:
        return repr(parse(data))
    except ValueError as err:
        return f"{type(err).__name__}: {err}"


def test_an_integer_past_64_bits_stays_exact() -> None:
    # orjson would read it as a float; the digit-run guard hands it to the standard module
    assert wire_json.loads(b'{"money":18446744073709551616}') == {"money": 2**64}
    assert wire_json.dumps({"money": 2**64}) == b'{"money":18446744073709551616}'


@pytest.mark.parametrize("text", [
    "{nope", "", "[1,]", '{"a":1}x', "[1", '{"a" 1}', "nul", "\x00",
])
def test_malformed_text_gets_the_standard_message(text: str) -> None:
    with pytest.raises(ValueError) as ours:
        wire_json.loads(text.encode())
    with pytest.raises(ValueError) as theirs:
        json.loads(text.encode())
    assert str(ours.value) == str(theirs.value)
    assert type(ours.value) is type(theirs.value)


def test_invalid_utf8_gets_the_standard_error() -> None:
    with pytest.raises(UnicodeDecodeError) as ours:
        wire_json.loads(b'{"a":"\xff"}')
    with pytest.raises(UnicodeDecodeError) as theirs:
        json.loads(b'{"a":"\xff"}')
    assert str(ours.value) == str(theirs.value)


def test_nan_read_off_the_wire_goes_out_as_nan_not_null() -> None:
    """orjson writes a NaN as null; one read by the fallback is a NonFinite, which orjson
    refuses, so the standard module writes it as it came."""
    value = wire_json.loads(b'{"a":NaN,"b":[Infinity,-Infinity,1e400]}')
    assert isinstance(value["a"], wire_json.NonFinite)
    assert wire_json.dumps(value) == b'{"a":NaN,"b":[Infinity,-Infinity,Infinity]}'


@pytest.mark.parametrize("value", [
    {"a": float("nan")}, [float("inf"), -float("inf")], {"deep": [{"x": [math.inf]}]},
])
def test_nan_made_in_python_goes_out_as_the_standard_module_wrote_it(value: Any) -> None:
    assert b"null" not in wire_json.dumps(value)
    assert wire_json.dumps(value) == standard(value)


def test_a_nan_read_off_the_wire_is_judged_by_the_schema() -> None:
    """The compiled validator refuses a float subclass outright; jsonschema judges it."""
    schema = Compiled({"type": "object", "properties": {"a": {"type": "integer"}}})
    value = wire_json.loads(b'{"a":NaN}')
    assert not schema.is_valid(value)
    assert schema.first_error(value) == (["a"], "nan is not of type 'integer'")


@dataclasses.dataclass
class Point:
    x: int


class Name(str):
    pass


class Colour(enum.Enum):
    RED = 1


@pytest.mark.parametrize("value", [
    {"p": Point(1)}, [datetime.date(2020, 1, 1)], {1, 2}, b"bytes", {("a", 1): 2},
    {"c": Colour.RED}, [uuid.UUID(int=7)],
])
def test_what_the_standard_module_refuses_is_refused_alike(value: Any) -> None:
    with pytest.raises(TypeError) as ours:
        wire_json.dumps(value)
    with pytest.raises(TypeError) as theirs:
        standard(value)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("value", [
    {1: "int key"}, {"s": Name("sub")}, {"é": "ü"}, [True, False, None], (1, 2),
    {"n": -(2**63)}, {"n": 2**64 - 1},
])
def test_what_orjson_writes_otherwise_goes_through_the_standard_module(value: Any) -> None:
    assert wire_json.dumps(value) == standard(value)


def test_the_served_oracle_names_a_request_that_is_not_json() -> None:
    impl = InProcess()
    for line in (b"{nope", b'{"cmd":"hello","seq":1', b"\xff\n"):
        reply = answer(impl, line)
        assert reply["seq"] is None
        with pytest.raises(ValueError) as err:
            json.loads(line)
        assert reply["errored"]["message"] == f"request is not JSON: {err.value}"


@given(VALUES)
@example([2**70, "\ud800", math.nan, -math.inf])
def test_loads_plain_reads_what_the_standard_module_reads(value: Any) -> None:
    """``loads_plain`` (the chosen action's text, read by the lockstep) gives the
    standard module's very value: big integers exact, NaN and lone surrogates read."""
    text = json.dumps(value)
    assert same(wire_json.loads_plain(text), json.loads(text))


@pytest.mark.parametrize("text", ["", "{", "[1,]", '{"a":}', "nul"])
def test_loads_plain_refuses_what_the_standard_module_refuses(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as ours:
        wire_json.loads_plain(text)
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    assert str(ours.value) == str(theirs.value)


@given(st.dictionaries(KEYS, VALUES, max_size=4), VALUES)
def test_a_line_with_a_value_written_already_reads_as_the_whole_written_at_once(
        value: dict[str, Any], inner: Any) -> None:
    """``dumps_with``: the value written once (here by the standard module) is put in
    as it is, last, and the line reads as ``dumps`` of the whole would."""
    value = {k: v for k, v in value.items() if k != "position"}
    written = wire_json.Written(json.dumps(inner, separators=(",", ":")).encode())
    line = wire_json.dumps_with(value, "position", written)
    assert same(wire_json.loads(line), wire_json.loads(wire_json.dumps(
        {**value, "position": inner})))
    assert line.endswith(b',"position":' + written.text + b"}" if value
                         else b'{"position":' + written.text + b"}")
