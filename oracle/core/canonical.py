"""Canonical JSON text: one byte-exact form per value, and its digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_dumps(value: Any) -> str:
    """Serialize with sorted keys, no spaces and no NaN: equal values, equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def digest(value: Any) -> str:
    """A short, stable fingerprint of a JSON value."""
    return hashlib.sha256(canonical_dumps(value).encode()).hexdigest()[:16]
