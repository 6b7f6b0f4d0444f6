"""Canonical JSON text: one byte-exact form per value, and its digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import orjson


def canonical_dumps(value: Any) -> str:
    """Serialize with sorted keys, no spaces and no NaN: equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def digest(value: Any) -> str:
    """A short, stable fingerprint of a JSON value."""
    return hashlib.sha256(canonical_dumps(value).encode()).hexdigest()[:16]


def canonical_text(value: Any) -> bytes:
    """The canonical text of a JSON value (RFC 8785 for what positions and actions
    hold: oracle/protocol/digests.py), as UTF-8 bytes: orjson's sorted dump, and the
    standard module's for what orjson refuses (an integer past 64 bits, a key that is
    no string). Here, below the games, so that an engine can write a position's
    canonical text from kept parts (oracle/rocket/digested.py) with this very code."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"),
                          ensure_ascii=False).encode()


def text_digest(text: bytes) -> str:
    """SHA-256 of ``text``, in hexadecimal: a position's digest from its canonical text."""
    return hashlib.sha256(text).hexdigest()
