"""The totals are written once (oracle.rocket.invariants): the oracle's own check on a
State and the conservation check on any engine's JSON find the same violations, and
the schema's bounds are the same constants."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle.core.errors import MalformedInput
from oracle.core.schema import load_schema
from oracle.rocket import codec, conservation, invariants
from oracle.rocket.holdings import set_holding, set_line
from oracle.rocket.setup import initial_state
from oracle.rocket.state import PASSENGERS, SHARES_PER_LINE, TILES, State
from oracle.rocket.state import fast_replace as replace

START = initial_state(["p1", "p2", "p3"])


def _p1(state: State, **changes: object) -> State:
    return set_holding(state, 0, replace(state.holdings[0], **changes))


#: name -> a broken position (built past every check), and the field the break shows in
BROKEN: dict[str, tuple[Callable[[State], State], str]] = {
    "shares": (lambda s: set_line(s, 0, replace(s.lines[0], pile=SHARES_PER_LINE - 1)),
               "lines.{line}.pile"),
    "stations": (lambda s: _p1(s, stations=frozenset(s.board.open_land_sorted[:16:2])),
                 "holdings.p1.stations"),
    "supplementary": (lambda s: s.evolve(supplementary_issued=1), "supply.supplementary_issued"),
    "passengers": (lambda s: s.evolve(passengers=PASSENGERS - 1), "supply.passengers"),
    "tiles": (lambda s: s.evolve(tiles_left=TILES - 1), "supply.tiles_left"),
    "imaginary": (lambda s: s.evolve(imaginary_tiles=2, tiles_left=TILES + 2),
                  "supply.imaginary_tiles"),
    "money": (lambda s: _p1(s, money=500), "supply.bank_paid"),
    "tokens": (lambda s: s.evolve(city_tokens=((), *s.city_tokens[1:])),
               "city_tokens.{city}"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_state_and_json_find_the_same_break(name: str) -> None:
    make, field = BROKEN[name]
    broken = make(START)
    field = field.format(line=START.lines[0].id, city=START.board.cities[0])
    from_state = invariants.totals(invariants.of_state(broken))
    from_json = invariants.totals(invariants.of_json(codec.to_json(broken)))
    assert from_state == from_json, (from_state, from_json)
    assert [v.field for v in from_state] == [field]
    with pytest.raises(MalformedInput) as err:
        codec.check_consistent(broken)
    assert err.value.field == field
    assert conservation.totals(codec.to_json(broken)) == [str(from_state[0])]


def test_a_sound_position_breaks_nothing() -> None:
    assert invariants.totals(invariants.of_state(START)) == []
    assert conservation.violations(codec.to_json(START), codec.to_json(START)) == []


def test_what_only_grows_is_checked_once_for_both() -> None:
    richer = _p1(START, money=1000).evolve(bank_paid=1000)
    back = invariants.changes(invariants.of_state(richer), invariants.of_state(START))
    assert [v.field for v in back] == ["holdings.p1.money"]
    assert conservation.violations(codec.to_json(richer), codec.to_json(START)) == [
        str(back[0])]


def test_a_token_count_no_hand_holds_is_a_break() -> None:
    data = codec.to_json(START)
    city = START.board.cities[0]
    data["holdings"]["p1"]["tokens"] = {city: {data["city_tokens"][city][0]: -1}}
    assert [v.field for v in invariants.totals(invariants.of_json(data))] == [
        f"city_tokens.{city}"]


def test_the_schema_bounds_are_the_same_constants() -> None:
    schema = load_schema("oracle.rocket", "position.schema.json")["properties"]
    line = schema["lines"]["additionalProperties"]["properties"]
    supply = schema["supply"]["properties"]
    share = schema["holdings"]["additionalProperties"]["properties"]["shares"][
        "additionalProperties"]["properties"]
    assert line["pile"]["maximum"] == line["discarded"]["maximum"] == SHARES_PER_LINE
    assert share["real"]["maximum"] == SHARES_PER_LINE
    assert supply["tiles_left"]["maximum"] == supply["tiles_elsewhere"]["maximum"] == TILES
    assert supply["passengers"]["maximum"] == PASSENGERS
