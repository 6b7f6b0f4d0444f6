"""JSON for the protocol wire: orjson where it reads and writes what the standard
``json`` module would, the standard module for everything else.

Every request and reply of the adapter protocol carries a whole position (some 7 kB)
or a list of legal actions (some 20 kB); with the standard module, encoding and parsing
them was most of what a lockstep step through ``railrules serve`` cost beyond the
game itself (docs/fuzz.md, "Speed"). orjson does the same some five to ten times
faster, but it does not agree with the standard module everywhere, and the wire must
behave as before:

* **Reading.** orjson refuses ``NaN``, ``Infinity``, numbers past a double, lone
  surrogates, a byte-order mark, invalid UTF-8 and nesting past 1024; the standard
  module then reads the text as before, so what it accepted is still accepted and
  what it refused is refused with the same message (``request is not JSON: ...``
  names the place). orjson does not refuse an integer past 64 bits but reads it as a
  float, so text with 19 digits in a row goes to the standard module unasked (it
  keeps such integers exact, and the schema names them as before).
* **Writing.** The same value goes out: orjson writes what the protocol carries
  (objects with string keys, arrays, strings, integers within 64 bits, finite floats,
  booleans, null) with ``json.dumps(separators=(",", ":"))``'s text, except that a
  float may be spelled differently (``0.00001`` for ``1e-05``: the same double either
  way). Anything else goes to the standard module, which writes it as before or
  raises as before: a non-ASCII character (escaped as ``\\u00e9``, as before), an
  integer past 64 bits, a non-string key, a subclass of a JSON type, a dataclass or
  datetime, an Enum (orjson would write those; the standard module refuses them).
* **NaN and the infinities.** orjson would write them as ``null``, silently another
  value, so a value holding one goes to the standard module, which writes ``NaN`` or
  ``Infinity`` as before. Which values hold one is found from the value's ``marshal``
  bytes, made in C, where a float's exponent can be read (``_plain``); the same check sends
  every type that is not built in (an Enum, a UUID) to the standard module. Those
  read off the wire by the standard module are ``NonFinite`` floats, a subclass, so
  they take the same way back.
* **Bounds.** Text nested deeper than ``MAX_DEPTH`` levels, or longer than
  ``MAX_BYTES``, is refused with a ``ValueError`` (``TooDeep``, ``TooLarge``), as a
  malformed text is: the standard module would recurse once a level (a thousand levels
  is a ``RecursionError``, which killed ``railrules serve``), and every checker after
  it (the schemas, the games' loaders) walks the value as deep. No position or reply of
  the protocol comes near either bound (a position nests some six levels).
"""

from __future__ import annotations

import json
import marshal
import math
import re
from typing import Any, Final

import orjson

#: Types a JSON value of the protocol is made of; orjson writes other types natively
#: (dataclasses, datetimes, subclasses) that the standard module refuses or writes
#: otherwise, so those are handed over to it.
PASS_THROUGH: Final = (orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
                        | orjson.OPT_PASSTHROUGH_SUBCLASS)
#: Every digit one byte, so a run of 19 digits is one substring search.
_DIGITS: Final = bytes.maketrans(b"123456789", b"000000000")
#: 19 digits in a row: an integer that may not fit 64 bits, which orjson reads as a float.
_LONG_RUN: Final = b"0" * 19
#: ``marshal``'s type byte of a float (binary, version 2 on), without and with the flag
#: of an object referred to again.
_FLOAT_CODES: Final = (0x67, 0xE7)


#: Levels of arrays and objects a JSON text may nest (a position nests some six).
MAX_DEPTH: Final = 64
#: Bytes a JSON text may have (a whole position is some 7 kB, a list of legal actions
#: some 20 kB; the harness's own limit on a reply line defaults to 16 MiB).
MAX_BYTES: Final = 64 << 20
#: Every byte but the brackets and the quote, deleted to leave a text's shape.
_NOT_SHAPE: Final = bytes(range(256)).translate(None, b'"[]{}')
#: Every byte but the brackets.
_NOT_BRACKET: Final = bytes(range(256)).translate(None, b"[]{}")
#: Braces read as brackets: depth does not ask which kind a level is.
_SQUARE: Final = bytes.maketrans(b"{}", b"[]")
#: A string of a shape: a quote, anything but a quote, a quote.
_QUOTED: Final = re.compile(rb'"[^"]*"')
#: A JSON string with its escapes (read only for a text that has a backslash).
_STRING: Final = re.compile(rb'"(?:[^"\\]|\\.)*"')


class TooDeep(ValueError):
    """A JSON text nested deeper than ``MAX_DEPTH``."""


class TooLarge(ValueError):
    """A JSON text longer than ``MAX_BYTES``."""


class NonFinite(float):
    """NaN, Infinity or -Infinity read by the standard module: orjson refuses a float
    subclass, so writing it falls back to the standard module, which writes it as it
    was read (``float.__repr__``: nan -> ``NaN``, inf -> ``Infinity``)."""

    __slots__ = ()


def _constant(name: str) -> float:
    return NonFinite(name)  # "NaN", "Infinity", "-Infinity": float() reads them all


def _float(text: str) -> float:
    value = float(text)
    return value if math.isfinite(value) else NonFinite(value)  # "1e400" reads as inf


