"""1870's destination token under both readings of ``destination_token_slot``
(destination_slot.py; DS-12).

``uses_spot`` (default, seed 004 section 11.4.1): the token takes a free slot, so a city
it fills is full for other companies' tokens and blocks their routes. ``extra``
(tobymao): it sits in an extra slot, never fills the city, never blocks (real-positions
``*.tmblock.json``, real-turns note R1). docs/18xx-destinations.md.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import destination_slot
from tests.eighteen.golden_positions import BUILDERS
from tests.eighteen.positions import position
from tests.eighteen.real_turn_replay import (
    market_differences,
    noted,
    replay,
    token_differences,
    turn_file,
)
from tests.eighteen.test_destinations import LINE
from tests.harness.requires import SHARED, needs_shared

JSON = dict[str, Any]
#: SSW's line to Fort Worth with J3 upgraded to a two-slot green city (tile 14, on to
#: J5): FW's home token and SSW's destination token in J3, ATSF tokened at Little Rock
TILES = [t for t in LINE if t[0] != "J3"] + [("J3", "14", 0), ("J5", "57", 1)]
#: ATSF from Little Rock through Fort Worth to Texarkana (J5): 3 stops
THROUGH_J3 = ["H13.s0", "H11.e4", "H11.e1", "H9.e0", "I6.e4", "I4.e4", "I4.e0", "J3.s0",
              "J3.e4", "J5.s0"]


def fort_worth(reading: str) -> JSON:
    p = position("1870", "3", presidents={"SSW": ("P1", 500), "FW": ("P2", 500),
                                          "ATSF": ("P3", 500)},
                 tiles=TILES, turn=("ATSF", "token"), order=["ATSF"],
                 tokens=[("H17", 0, "SSW"), ("J3", 0, "FW"), ("J3", 0, "SSW"),
                         ("B9", 0, "ATSF"), ("H13", 0, "ATSF")],
                 options={"destination_token_slot": reading})
    for c in p["companies"]:
        if c["id"] == "SSW":
            c["destination"] = "placed"  # SSW's token in J3 is its destination token
        if c["id"] == "ATSF":
            c["trains"] = ["3"]
    API.validate(p)
    return p


TOKEN = {"type": "place_token", "company": "ATSF", "hex": "J3", "city": 0}


def test_uses_spot_the_destination_token_fills_the_city_for_tokens() -> None:
    p = fort_worth("uses_spot")
    with pytest.raises(IllegalAction) as err:
        API.apply(p, TOKEN)
    assert err.value.code == "token/city_full"
    assert TOKEN not in API.legal_actions(p)


def test_extra_the_destination_token_leaves_the_slot_free() -> None:
    p = fort_worth("extra")
    after = API.apply(p, TOKEN)
    assert {"hex": "J3", "city": 0, "company": "ATSF"} in after["tokens"]
    assert API.conservation(p, after) == []
    assert API.canonical(copy.deepcopy(after)) == after  # three tokens in two slots
    assert TOKEN in API.legal_actions(p)


@pytest.mark.parametrize(("reading", "legal"), [("uses_spot", False), ("extra", True)])
def test_a_route_through_the_city(reading: str, legal: bool) -> None:
    answer = API.query(fort_worth(reading), "revenue",
                       {"company": "ATSF", "routes": [{"train": "3", "path": THROUGH_J3}]})
    assert answer["legal"] is legal
    if not legal:
        assert answer["code"] == "route/blocked_city"
    else:
        assert answer["total"] == 70


@pytest.mark.parametrize("reading", destination_slot.READINGS)
def test_the_home_slot_is_left_to_its_company_under_either_reading(reading: str) -> None:
    # DS-12: FW has not started; SSW's destination token sits in its one-slot home
    p = position("1870", "3", presidents={"SSW": ("P1", 500), "FW": ("P2", 500)},
                 tiles=LINE, tokens=[("H17", 0, "SSW"), ("J3", 0, "SSW")],
                 turn=("FW", "home"), order=["FW"],
                 options={"destination_token_slot": reading})
    for c in p["companies"]:
        if c["id"] == "SSW":
            c["destination"] = "placed"
    after = API.apply(p, {"type": "place_token", "company": "FW", "hex": "J3", "city": 0})
    assert {"hex": "J3", "city": 0, "company": "FW"} in after["tokens"]


def test_the_default_is_the_seed() -> None:
    assert destination_slot.DEFAULT == "uses_spot"
    assert API.new_game(["P1", "P2"], {"title": "1870"})["options"][
        "destination_token_slot"] == "uses_spot"


def test_the_reading_is_for_titles_with_destination_tokens() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1830", "destination_token_slot": "extra"})
    assert err.value.field == "options.destination_token_slot"
    p = BUILDERS["1830_pool_dividend"]()
    p["options"]["destination_token_slot"] = "extra"
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == "options.destination_token_slot"
    with pytest.raises(MalformedInput):  # 1856's destinations place no token
        API.new_game(["P1", "P2"], {"title": "1856", "destination_token_slot": "extra"})
    assert API.new_game(["P1", "P2"], {"title": "1870", "destination_token_slot": "extra"})
    with pytest.raises(MalformedInput):
        API.new_game(["P1", "P2"], {"title": "1870", "destination_token_slot": "none"})


# -- the recorded real positions and turns (../shared) --------------------------------

REAL = SHARED / "real-positions"
#: every 1870 position of the corpus (those with a .tmblock variant)
TMBLOCK = sorted(p.name.removesuffix(".tmblock.json") for p in REAL.glob("*.tmblock.json"))
#: the README's optimum under railrules' own reading (uses_spot) on NAME.json
OWN_READING = {"b70_1134_ATSF": 530, "b70_1206_MKT": 620, "b70_1214_ATSF": 570}


def _optimum(name: str, reading: str) -> int:
    p = json.loads((REAL / f"{name}.json").read_text(encoding="utf-8"))
    p["options"]["destination_token_slot"] = reading
    return int(API.query(p, "routes", {"company": p["turn"]["company"]})["total"])


@needs_shared("real-positions")
@pytest.mark.parametrize("name", TMBLOCK)
def test_extra_on_the_position_is_the_tmblock_variant(name: str) -> None:
    """Under ``extra`` another company's destination token fills no slot, which is
    what the corpus's .tmblock variant draws by leaving those tokens out."""
    blocked = json.loads((REAL / f"{name}.tmblock.json").read_text(encoding="utf-8"))
    tm = int(API.query(blocked, "routes", {"company": blocked["turn"]["company"]})["total"])
    assert _optimum(name, "extra") == tm


