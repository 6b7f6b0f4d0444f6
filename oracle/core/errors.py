"""The three error kinds every part of railrules raises.

* ``MalformedInput``: a position, action or message that does not even have the
  right shape, or describes something impossible. It names the field and the rule.
* ``IllegalAction``: a well-formed action the rules refuse in this position. It
  carries a stable, namespaced reason code (``veto/not_original_space``), the
  ruling ID it rests on (or ``""`` when it rests on the base rules) and a sentence.
* protocol errors (an adapter breaking the wire protocol) are the harness's to grade:
  ``oracle.protocol.implementation.Crashed`` and its siblings.
"""

from __future__ import annotations

from typing import Any


class RailrulesError(Exception):
    """Base class of every error railrules raises on purpose."""


class MalformedInput(RailrulesError, ValueError):
    """Input that is not a valid position, action or option set."""

    def __init__(self, field: str, message: str, rule: str = "") -> None:
        self.field = field
        self.message = message
        self.rule = rule
        where = f"{field}: " if field else ""
        tail = f" ({rule})" if rule else ""
        super().__init__(f"{where}{message}{tail}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": "malformed", "field": self.field, "message": self.message,
                "rule": self.rule}


class IllegalAction(RailrulesError, ValueError):
    """A well-formed action that the rules refuse. The state is left unchanged."""

    def __init__(self, code: str, ruling: str, reason: str) -> None:
        if "/" not in code:
            raise ValueError(f"reason codes are namespaced, got {code!r}")
        self.code = code
        self.ruling = ruling
        self.reason = reason
        cite = f" [{ruling}]" if ruling else ""
        super().__init__(f"{code}: {reason}{cite}")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "ruling": self.ruling, "reason": self.reason}
