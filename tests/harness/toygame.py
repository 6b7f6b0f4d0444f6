"""A tiny game for testing the grader without depending on a real oracle.

Players take turns adding 1 or 2 (or 3, under the option ``step_max=3``) to a
shared total; whoever reaches ``limit`` exactly wins. It has an option with two
readings, refusals with reason codes, and a schema, like a real game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.core.game import GameAPI, GameModule
from oracle.core.options import OptionSpec, resolve_options

HERE = Path(__file__).resolve().parent

JSON = dict[str, Any]

OPTIONS = (OptionSpec("step_max", 2, (2, 3), "largest number one may add", "TOY-OPEN-01"),)

SCHEMA: JSON = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "game": {"const": "toy"}, "version": {"const": 1}, "options": {"type": "object"},
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "total": {"type": "integer", "minimum": 0}, "limit": {"type": "integer"},
        "turn": {"type": "integer", "minimum": 0},
    },
    "required": ["game", "version", "options", "players", "total", "limit", "turn"],
    "additionalProperties": False,
}


class ToyGame:
    name = "toy"

    def options(self) -> Sequence[OptionSpec]:
        return OPTIONS

    def position_schema(self) -> JSON:
        return SCHEMA

    def new_game(self, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        return {"game": "toy", "version": 1, "options": resolve_options(OPTIONS, options),
                "players": list(players), "total": 0, "limit": 10, "turn": 0}

    def validate(self, position: JSON) -> None:
        for key in ("total", "limit", "turn"):
            if not isinstance(position.get(key), int):
                raise MalformedInput(key, "must be an integer", "toy")
        if position["total"] > position["limit"]:
            raise MalformedInput("total", "is past the limit", "toy")

    def validate_action(self, action: JSON) -> None:
        """An action is exactly ``{"type": "add", "n": integer}``: the toy's action
        check, which the harness applies to an adapter's legal actions (the optional
        hook of oracle.protocol.client.ReplyChecks; the toy has no action schema)."""
        if not isinstance(action, dict) or action.get("type") != "add":
            raise MalformedInput("action.type", "expected 'add'", "toy")
        extra = sorted(set(action) - {"type", "n"})
        if extra:
            raise MalformedInput(f"action.{extra[0]}", "not a field of add", "toy")
        if type(action.get("n")) is not int:
            raise MalformedInput("action.n", "must be an integer", "toy")

    def legal_actions(self, position: JSON) -> list[JSON]:
        room = position["limit"] - position["total"]
        top = min(position["options"]["step_max"], room)
        return [{"type": "add", "n": n} for n in range(1, top + 1)]

    def apply(self, position: JSON, action: JSON) -> JSON:
        self.validate(position)
        n = action.get("n")
        if action.get("type") != "add" or not isinstance(n, int):
            raise MalformedInput("action", "expected {type: add, n: int}", "toy")
        if n < 1 or n > position["options"]["step_max"]:
            raise IllegalAction("add/out_of_range", "TOY-OPEN-01", f"cannot add {n}")
        if position["total"] + n > position["limit"]:
            raise IllegalAction("add/past_limit", "TOY-01", "the total would pass the limit")
        players = position["players"]
        return {**position, "total": position["total"] + n,
                "turn": (position["turn"] + 1) % len(players)}

    def scores(self, position: JSON) -> JSON:
        done = position["total"] == position["limit"]
        last = (position["turn"] - 1) % len(position["players"])
        return {p: int(done and i == last) for i, p in enumerate(position["players"])}

    def conservation(self, before: JSON, after: JSON) -> list[str]:
        return [] if after["total"] >= before["total"] else ["the total went down"]

    def canonical(self, position: JSON) -> JSON:
        self.validate(position)
        return dict(sorted(position.items()))

    def game_over(self, position: JSON) -> bool:
        return bool(position["total"] == position["limit"])

    def queries(self) -> Sequence[str]:
        return ()

    def query(self, position: JSON, name: str, args: JSON) -> JSON:
        raise MalformedInput("name", f"the toy game answers no query ({name!r})")


TOY = ToyGame()


def _api() -> GameAPI:
    return TOY


#: the toy as a plug-in game: RAILRULES_PLUGINS="toygame:TOY_MODULE" (with this folder on
#: the path) registers it; railrules' own code names it nowhere.
TOY_MODULE = GameModule(
    name="toy",
    players=(1, 4),
    ruling_prefixes=("TOY-",),
    api=_api,
    features=str(HERE / "fixtures" / "toy"),
    steps="toysteps",
    mutants="toymutants",
    board="",
    catalogue=str(HERE / "fixtures" / "toy" / "rulings.md"),
)