@needs_shared("real-positions")
@pytest.mark.parametrize("name", sorted(OWN_READING))
def test_uses_spot_gives_railrules_own_reading(name: str) -> None:
    assert _optimum(name, "uses_spot") == OWN_READING[name]


@needs_shared("real-positions")
def test_the_readings_differ_where_a_destination_token_fills_a_city() -> None:
    for name in ("b70_1206_MKT", "b70_1214_ATSF"):
        assert _optimum(name, "uses_spot") < _optimum(name, "extra"), name


R1_TURN = "1870/1870_game_end_bankrupt/turn-041.json"


@needs_shared("real-turns")
def test_the_r1_real_turn_under_each_reading() -> None:
    assert noted("1870", "R1") == [R1_TURN]
    turn = turn_file(R1_TURN)
    at = turn["refused_at"]  # SSW's token in C18, beside MP's home and GMO's destination
    head = dict(turn, actions=turn["actions"][:at + 1])
    with pytest.raises(IllegalAction) as err:
        replay(head, {"destination_token_slot": "uses_spot"})
    assert err.value.code == "token/city_full"
    # under extra it is accepted, and the rest of the turn (with the pass out of the
    # token step the file leaves out after a refusal, see its after_refusal) agrees
    rest = [{"type": "pass", "company": turn["company"]}, *turn["actions"][at + 1:]]
    end = replay(dict(turn, actions=[*head["actions"], *rest]),
                 {"destination_token_slot": "extra"})
    assert end["turn"]["step"] == "buy_train"
    end = API.apply(end, {"type": "pass", "company": turn["company"]})
    assert token_differences(turn, end) == []
    assert market_differences(turn, end) == []
    assert end["turn"]["company"] == turn["expected"]["next_company"]
