"""A city that is another company's home keeps that company's slot until its home
token is down (1870 rules 7.3.1; tobymao reserves home slots in every title):
``Rules.homes_waiting`` and ``token/home_reserved``.

1825: LNWR (home T16) has track from Birmingham to Bristol (V14), GWR's one-slot
home. GWR operates after LNWR and has not placed its home token yet. Found by the
option sweep: LNWR took V14's only slot and GWR's home step had no action left.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API
from oracle.eighteen.options import POSITION_OPTIONS
from tests.eighteen.option_games import STARTS, OptionGame

JSON = dict[str, Any]
START_1825 = next(i for i, p in enumerate(STARTS) if p["title"] == "1825")
TOKEN_V14 = {"type": "place_token", "company": "LNWR", "hex": "V14", "city": 0}


def bristol(gwr_token: bool = False, gwr_closed: bool = False) -> JSON:
    """The sweep's 1825 start under the single-track variant (LNWR and GWR own a 3T),
    played to LNWR's token step: home token, then two single-track tiles."""
    options = {o.name: o.default for o in POSITION_OPTIONS} | {"single_track": "yes"}
    p = API.canonical(OptionGame(START_1825, options, 0).position())
    assert p["turn"] == {"company": "LNWR", "step": "home", "tile_lays": 0,
                         "tokened": False, "special_tiles": []}
    for action in ({"type": "place_token", "company": "LNWR", "hex": "T16", "city": 0},
                   {"type": "lay_tile", "company": "LNWR", "hex": "U17", "tile": "78",
                    "rotation": 0},
                   {"type": "lay_tile", "company": "LNWR", "hex": "V16", "tile": "73",
                    "rotation": 1},
                   {"type": "pass", "company": "LNWR"}):
        p = API.apply(p, action)
    assert p["turn"]["step"] == "token"
    for c in p["companies"]:
        if c["id"] == "GWR" and gwr_token:
            c["tokens_left"] -= 1
            p["tokens"].append({"hex": "V14", "city": 0, "company": "GWR"})
        if c["id"] == "GWR" and gwr_closed:
            c["tokens_left"], c["trains"] = 0, []
    return API.canonical(p)


def test_the_last_slot_of_an_unplaced_home_is_refused() -> None:
    p = bristol()
    with pytest.raises(IllegalAction) as e:
        API.apply(p, TOKEN_V14)
    assert e.value.code == "token/home_reserved"
    assert "GWR" in e.value.reason
    assert TOKEN_V14 not in API.legal_actions(p)


def test_the_reservation_is_what_blocks_it() -> None:
    """Without GWR's claim (GWR closed: no token left, none on the map) LNWR reaches
    V14 and may place there, so the refusal above is the reservation's."""
    p = bristol(gwr_closed=True)
    after = API.apply(p, TOKEN_V14)
    assert {"hex": "V14", "city": 0, "company": "LNWR"} in after["tokens"]
    assert TOKEN_V14 in API.legal_actions(p)


def test_once_the_home_is_placed_the_city_is_simply_full() -> None:
    with pytest.raises(IllegalAction) as e:
        API.apply(bristol(gwr_token=True), TOKEN_V14)
    assert e.value.code == "token/city_full"


def test_the_home_company_itself_is_never_kept_out() -> None:
    p = API.apply(bristol(), {"type": "pass", "company": "LNWR"})  # token step ends
    while p["turn"]["company"] == "LNWR":  # LNWR's train steps: pass them
        p = API.apply(p, {"type": "pass", "company": "LNWR"})
    assert p["turn"]["company"] == "GWR" and p["turn"]["step"] == "home"
    after = API.apply(p, {"type": "place_token", "company": "GWR", "hex": "V14", "city": 0})
    assert {"hex": "V14", "city": 0, "company": "GWR"} in after["tokens"]
