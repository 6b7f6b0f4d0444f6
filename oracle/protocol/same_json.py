"""Whether two JSON values are the same value, types exact: what lets a reply equal to
the reference oracle's own answer skip a check that answer already passed."""

from __future__ import annotations

from typing import Any

import orjson

from oracle.core.canonical import text_digest


def same_json(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are the same JSON value with the same types: ``==`` (which tells
    NaN from null and from every number, and ignores key order) and orjson's text
    (which tells ``1`` from ``1.0`` and ``true``, and ``0.0`` from ``-0.0``, and keeps
    key order) both agree. False whenever in doubt: what orjson cannot write (an
    integer past 64 bits, a key that is no string), a reordered copy, a subclass of a
    JSON type (orjson refuses it here). Some ten microseconds for a Rocket position,
    against a millisecond for its schema and load checks."""
    if a is None or b is None or a != b:
        return False
    try:
        return bool(orjson.dumps(a, option=orjson.OPT_PASSTHROUGH_SUBCLASS)
                    == orjson.dumps(b, option=orjson.OPT_PASSTHROUGH_SUBCLASS))
    except orjson.JSONEncodeError:
        return False


def exact_digest(value: Any) -> str | None:
    """The digest of ``value``'s canonical text (oracle.protocol.digests: SHA-256 of its
    sorted dump), for a value read off the wire (``wire_json.loads``), where that text
    tells it from every other JSON value, types exact (``1``, ``1.0`` and ``true``
    apart): two values of one such digest are ``same_json`` but for the order of their
    keys. None where it might not: a subclass of a JSON type (a NaN or an infinity read
    off the wire is one, ``wire_json.NonFinite``, which orjson would not write apart
    from ``null``), an integer past 64 bits; the caller then compares with
    ``same_json``. Some ten microseconds for a Rocket position, a tenth of writing
    one's JSON to compare."""
    try:
        return text_digest(orjson.dumps(value, option=orjson.OPT_SORT_KEYS
                                        | orjson.OPT_PASSTHROUGH_SUBCLASS))
    except orjson.JSONEncodeError:
        return None
