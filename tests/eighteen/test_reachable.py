"""The reachability check (oracle/eighteen/reachable.py): sound on whole games (every
position seeded random whole games of 1830 and 1870 reach breaks no condition), and
each condition catching a small position play cannot reach."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.reachable import CHECKS, CONDITIONS, unreachable

JSON = dict[str, Any]

#: the player's taste: these actions first, seven times in ten, so a short game gets
#: past the auction and the stock round into operating rounds and train purchases
PREFER = ("buy_train", "par", "buy_shares", "lay_tile", "place_token")


@pytest.mark.parametrize(("title", "seed", "actions"), [("1830", 1, 240), ("1870", 1, 160)])
def test_every_position_of_a_random_whole_game_is_reachable(title: str, seed: int,
                                                             actions: int) -> None:
    rng = random.Random(f"reach:{title}:{seed}")
    position = API.new_game(["P1", "P2", "P3"], {"title": title})
    kinds = set()
    for _ in range(actions):
        assert unreachable(title, position) == [], position
        if API.game_over(position):
            break
        kinds.add((position["game_round"]["kind"], position["turn"]["step"]))
        legal = API.legal_actions(position)
        liked = [a for a in legal if a["type"] in PREFER]
        position = API.apply(position, rng.choice(liked if liked and rng.random() < 0.7
                                                  else legal))
    # the game got as far as operating companies laying track and buying trains
    assert {("operating", "track"), ("operating", "buy_train")} <= kinds


def _base() -> JSON:
    """A reachable-looking 1830 operating turn: the privates dealt to the players, the
    PRR run by P1 from its home Altoona (H12), in its track step, phase 3."""
    position = API.new_game(["P1", "P2", "P3"], {"title": "1830"})
    total = position["bank"] + sum(p["cash"] for p in position["players"])
    for key in ("game_round", "depot", "market_order"):
        position.pop(key, None)
    position["phase"] = "3"
    position["privates"] = [dict(p, owner=f"P{i % 3 + 1}")
                            for i, p in enumerate(position["privates"])]
    position["companies"] = [
        {k: v for k, v in c.items() if k != "shares"} for c in position["companies"]]
    _company(position, "PRR").update(president="P1", treasury=670, tokens_left=3)
    # the B&O private (P3's) came with the B&O's president's certificate
    _company(position, "BO").update(president=_private(position, "BO")["owner"])
    position["tokens"] = [{"hex": "H12", "city": 0, "company": "PRR"}]
    position["operating_order"] = ["PRR"]
    position["turn"] = {"company": "PRR", "step": "track", "tile_lays": 0,
                        "tokened": False, "special_tiles": []}
    return _money(position, total)


def _money(position: JSON, total: int) -> JSON:
    held = sum(p["cash"] for p in position["players"]) + \
        sum(c["treasury"] for c in position["companies"])
    return dict(position, bank=total - held)


def _company(position: JSON, company: str) -> JSON:
    found: JSON = next(c for c in position["companies"] if c["id"] == company)
    return found


def _private(position: JSON, private: str) -> JSON:
    found: JSON = next(p for p in position["privates"] if p["id"] == private)
    return found


def _lay(position: JSON, hex_id: str, tile: str, rotation: int = 0) -> None:
    position["tiles"].append({"hex": hex_id, "tile": tile, "rotation": rotation})
    position["supply"][tile] -= 1


def test_the_base_position_is_reachable() -> None:
    assert unreachable("1830", _base()) == []


def _no_home(p: JSON) -> None:
    p["tokens"] = []
    _company(p, "PRR")["tokens_left"] = 4


def _no_president(p: JSON) -> None:
    _company(p, "PRR")["president"] = None


def _later_train(p: JSON) -> None:
    _company(p, "PRR")["trains"] = ["5"]


def _brown_tile(p: JSON) -> None:
    _lay(p, "H12", "63")


def _open_private(p: JSON) -> None:
    p["phase"] = "5"
    for private in p["privates"]:
        private["closed"] = private["id"] != "CS"


def _unsold_private(p: JSON) -> None:
    _private(p, "CS")["owner"] = None


def _early_sale(p: JSON) -> None:
    p["phase"] = "2"
    _private(p, "CS")["owner"] = "PRR"


def _blocked(p: JSON) -> None:
    _lay(p, "G15", "8", 1)  # the SV, which P1 owns, keeps G15 free
    p["tokens"].append({"hex": "F16", "city": 0, "company": "PRR"})
    _company(p, "PRR")["tokens_left"] = 2
    _private(p, "DH")["owner"] = "PRR"  # the station came by the D&H's power


def _minority_president(p: JSON) -> None:
    _company(p, "PRR")["shares"] = {"P1": 2, "P2": 3, "ipo": 5}


def _stray_tile(p: JSON) -> None:
    _lay(p, "C9", "9", 0)


def _stray_station(p: JSON) -> None:
    p["tokens"].append({"hex": "E11", "city": 0, "company": "PRR"})
    _company(p, "PRR")["tokens_left"] = 2


def _extra_tiles(p: JSON) -> None:
    p["supply"]["1"] = 2  # the manifest holds one tile 1


def _rusted_train(p: JSON) -> None:
    p["phase"] = "4"
    _company(p, "PRR")["trains"] = ["2"]


def _certificate_lost(p: JSON) -> None:
    _company(p, "BO")["president"] = None


def _never_sold(p: JSON) -> None:
    _private(p, "BO")["owner"] = "PRR"


def _stray_bonus(p: JSON) -> None:
    # 1830's C&S places no token at all, let alone a bonus
    p["bonus_tokens"] = [{"hex": "H12", "private": "CS", "company": "PRR", "value": 20}]


#: condition -> the changes to the base position that break it (and nothing else)
BREAKS = {
    "home": [_no_home], "president": [_no_president],
    "phase_trains": [_later_train, _rusted_train], "tile_colours": [_brown_tile],
    "tile_counts": [_extra_tiles], "privates_closed": [_open_private],
    "privates_sold": [_unsold_private], "certificates": [_certificate_lost],
    "private_sales": [_early_sale, _never_sold],
    "blocked_hexes": [_blocked], "presidents": [_minority_president],
    "track": [_stray_tile], "stations": [_stray_station], "bonus_tokens": [_stray_bonus],
}


def test_every_condition_has_a_reason_and_a_catching_position() -> None:
    assert set(CHECKS) == set(CONDITIONS) == set(BREAKS)


@pytest.mark.parametrize("condition", sorted(BREAKS))
def test_each_condition_catches_a_position_play_cannot_reach(condition: str) -> None:
    for change in BREAKS[condition]:
        position = copy.deepcopy(_base())
        change(position)
        found = unreachable("1830", position)
        assert found and {f.split(":")[0] for f in found} == {condition}, found


def test_a_position_of_another_title_is_refused() -> None:
    with pytest.raises(ValueError):
        unreachable("1870", _base())


def _port_marker_opening() -> JSON:
    """TP-BONUS-01-c's start: 1856, phase 6, LPS's port marker on Maudaumin (C14)."""
    path = Path(__file__).resolve().parents[2] / "oracle/eighteen/data/openings.json"
    found: JSON = next(o["position"] for o in json.loads(path.read_text())["openings"]
                       if o["scenario"] == "TP-BONUS-01-c")
    return found


@pytest.mark.parametrize(("field", "value", "why"), [
    ("closed", False, "placing its token closed it"),
    ("hex", "C12", "not a hex GLSC's token goes on"),
    ("value", 30, "worth 30/0"),
])
def test_a_port_marker_breaks_bonus_tokens_only_as_play_cannot(field: str, value: Any,
                                                               why: str) -> None:
    position = copy.deepcopy(_port_marker_opening())
    assert unreachable("1856", position) == []
    if field == "closed":
        _private(position, "GLSC")["closed"] = False
    else:
        position["bonus_tokens"][0][field] = value
    found = [f for f in unreachable("1856", position) if f.startswith("bonus_tokens:")]
    assert any(why in f for f in found), found
