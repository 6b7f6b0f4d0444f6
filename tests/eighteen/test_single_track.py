"""1825's single-track variant (docs/18xx-single-track.md): the options, the data, the
position's new field, and the route search against the brute-force reference on
single-track boards (the scenarios are features/18xx/single_track_1825_*.feature)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.queries import route_table
from oracle.eighteen.routes.search import brute_force
from oracle.eighteen.rules import Rules

JSON = dict[str, Any]


def _start(**options: str) -> JSON:
    position = API.new_game(["P1", "P2", "P3"], {"title": "1825", **options})
    return dict(position, phase="3")


def _board(tiles: list[tuple[str, str, int]], trains: list[str], **options: str) -> JSON:
    p = _start(single_track="yes", **options)
    supply = dict(p["supply"])
    for _, tile, _ in tiles:
        supply[tile] -= 1
    companies = [dict(c, trains=trains, tokens_left=c["tokens_left"] - 1)
                 if c["id"] == "GWR" else c for c in p["companies"]]
    return dict(p, supply=supply, companies=companies,
                tiles=[{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
                tokens=[{"hex": "V14", "city": 0, "company": "GWR"}])


def test_the_variant_is_1825s_and_its_sub_options_need_it() -> None:
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1830", "single_track": "yes"})
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1825", "u_trains_at_halts": "yes"})


def test_the_tiles_and_minors_come_only_with_the_option() -> None:
    plain, variant = _start(), _start(single_track="yes")
    assert "71" not in plain["supply"] and variant["supply"]["71"] == 1
    assert variant["supply"]["11"] == 1 and "75" not in variant["supply"]
    trains = {c["id"]: c["trains"] for c in variant["companies"]}
    assert trains["HB"] == ["3T"] and trains["MM"] == ["4T"] and trains["CAM"] == ["3T"]
    assert "HB" not in {c["id"] for c in plain["companies"]}
    with pytest.raises(MalformedInput):  # a variant tile in a game without the variant
        API.validate(dict(plain, supply=dict(plain["supply"], **{"71": 1})))


def test_the_turn_records_single_track_lays_in_the_canonical_form() -> None:
    p = _board([], ["3T"])
    p = dict(p, operating_order=["GWR"], turn={"company": "GWR", "step": "track",
                                               "tile_lays": 0, "tokened": False,
                                               "special_tiles": []})
    after = API.apply(p, {"type": "lay_tile", "company": "GWR", "hex": "V12", "tile": "78",
                          "rotation": 4})
    assert after["turn"]["single_track_hexes"] == ["V12"]
    assert API.canonical(after) == after
    assert "single_track_hexes" not in API.canonical(p)["turn"]


@pytest.mark.parametrize("tiles,trains,options,total", [
    ([("V12", "79", 1)], ["5", "3T"], {}, 40),
    ([("V12", "79", 1)], ["5", "U3"], {}, 0),
    ([("V12", "79", 1)], ["5", "U3"], {"u_trains_on_single_track": "yes"}, 40),
    ([("V12", "79", 1), ("V16", "74", 1), ("V18", "9", 1)], ["3T", "5"], {}, 100),
    ([("V12", "11", 2), ("W11", "1", 0)], ["3", "3T"], {}, 60),
    ([("V12", "11", 2), ("W11", "1", 0)], ["U3"], {"u_trains_at_halts": "yes"}, 60),
    ([("V12", "78", 4), ("W11", "71", 3)], ["4", "3T"], {}, 60),
])
def test_the_search_agrees_with_brute_force(tiles: list[tuple[str, str, int]],
                                           trains: list[str], options: dict[str, str],
                                           total: int) -> None:
    position = _board(tiles, trains, **options)
    best = API.query(position, "routes", {"company": "GWR"})
    state = API.load(position)
    table = route_table(Rules().title(state), state, "GWR")
    assert best["total"] == total == brute_force(table, trains)
