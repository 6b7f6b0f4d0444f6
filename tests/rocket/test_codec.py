"""The canonical JSON form: strict validation that names the field and the rule."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket import codec
from oracle.rocket.api import API
from oracle.rocket.setup import initial_state

JSON = dict[str, Any]


def fresh() -> JSON:
    return codec.to_json(initial_state(["p1", "p2", "p3"]))


def refused(position: JSON) -> MalformedInput:
    with pytest.raises(MalformedInput) as err:
        codec.from_json(position)
    return err.value


def test_a_new_game_is_valid_and_canonical() -> None:
    data = fresh()
    assert codec.to_json(codec.from_json(data)) == data
    assert data["board"]["approximate"] is True


def test_eight_stations_are_refused() -> None:
    data = fresh()
    data["holdings"]["p1"]["stations"] = ["C2", "C4", "G8", "I10", "K2", "K4", "K6", "K8"]
    err = refused(data)
    assert err.field == "holdings.p1.stations" and err.rule == "SR-STA-02"


def test_seventeen_real_shares_of_a_line_are_refused() -> None:
    data = fresh()
    data["holdings"]["p1"]["shares"] = {"york": {"real": 1, "supplementary": 0}}
    err = refused(data)
    assert err.field == "lines.york.pile"


def test_a_locomotive_on_a_town_is_refused() -> None:
    data = fresh()
    york = data["lines"]["york"]
    york.update(started=True, loco=data["board"]["places"]["leeds"]["space"], heading="e")
    err = refused(data)
    assert err.field == "lines.york.loco" and err.rule == "SR-TWN-01"


def test_places_never_change_kind() -> None:
    data = fresh()
    data["board"]["places"]["york"]["kind"] = "railway"
    assert refused(data).rule == "SR-TWN-06"


@pytest.mark.parametrize(("path", "value", "field"), [
    (("phase",), "lunch", "phase"),
    (("supply", "tiles_left"), 61, "supply.tiles_left"),
    (("turn", "active"), "p9", "turn.active"),
    (("options",), {"colour_blind": True}, "options.colour_blind"),
    (("options",), {"edition": "1066"}, "options.edition"),
    (("holdings", "p2", "money"), 500, "supply.bank_paid"),
    (("supply", "passengers"), 8, "supply.passengers"),
])
def test_malformed_fields_are_named(path: tuple[str, ...], value: Any, field: str) -> None:
    data = fresh()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert refused(data).field == field


def test_missing_fields_are_named() -> None:
    data = fresh()
    del data["supply"]
    assert "supply" in str(refused(data))


def test_the_api_refuses_without_changing_the_input() -> None:
    data = fresh()
    before = copy.deepcopy(data)
    with pytest.raises(IllegalAction):
        API.apply(data, {"type": "move", "player": "p2", "line": "york", "to": "B7"})
    assert data == before


@pytest.mark.parametrize(("action", "field"), [
    ({"type": "fly"}, "action.type"),
    ({"type": "move", "player": "p1", "line": "york"}, "action.to"),
    ({"type": "move", "player": "p1", "line": "york", "to": 7}, "action.to"),
    ({"type": "move", "player": "p1", "line": "york", "to": "B7", "speed": 2}, "action.speed"),
    ({"type": "move", "player": "p1", "line": "atlantis", "to": "B7"}, "action.line"),
    ({"type": "take_token", "player": "p1", "city": "york", "industry": "steel"},
     "action.city"),
    ({"type": "move", "player": "p7", "line": "york", "to": "B7"}, "action.player"),
])
def test_malformed_actions_are_named(action: JSON, field: str) -> None:
    with pytest.raises(MalformedInput) as err:
        API.apply(fresh(), action)
    assert err.value.field == field
