"""Actions: small frozen records naming things by stable IDs.

Every action names the ``player`` who takes it: during a veto round players
other than the mover act. ``from_json`` refuses a malformed action with
``MalformedInput`` naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final

import orjson
from orjson import JSONEncodeError

from oracle.core.errors import MalformedInput


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    player: str

    def to_json(self) -> dict[str, Any]:
        # Every field is a string or a number, so no deep copy (dataclasses.asdict) is
        # needed; legal_actions encodes hundreds of actions per position.
        out: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            out[name] = getattr(self, name)
        return out


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def _field_names(cls: type[Action]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Extend a line: move its locomotive one space."""

    type: ClassVar[str] = "move"
    line: str
    to: str

    def to_json(self) -> dict[str, Any]:  # the listed actions' hot path (legal_actions)
        return {"type": self.type, "player": self.player, "line": self.line, "to": self.to}


@dataclass(frozen=True, slots=True)
class CallVeto(Action):
    """Ask for a veto round after a move (SR-VETO-01, SR-VETO-06)."""

    type: ClassVar[str] = "call_veto"


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """The mover ends the veto window unasked: the move stands (SR-SEQ-01 step 4)."""

    type: ClassVar[str] = "place_tile"


@dataclass(frozen=True, slots=True)
class VetoBid(Action):
    """Bid shares of the moving line to send its locomotive to ``to``."""

    type: ClassVar[str] = "veto_bid"
    shares: int
    to: str


@dataclass(frozen=True, slots=True)
class VetoPass(Action):
    type: ClassVar[str] = "veto_pass"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """The mover equals or tops the high bid to keep his space (SR-VETO-03/04)."""

    type: ClassVar[str] = "defend"
    shares: int
    to: str


@dataclass(frozen=True, slots=True)
class Concede(Action):
    type: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class PlaceStation(Action):
    type: ClassVar[str] = "place_station"
    to: str

    def to_json(self) -> dict[str, Any]:  # the listed actions' hot path (legal_actions)
        return {"type": self.type, "player": self.player, "to": self.to}


@dataclass(frozen=True, slots=True)
class MoveStation(Action):
    """Move one of your stations that is still in the open (SR-STA-01)."""

    type: ClassVar[str] = "move_station"
    source: str
    to: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player, "from": self.source, "to": self.to}


@dataclass(frozen=True, slots=True)
class TakeToken(Action):
    type: ClassVar[str] = "take_token"
    city: str
    industry: str

    def to_json(self) -> dict[str, Any]:  # the listed actions' hot path (legal_actions)
        return {"type": self.type, "player": self.player, "city": self.city,
                "industry": self.industry}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Only when no other action is legal."""

    type: ClassVar[str] = "pass"


#: type name -> record class. An explicit table, no reflection.
ACTIONS: dict[str, type[Action]] = {cls.type: cls for cls in (
    Move, CallVeto, PlaceTile, VetoBid, VetoPass, Defend, Concede, PlaceStation,
    MoveStation, TakeToken, Pass)}


#: record class -> its fields (name, type name), read once per class, not per action
_FIELDS: dict[type[Action], tuple[tuple[str, str], ...]] = {
    cls: tuple((f.name, str(f.type)) for f in fields(cls)) for cls in ACTIONS.values()}
#: record class -> (the JSON key, the field, the type) of each field: ``from`` for
#: ``source``, the key an action's JSON names it by
_KEYED: dict[type[Action], tuple[tuple[str, str, type], ...]] = {
    cls: tuple(("from" if name == "source" else name, name, int if kind == "int" else str)
               for name, kind in spec) for cls, spec in _FIELDS.items()}


def action_from_json(data: Any) -> Action:
    """The action ``data`` reads as; MalformedInput naming the field that is wrong.

    Each action read is kept by its exact text (orjson's, keys in their order:
    ``1``, ``1.0`` and ``true`` differ, and a subclass of a JSON type is written by
    no text, so it is read anew each time): a fuzz lockstep hands each action to
    both sides, and a game lists the same actions step after step. Actions are
    immutable, so one record serves every reader; only what reads is kept."""
    if type(data) is dict:
        try:
            text = _exact(data, option=_SUBCLASSES_APART)
        except JSONEncodeError:  # (a subclass, a key that is no string: read anew)
            return _action_from_json(data)
        found = _READ.get(text)
        if found is None:
            found = _action_from_json(data)
            if len(_READ) >= _READ_KEPT:
                _READ.clear()
            _READ[text] = found
        return found
    return _action_from_json(data)


#: an action's exact text -> the action it reads as (``action_from_json``); bounded
_READ: dict[bytes, Action] = {}
_READ_KEPT: Final = 4096
_exact: Final = orjson.dumps
_SUBCLASSES_APART: Final = orjson.OPT_PASSTHROUGH_SUBCLASS


def _action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise MalformedInput("action", "an action is a JSON object")
    kind = data.get("type")
    cls = ACTIONS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedInput("action.type", f"unknown action type {kind!r} "
                             f"(known: {sorted(ACTIONS)})")
    # The usual action: exactly its keys, each of its type (one pass, no copies);
    # anything else is read field by field below, with the refusal naming the field.
    keyed = _KEYED[cls]
    if len(data) == len(keyed) + 1:
        values: dict[str, Any] = {}
        for key, name, want in keyed:
            value = data.get(key, _ABSENT)
            if type(value) is not want:
                break
            values[name] = value
        else:
            return cls(**values)
    return _read(cls, str(kind), data)


_ABSENT: Any = object()


def _read(cls: type[Action], kind: str, data: dict[str, Any]) -> Action:
    """``action_from_json`` field by field, naming the first field that is wrong."""
    expected = dict(_FIELDS[cls])
    if cls is MoveStation:
        data = {("source" if k == "from" else k): v for k, v in data.items()}
    extra = set(data) - set(expected) - {"type"}
    if extra:
        raise MalformedInput(f"action.{sorted(extra)[0]}", f"not a field of {kind}")
    values: dict[str, Any] = {}
    for name, annotation in expected.items():
        if name not in data:
            shown = "from" if name == "source" else name
            raise MalformedInput(f"action.{shown}", f"{kind} needs {shown!r}")
        value = data[name]
        want: type = int if annotation == "int" else str
        if type(value) is not want:
            raise MalformedInput(f"action.{name}", f"expected {want.__name__}, got {value!r}")
        values[name] = value
    return cls(**values)
