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


def keys(values: list[Any]) -> list[str]:
    """``[key(v) for v in values]``, some three times quicker. Each value's text is
    checked as ``key`` checks it, all at once: a text is plain when the texts joined
    are (``null`` cannot straddle two texts: no JSON text ends in ``n``, ``nu`` or
    ``nul``, and a straddling match would only send the values the slow way)."""
    try:
        texts = list(map(_DUMP, values))
    except orjson.JSONEncodeError:  # one value orjson cannot write: each on its own
        return [key(v) for v in values]
    if _plain(b"".join(texts)):
        return list(map(bytes.decode, texts))
    return [key(v) for v in values]
