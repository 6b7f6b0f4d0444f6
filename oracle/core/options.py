"""Declared options: every unsettled rule is a named option with a default.

A game declares its options as ``OptionSpec`` records; ``resolve_options``
fills defaults and refuses unknown names or values with ``MalformedInput``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.core.errors import MalformedInput


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, default, allowed values and the sources behind it."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    ruling: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "default": self.default, "choices": list(self.choices),
                "doc": self.doc, "ruling": self.ruling}


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None,
                    field: str = "options") -> dict[str, Any]:
    """Return a complete option mapping: defaults overridden by ``given``."""
    by_name = {s.name: s for s in specs}
    out = {s.name: s.default for s in specs}
    for name, value in (given or {}).items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise MalformedInput(f"{field}.{name}", f"unknown option (known: {known})")
        if value not in spec.choices:
            raise MalformedInput(f"{field}.{name}",
                                 f"value {value!r} not among {list(spec.choices)!r}")
        out[name] = value
    return out
