"""The compiled schema validator (oracle.core.schema.Compiled) refuses exactly what the
pure-Python one refuses, and a refusal still names the field (docs/fuzz.md, "Speed")."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.core.schema import Compiled, compiled, load_schema
from oracle.rocket import codec
from oracle.rocket.setup import initial_state

JSON = dict[str, Any]
SCHEMA = ("oracle.rocket", "position.schema.json")


def fresh() -> JSON:
    return codec.to_json(initial_state(["p1", "p2", "p3"]))


def _set(data: JSON, path: tuple[str | int, ...], value: Any) -> JSON:
    out = copy.deepcopy(data)
    target: Any = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


#: (path, value, the field a refusal names): one per kind of schema keyword the
#: position schema uses (type, const, enum, pattern, bounds, uniqueItems, oneOf,
#: additionalProperties, propertyNames, minItems)
BAD: list[tuple[tuple[str | int, ...], Any, str]] = [
    (("version",), True, "version"),  # const 1: a boolean is not the number 1
    (("version",), 2, "version"),
    (("game",), "18xx", "game"),
    (("phase",), "lunch", "phase"),
    (("players", 0), "P 1", "players.0"),
    (("board", "land", 0), "a1", "board.land.0"),
    (("board", "land", 1), "B1", "board.land"),  # a repeated space: uniqueItems
    (("supply", "tiles_left"), 61, "supply.tiles_left"),
    (("supply", "bank_paid"), -1, "supply.bank_paid"),
    (("supply", "passengers"), False, "supply.passengers"),
    (("turn", "actions_taken"), 1.5, "turn.actions_taken"),
    (("lines", "york", "loco"), 7, "lines.york.loco"),
    (("lines", "york", "heading"), "north", "lines.york.heading"),
    (("lines", "york", "speed"), 1, "lines.york"),
    (("holdings", "p1", "tokens"), {"york": {"gold": 1}}, "holdings.p1.tokens.york"),
    (("city_tokens", "york"), ["steel"] * 4, "city_tokens.york"),
    (("end_reason",), "boredom", "end_reason"),
]


def test_a_new_game_passes_both() -> None:
    data = fresh()
    fast = compiled(*SCHEMA)
    assert fast.is_valid(data) and fast.first_error(data) is None


@pytest.mark.parametrize(("path", "value", "field"), BAD)
def test_both_validators_refuse_alike_and_name_the_field(path: tuple[str | int, ...],
                                                         value: Any, field: str) -> None:
    data = fresh()
    if path[:2] == ("board", "land") and path[2] == 1:
        value = data["board"]["land"][0]
    bad = _set(data, path, value)
    pure = Compiled(load_schema(*SCHEMA))
    pure._fast = None  # the pure-Python fallback, as on a platform without the wheel
    assert not compiled(*SCHEMA).is_valid(bad) and not pure.is_valid(bad)
    assert compiled(*SCHEMA).first_error(bad) == pure.first_error(bad)
    with pytest.raises(MalformedInput) as err:
        codec.from_json(bad)
    assert err.value.field == field, err.value


def test_a_refusal_only_the_compiled_validator_sees_still_names_the_field() -> None:
    # ECMA-262 "$" does not match before a trailing newline; Python's does. The stricter
    # reading stands, and the compiled validator's own error names the field.
    bad = _set(fresh(), ("board", "land", 0), "B1\n")
    with pytest.raises(MalformedInput) as err:
        codec.from_json(bad)
    assert err.value.field.startswith("board.land"), err.value
