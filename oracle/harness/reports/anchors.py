"""Element ids for the HTML report's links: one per ruling and one per scenario.

An id comes from a ruling or scenario ID, which a results stream on disk could hold in
any form; what is not a letter, a digit or ``_.-`` is made ``_``, and an id that had to
change gets a hash of the original, so two IDs never share an anchor.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_.-]")
#: the longest part of an ID an anchor keeps (the hash tells longer ones apart)
_KEEP: Final = 80


def _anchor(kind: str, name: str) -> str:
    safe = _UNSAFE.sub("_", name)[:_KEEP]
    if safe != name or not safe:
        safe += "-" + hashlib.sha256(name.encode("utf-8", "replace")).hexdigest()[:8]
    return f"{kind}-{safe}"


def ruling_anchor(ruling: str) -> str:
    """The id of a ruling's section (``r-SR-VETO-03``)."""
    return _anchor("r", ruling)


def scenario_anchor(scenario: str) -> str:
    """The id of a scenario's card (``s-TOY-02-a_0-2_-1a2b3c4d``)."""
    return _anchor("s", scenario)
