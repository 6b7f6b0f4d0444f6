"""JSON Schema loading and validation with errors that name the field.

Every schema is compiled once per process into a ``Compiled`` pair: the compiled
validator of ``jsonschema-rs`` answers "valid or not" (about 60 us for a whole Rocket
position, where the pure-Python ``jsonschema`` takes about 17 ms), and only a refused
value is walked again by ``jsonschema`` to name the first offending field, so the
messages stay what they were. Both follow draft 2020-12; where they disagree on a
refusal (the compiled one reads ``$`` in a pattern as ECMA-262 does: no trailing
newline), its own error names the field. Without a ``jsonschema-rs`` wheel for the
platform the pure-Python validator answers alone: slower, never weaker.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from oracle.core.errors import MalformedInput

_rs: Any
try:  # a compiled validator, built once per schema (docs/fuzz.md, "Speed")
    import jsonschema_rs as _rs
except ImportError:  # pragma: no cover - a platform without its wheel
    _rs = None

if TYPE_CHECKING:
    import jsonschema


def _jsonschema() -> Any:
    """The pure-Python validator's module, imported on first use: it is needed only to
    name the field of a refused value (or without ``jsonschema-rs``), and importing it
    costs about a fifth of a served adapter's start-up, paid by every served mutant."""
    import jsonschema
    return jsonschema


@cache
def load_schema(package: str, name: str) -> dict[str, Any]:
    """Load a schema file shipped inside ``package``."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    meta = getattr(_rs, "meta", None)
    if meta is not None:  # the meta-schema check in a millisecond, not half a second
        meta.validate(schema)
    else:  # pragma: no cover - without jsonschema-rs, or an older one
        _jsonschema().Draft202012Validator.check_schema(schema)
    return schema


class Compiled:
    """One schema, compiled once: a fast yes/no, and the first error named on a no."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._schema = schema
        self._walker: jsonschema.Draft202012Validator | None = None
        self._fast: Any = None if _rs is None else _rs.validator_for(
            schema, validate_formats=False)

    def _slow(self) -> jsonschema.Draft202012Validator:
        """The pure-Python validator, built on first use."""
        if self._walker is None:
            self._walker = _jsonschema().Draft202012Validator(self._schema)
        return self._walker

    def is_valid(self, value: Any) -> bool:
        if self._fast is not None:
            try:
                return bool(self._fast.is_valid(value))
            except ValueError:  # a type it does not take (a float subclass: NaN read off
                pass            # the wire, oracle/core/wire_json.py): jsonschema judges
        return bool(self._slow().is_valid(value))

    def first_error(self, value: Any) -> tuple[list[str | int], str] | None:
        """None if ``value`` is valid, else (path to the offending field, message). A
        huge array, object or string over its bound is named at once (``_oversize``):
        the pure-Python walk would take seconds over a 200,000-item array."""
        if self.is_valid(value):
            return None
        oversize = self._oversize(value)
        if oversize is not None:
            return oversize
        errors = sorted(self._slow().iter_errors(value), key=lambda e: list(e.absolute_path))
        if errors:
            return list(errors[0].absolute_path), str(errors[0].message)
        err = next(iter(self._fast.iter_errors(value)))  # only the compiled one refuses
        return list(err.instance_path), str(err.message)

    def _oversize(self, value: Any) -> tuple[list[str | int], str] | None:
        """The first ``maxItems``, ``maxProperties`` or ``maxLength`` the compiled
        validator finds broken by a value of more than ``OVERSIZE`` items, properties or
        characters, named without the value itself; else None."""
        if self._fast is None:
            return None
        try:
            for err in self._fast.iter_errors(value):
                unit = _OVERSIZE.get(err.kind.name)
                if unit is not None:
                    path = list(err.instance_path)
                    found = value
                    for step in path:  # the value itself: ``err.instance`` is a copy
                        found = found[step]
                    if len(found) <= OVERSIZE:  # the walk is quick: its message, as ever
                        return None
                    return path, f"{len(found)} {unit}, more than {err.kind.limit}"
        except ValueError:  # a type it does not take: jsonschema judges
            return None
        return None


#: the compiled validator's size refusals -> what the size counts
_OVERSIZE = {"maxItems": "items", "maxProperties": "properties", "maxLength": "characters"}
#: items (properties, characters) past which a value over its bound is named at once
OVERSIZE = 1000
#: characters of a schema message kept (jsonschema's quotes the offending value whole,
#: then names the rule: both ends are kept)
MESSAGE_CHARS = 500


@cache
def compiled(package: str, name: str) -> Compiled:
    """The compiled validator of a shipped schema (built on first use, then kept)."""
    return Compiled(load_schema(package, name))


@cache
def _definition(package: str, name: str, definition: str) -> Compiled:
    """One ``$defs`` entry of a shipped schema, compiled on its own."""
    schema = load_schema(package, name)
    return Compiled({"$defs": schema.get("$defs", {}), "$ref": f"#/$defs/{definition}"})


def check_players(players: Sequence[Any], package: str, name: str) -> None:
    """Refuse, naming ``players``, what a position schema ``name`` would refuse of a new
    game's players: an ID its ``$defs.id`` does not take, more players than its
    ``players`` array holds. ``new_game`` then never returns a position that its own
    ``load`` refuses."""
    bound = load_schema(package, name)["properties"]["players"].get("maxItems")
    if bound is not None and len(players) > bound:
        raise MalformedInput("players", f"{len(players)} players: at most {bound}",
                             rule=name)
    ids = _definition(package, name, "id")
    for index, player in enumerate(players):
        found = ids.first_error(player)
        if found is not None:
            shown = repr(player) if len(repr(player)) <= 40 else repr(player)[:37] + "..."
            raise MalformedInput("players", f"player {index} {shown} is not an ID the "
                                 f"position takes: {found[1][:200]}", rule=name)


def validate(value: Any, package: str, name: str, what: str = "position") -> None:
    """Raise ``MalformedInput`` naming the first offending field, if any."""
    found = compiled(package, name).first_error(value)
    if found is not None:
        path, message = found
        field = ".".join(str(p) for p in path) or what
        if len(message) > MESSAGE_CHARS:  # the value's head, and the rule at its end
            half = (MESSAGE_CHARS - 5) // 2
            message = f"{message[:half]} ... {message[-half:]}"
        raise MalformedInput(field, f"schema: {message}", rule=f"{name}")
