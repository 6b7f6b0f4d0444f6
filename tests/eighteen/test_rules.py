"""One test per rule of the operating turn and the private-power mechanism."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import dh_1830, position

JSON = dict[str, Any]


def lay(company: str, hex_id: str, tile: str, rotation: int, private: str = "") -> JSON:
    action: JSON = {"type": "lay_tile", "company": company, "hex": hex_id, "tile": tile,
                    "rotation": rotation}
    if private:
        action["private"] = private
    return action


def token(company: str, hex_id: str, city: int = 0, private: str = "") -> JSON:
    action: JSON = {"type": "place_token", "company": company, "hex": hex_id, "city": city}
    if private:
        action["private"] = private
    return action


def refused(position: JSON, action: JSON) -> str:
    with pytest.raises(IllegalAction) as err:
        API.apply(position, action)
    return err.value.code


def company(position: JSON, company_id: str) -> JSON:
    return next(c for c in position["companies"] if c["id"] == company_id)


def test_normal_lay_needs_connection_and_pays_terrain() -> None:
    p = dh_1830(connected=True)
    after = API.apply(p, lay("PRR", "F16", "57", 1))
    assert company(after, "PRR")["treasury"] == 380
    assert refused(dh_1830(), lay("PRR", "F16", "57", 1)) == "tile/not_connected"


def test_only_one_normal_tile_lay_per_turn() -> None:
    p = API.apply(dh_1830(connected=True), lay("PRR", "F16", "57", 1))
    assert refused(p, lay("PRR", "E17", "8", 0)) == "tile/no_lays_left"


def test_upgrades_return_the_old_tile_to_the_supply() -> None:
    p = position("1830", "3", presidents={"PRR": ("P1", 500)}, tiles=[("E19", "57", 0)],
                 tokens=[("E19", 0, "PRR")], turn=("PRR", "track"))
    after = API.apply(p, lay("PRR", "E19", "14", 0))
    assert after["supply"]["57"] == p["supply"]["57"] + 1
    assert after["supply"]["14"] == p["supply"]["14"] - 1


def test_phase_decides_colours() -> None:
    p = position("1830", "2", presidents={"PRR": ("P1", 500)}, tiles=[("E19", "57", 0)],
                 tokens=[("E19", 0, "PRR")], turn=("PRR", "track"))
    assert refused(p, lay("PRR", "E19", "14", 0)) == "phase/colour_not_available"


def test_blocked_hex_only_while_a_player_owns_the_private() -> None:
    p = dh_1830(owner="P1")
    p["turn"]["company"] = "NYC"
    assert refused(p, lay("NYC", "F16", "57", 0)) == "hex/blocked"
    p2 = dh_1830(owner="PRR")
    p2["turn"]["company"] = "NYC"
    assert API.apply(p2, lay("NYC", "F16", "57", 0))["tiles"]


def test_normal_token_cost_follows_the_charter() -> None:
    p = API.apply(dh_1830(connected=True), lay("PRR", "F16", "57", 1))
    p = API.apply(p, {"type": "pass", "company": "PRR"})
    after = API.apply(p, token("PRR", "F16"))
    assert company(after, "PRR")["treasury"] == 380 - 40
    assert refused(after, token("PRR", "F16")) == "token/already_laid"


def test_a_city_full_of_other_tokens_cannot_be_run_through() -> None:
    def board(nyc_at_albany: bool) -> JSON:
        tokens = [("F16", 0, "PRR")] + ([("E19", 0, "NYC")] if nyc_at_albany else [])
        return position("1830", "3", presidents={"PRR": ("P1", 500), "NYC": ("P2", 500)},
                        tiles=[("F16", "57", 1), ("F18", "8", 1), ("E19", "57", 0)],
                        tokens=tokens, turn=("PRR", "track"))
    assert refused(board(True), lay("PRR", "D20", "9", 0)) == "tile/not_connected"
    assert API.apply(board(False), lay("PRR", "D20", "9", 0))["tiles"]


def test_dh_tile_then_token_in_one_turn() -> None:
    p = API.apply(dh_1830(), lay("PRR", "F16", "57", 0, "DH"))
    p = API.apply(p, {"type": "pass", "company": "PRR"})
    after = API.apply(p, token("PRR", "F16", 0, "DH"))
    assert company(after, "PRR")["treasury"] == 380
    assert any(t["hex"] == "F16" for t in after["tokens"])


def test_dh_token_expires_at_the_end_of_the_turn() -> None:
    p = API.apply(dh_1830(), lay("PRR", "F16", "57", 0, "DH"))
    p = API.apply(p, {"type": "pass", "company": "PRR"})
    p = API.apply(p, {"type": "pass", "company": "PRR"})  # NYC's turn now
    assert p["turn"]["company"] == "NYC"
    p = API.apply(p, {"type": "pass", "company": "NYC"})
    p = API.apply(p, {"type": "pass", "company": "NYC"})
    assert p["turn"] == {"company": None, "step": "done", "tile_lays": 0, "tokened": False,
                         "special_tiles": []}


def test_not_your_turn() -> None:
    assert refused(dh_1830(), lay("NYC", "F16", "57", 0)) == "turn/not_operating"


def test_unknown_hex_is_malformed() -> None:
    with pytest.raises(MalformedInput) as err:
        API.apply(dh_1830(), lay("PRR", "Z99", "57", 0))
    assert err.value.field == "hex"


def test_malformed_action_names_the_field() -> None:
    with pytest.raises(MalformedInput):
        API.apply(dh_1830(), {"type": "lay_tile", "company": "PRR"})


def test_position_validation_names_the_field() -> None:
    p = dh_1830()
    p["tokens"].append({"hex": "F14", "city": 0, "company": "PRR"})  # F14 has no city
    next(c for c in p["companies"] if c["id"] == "PRR")["tokens_left"] -= 1
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == "tokens"


def test_unknown_option_is_refused() -> None:
    with pytest.raises(MalformedInput):
        API.new_game(["P1"], {"title": "1830", "nonsense": "x"})


def test_home_token_step_then_track() -> None:
    p = position("1835", "2.1", presidents={"BA": ("P1", 300)}, turn=("BA", "home"))
    assert refused(p, lay("BA", "L4", "9", 0)) == "step/wrong_step"
    assert refused(p, token("BA", "M9")) == "token/not_home"
    after = API.apply(p, token("BA", "L6", 1))
    assert after["turn"]["step"] == "track"


def test_next_company_starts_with_its_home_token() -> None:
    p = position("1835", "2.1", presidents={"BA": ("P1", 300), "WT": ("P1", 300)},
                 tokens=[("L6", 0, "BA")], turn=("BA", "token"), order=["BA", "WT"])
    after = API.apply(p, {"type": "pass", "company": "BA"})
    assert after["turn"]["company"] == "WT" and after["turn"]["step"] == "home"


def test_legal_actions_offer_the_dh_powers_only_when_legal() -> None:
    acts = API.legal_actions(dh_1830())
    assert any(a.get("private") == "DH" and a["type"] == "lay_tile" for a in acts)
    assert not any(a.get("private") == "DH" and a["type"] == "place_token" for a in acts)
    for a in acts:
        API.apply(dh_1830(), a)


def test_private_records_carry_the_seed_attributes() -> None:
    for title in TITLES.values():
        for private in title.privates:
            record = private.to_json()
            for power in ("tile", "token"):
                if record[power] is not None:
                    assert {"when", "extra", "connected", "free", "reserved"} <= set(record[power])
            if record["token"] is not None:
                assert "requires_tile_laid" in record["token"]
            assert {"closes", "separate_execution", "usable_by"} <= set(record)


def test_conservation_detects_money_from_nowhere() -> None:
    p = dh_1830()
    q = dict(p, bank=p["bank"] + 1)
    assert API.conservation(p, q)
    assert API.conservation(p, API.apply(p, lay("PRR", "F16", "57", 0, "DH"))) == []


def test_a_title_declares_its_operating_steps() -> None:
    """The turn is data: a title whose turn is only home and track ends a company's
    turn after the track step, and refuses a position standing in a step it lacks."""
    from dataclasses import replace

    from oracle.eighteen.api import EighteenAPI
    from oracle.eighteen.rules import Rules

    short = replace(TITLES["1830"], operating_steps=("home", "track"))
    api = EighteenAPI(Rules({**TITLES, "1830": short}))
    p = dh_1830()  # PRR in its track step
    after = api.apply(p, {"type": "pass", "company": "PRR"})
    assert after["turn"]["step"] != "token" and after["turn"]["company"] != "PRR"
    assert API.apply(p, {"type": "pass", "company": "PRR"})["turn"]["step"] == "token"
    p["turn"]["step"] = "token"
    with pytest.raises(IllegalAction) as err:
        api.apply(p, {"type": "pass", "company": "PRR"})
    assert err.value.code == "step/not_in_title"
