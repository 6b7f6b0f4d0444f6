"""Canonical texts of JSON values, the lockstep's keys for legal actions.

``key`` is one value's text; ``keys`` is many values' texts at once, for the legal
actions A lists at every step (some 150 in a Rocket position): one C call per value
(orjson through ``map``, no Python frame each) and one check over all their bytes,
instead of a Python function per value. Both give exactly the text of
``json.dumps(value, sort_keys=True, separators=(",", ":"))``, floats' spelling aside.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any, Final

import orjson

from oracle.core.wire_json import PASS_THROUGH as _PASS_THROUGH

_SORTED: Final = orjson.OPT_SORT_KEYS | _PASS_THROUGH
#: orjson's sorted, compact text of one value (bytes)
_DUMP: Final = partial(orjson.dumps, option=_SORTED)


def _plain(text: bytes) -> bool:
    """Whether orjson wrote ``text`` as the standard module would: ASCII without DEL
    (which the standard module escapes) and no ``null`` (orjson writes NaN and the
    infinities as ``null``, so any ``null`` goes the slow way)."""
    return text.isascii() and b"\x7f" not in text and b"null" not in text


def key(value: Any) -> str:
    """One canonical text for a JSON value (sorted keys, no spaces): the text of
    ``json.dumps(value, sort_keys=True, separators=(",", ":"))``, floats' spelling
    aside (``1e16`` for ``1e+16``: the same double, and one spelling per double).
    orjson writes it, some eight times quicker; the standard module writes whatever
    orjson writes otherwise or not at all: non-ASCII text and DEL, NaN and the
    infinities, integers past 64 bits, keys that are no strings, and subclasses of
    the JSON types."""
    try:
        text = _DUMP(value)
        if _plain(text):
            return text.decode("ascii")
    except orjson.JSONEncodeError:
        pass
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def keyed(values: list[Any]) -> tuple[str, list[str]]:
    """``(key(values), [key(v) for v in values])``, some ten times quicker for a list
    of flat objects (the legal actions). orjson writes the whole list once (one C call:
    a call per value cost more than the writing), and where every value is an object
    the list's text is cut at each ``},{``: between two objects that is where one ends
    and the next begins, so the cuts are exactly the values when they are as many as
    the values (a ``},{`` inside a string, or an object inside a value, makes more
    pieces, and the values are then keyed one by one). Only a plain text (``key``'s
    check) is cut: each piece is then orjson's text of its value, plain too, which is
    what ``key`` gives it; otherwise each value is keyed on its own, as ``key`` would."""
    try:
        text = _DUMP(values)
    except orjson.JSONEncodeError:
        text = b"null"  # not plain: the slow way below
    if not _plain(text):
        return key(values), [key(v) for v in values]
    whole = text.decode("ascii")
    if values and whole.startswith("[{") and set(map(type, values)) == {dict}:
        pieces = whole[2:-2].split("},{")
        if len(pieces) == len(values):
            return whole, ["{" + p + "}" for p in pieces]
    return whole, [key(v) for v in values]


def keys(values: list[Any]) -> list[str]:
    """``[key(v) for v in values]`` (``keyed``)."""
    return keyed(values)[1]