def loads(data: bytes | str) -> Any:
    """Parse one JSON text as ``json.loads`` does (same value, same errors), except
    that a text longer than ``MAX_BYTES`` (``TooLarge``) or nested deeper than
    ``MAX_DEPTH`` (``TooDeep``) is refused: both are ``ValueError``, as a malformed
    text's error is."""
    raw = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_BYTES:
        raise TooLarge(f"JSON text larger than {MAX_BYTES} bytes ({len(raw)})")
    if _too_deep(raw):
        raise TooDeep(f"JSON text nested deeper than {MAX_DEPTH} levels")
    value = _fast(raw)
    if value is not _SLOW:
        return value
    try:
        return json.loads(data, parse_constant=_constant, parse_float=_float)
    except RecursionError:  # not JSON (its brackets do not pair), and deep
        raise TooDeep(f"JSON text nested deeper than {MAX_DEPTH} levels") from None


def loads_plain(text: str) -> Any:
    """``json.loads(text)``, the same value or the same error, with no bounds (for a
    text this process wrote, such as the canonical text of a legal action it listed):
    orjson where it reads what the standard module reads (``_fast``), else the
    standard module."""
    value = _fast(text.encode("utf-8", "surrogatepass"))
    return json.loads(text) if value is _SLOW else value


#: ``_fast``'s answer where the standard module must read the text
_SLOW: Final[Any] = object()


def _fast(raw: bytes) -> Any:
    """``raw`` read by orjson where it reads what the standard module reads (no run of
    digits long enough for the two to read a number differently); ``_SLOW`` where
    that is not so, or orjson refuses it (the standard module accepts it, or names
    what is wrong as before)."""
    if _LONG_RUN in raw.translate(_DIGITS):
        return _SLOW
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _SLOW


def _too_deep(raw: bytes) -> bool:
    """Whether the arrays and objects of ``raw`` nest deeper than ``MAX_DEPTH``, read
    off its brackets in C (no Python step per byte): the brackets outside strings,
    braces as brackets, each pass removing the innermost pairs. Exact for JSON; a text
    whose brackets do not pair is left to the parser, which refuses it."""
    if len(raw) <= 2 * MAX_DEPTH:  # each level is two bytes at least
        return False
    # each level opens with a bracket or a brace: no more of them than levels, no
    # deeper (a reply of the lockstep's holds some twenty; one byte is counted in C
    # some eight times quicker than the passes below read the text)
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False
    if b"\\" in raw:  # an escaped quote may hide in a string: read the strings whole
        shape = _STRING.sub(b"", raw).translate(_SQUARE, _NOT_BRACKET)
    else:  # a string is a quote, no quote, a quote; most hold no bracket: ""
        shape = raw.translate(_SQUARE, _NOT_SHAPE).replace(b'""', b"")
        if b'"' in shape:
            shape = _QUOTED.sub(b"", shape)
    for _ in range(MAX_DEPTH):  # one level a pass: replace never rescans what it made
        inner = shape.replace(b"[]", b"")
        if inner == shape:  # empty: done; else the brackets do not pair: not JSON
            return False
        shape = inner
    return bool(shape)


def _standard(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def _plain(value: Any) -> bool:
    """Whether ``value`` is made of built-in types only, with no NaN or infinity: its
    ``marshal`` bytes exist (C, a fraction of encoding it) and hold no non-finite float."""
    try:
        packed = marshal.dumps(value, 4)
    except ValueError:  # a subclass, an Enum, a dataclass, a datetime...
        return False
    return not _non_finite(packed)


def _non_finite(packed: bytes) -> bool:
    """Whether ``marshal`` bytes may hold a NaN or an infinity. A float is a type byte
    (``g``, or ``g`` with the reference flag 0x80), then 8 bytes little-endian; NaN and
    the infinities have every exponent bit set, so their last two bytes are 0xF? and
    0x7F or 0xFF. Those bytes are rare elsewhere (a negative integer, a DEL character),
    so each is looked for in C and only its few places checked; bytes inside a string
    or an integer that merely look like a float send the value the standard module's
    way, which is slower, never wrong."""
    for last in (0x7F, 0xFF):
        at = packed.find(last, 8)
        while at >= 0:
            if packed[at - 1] >= 0xF0 and packed[at - 8] in _FLOAT_CODES:
                return True
            at = packed.find(last, at + 1)
    return False


class Written:
    """A JSON value already written: its text, ASCII (``dumps_with`` puts it in a line
    as it is)."""

    __slots__ = ("text",)

    def __init__(self, text: bytes) -> None:
        self.text = text


def dumps_with(value: dict[str, Any], key: str, written: Written) -> bytes:
    """``dumps`` of ``value`` with ``key`` added last, its value the JSON text
    ``written`` holds, put in as it is (a whole position written once already: no
    value built to write it again). ``key`` is plain ASCII with nothing to escape."""
    line = dumps(value)
    return b"%b%b\"%b\":%b}" % (line[:-1], b"," if len(line) > 2 else b"", key.encode(),
                               written.text)


def dumps(value: Any) -> bytes:
    """One JSON line's text (no newline): ``json.dumps(value, separators=(",", ":"))``
    encoded, the same value and, floats' spelling aside, the same bytes."""
    if not _plain(value):
        return _standard(value)
    try:
        text = orjson.dumps(value, option=PASS_THROUGH)
    except orjson.JSONEncodeError:  # an integer past 64 bits, a key that is no string
        return _standard(value)
    # json.dumps escapes DEL (0x7F) too, which is ASCII: orjson writes it raw
    return text if text.isascii() and b"\x7f" not in text else _standard(value)
