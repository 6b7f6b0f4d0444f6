"""Adapter text made safe for where it is shown and stored (issue: hostile inputs).

An adapter chooses its name, its messages, its refusal reasons and the positions it
hands back. None of it may steer the grader's terminal (escape sequences that clear
the screen and print a fake verdict), break a report file (XML 1.0 forbids most
control characters and U+FFFE/U+FFFF; a lone surrogate cannot be written as UTF-8),
or grow the stored results without bound.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

#: C0 and C1 controls, DEL, and the Unicode line and paragraph separators: shown as
#: escapes on a terminal, so adapter text can neither move the cursor nor add lines.
_TERMINAL_UNSAFE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
#: what XML 1.0 cannot carry (beside lone surrogates, handled by ``scrub``)
_XML_UNSAFE: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")

#: the largest position a result record stores (a real 18xx position is some 30 kB)
POSITION_BOUND: Final = 256 << 10
#: the largest handshake a result record stores
HANDSHAKE_BOUND: Final = 64 << 10


def for_terminal(text: object) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\n``)."""
    return _TERMINAL_UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"),
                                scrub(str(text)))


def for_xml(text: object) -> str:
    """``text`` with what XML 1.0 cannot carry replaced by U+FFFD."""
    return _XML_UNSAFE.sub("\ufffd", scrub(str(text)))


def scrub(value: Any) -> Any:
    """A JSON value with every lone surrogate (which no UTF-8 file can hold) replaced
    by U+FFFD, in strings and keys alike."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def bounded(value: Any, bound: int, what: str) -> Any:
    """``value``, or a note saying it was cut, when its JSON is longer than ``bound``."""
    size = len(json.dumps(value, default=str))
    if size <= bound:
        return value
    return {"cut": f"{what} of {size:,} bytes not stored (bound {bound:,} bytes)"}
