"""Issue 30 item 7: two 1870 private powers recorded play uses (private_variants.py):
the Gulf Shipping Company's open port (+20 for its company, +10 for every other,
replaced by the closed port in a later round) and the Mississippi River Bridge
Company's free extra home lay for MP or SSW in their first operating round."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.conservation import conservation
from tests.eighteen.positions import position
from tests.eighteen.test_private_sale import act as sale_act
from tests.eighteen.test_private_sale import company, private, refused

JSON = dict[str, Any]


def act(p: JSON, cid: str, **action: Any) -> JSON:
    """``test_private_sale.act`` (conservation checked), and the result is canonical."""
    after = sale_act(p, cid, **action)
    assert API.canonical(after) == after
    return after


def total(p: JSON, cid: str) -> int:
    return int(API.query(p, "routes", {"company": cid})["total"])


# -- the Gulf Shipping Company's ports ------------------------------------------------------

def gulf(owner: str = "GMO", phase: str = "2") -> JSON:
    """GMO at Mobile (M20), SP at Baton Rouge (M14), track between; a 2-train each."""
    p = position("1870", phase, presidents={"GMO": ("P1", 500), "SP": ("P2", 500)},
                 owners={"GSC": owner, "SCC": "GMO"},
                 tiles=[("M20", "57", 1), ("M18", "9", 1), ("M16", "9", 1), ("M14", "5", 3)],
                 tokens=[("M20", 0, "GMO"), ("M14", 0, "SP")], turn=("GMO", "track"),
                 order=["GMO", "SP"])
    for c in p["companies"]:
        if c["id"] in ("GMO", "SP"):
            c["trains"] = ["2"]
    return p


def port(p: JSON, hex_id: str = "M20", is_open: bool = False, cid: str = "GMO") -> JSON:
    extra = {"open": True} if is_open else {}
    return act(p, cid, type="place_token", hex=hex_id, city=0, private="GSC", **extra)


def next_round(p: JSON) -> JSON:
    """The same position in GMO's turn of a later operating round."""
    q = copy.deepcopy(p)
    q["turn"] = {"company": "GMO", "step": "track", "tile_lays": 0, "tokened": False,
                 "special_tiles": []}
    return q


def test_the_open_port_adds_twenty_for_its_company_and_ten_for_the_others() -> None:
    p = gulf()
    assert (total(p, "GMO"), total(p, "SP")) == (40, 40)
    after = port(p, is_open=True)
    assert after["bonus_tokens"] == [{"hex": "M20", "private": "GSC", "company": "GMO",
                                      "value": 20, "others": 10}]
    assert (total(after, "GMO"), total(after, "SP")) == (60, 50)
    route = API.query(after, "routes", {"company": "SP"})["routes"]
    assert API.query(after, "revenue", {"company": "SP", "routes": route})["total"] == 50
    assert API.query(after, "revenue", {"company": "GMO", "routes": route})["total"] == 60
    gsc = private(after, "GSC")
    assert gsc["token_used"] and not gsc["closed"]  # the open port keeps it open
    assert after["turn"]["special_tokens"] == ["GSC"]


def test_the_closed_port_adds_twenty_for_its_company_only_and_closes() -> None:
    after = port(gulf())
    assert after["bonus_tokens"] == [{"hex": "M20", "private": "GSC", "company": "GMO",
                                      "value": 20}]
    assert (total(after, "GMO"), total(after, "SP")) == (60, 40)
    assert private(after, "GSC")["closed"]
    assert "special_tokens" in after["turn"]


def test_the_closed_port_replaces_the_open_one_in_a_later_round_and_closes() -> None:
    opened = port(gulf(), is_open=True)
    assert refused(opened, "GMO", type="place_token", hex="M20", city=0,
                   private="GSC") == "private/replace_same_turn"
    later = next_round(opened)
    assert refused(later, "GMO", type="place_token", hex="N17", city=0,
                   private="GSC") == "private/replace_elsewhere"
    assert refused(later, "GMO", type="place_token", hex="M20", city=0, private="GSC",
                   open=True) == "private/used"
    closed = port(later)
    assert closed["bonus_tokens"] == [{"hex": "M20", "private": "GSC", "company": "GMO",
                                       "value": 20}]
    assert private(closed, "GSC")["closed"]
    assert (total(closed, "GMO"), total(closed, "SP")) == (60, 40)
    assert conservation(later, closed) == []  # replaced, not vanished
    gone = copy.deepcopy(closed)
    gone["bonus_tokens"] = []
    assert conservation(later, gone) != []
    assert refused(closed, "GMO", type="place_token", hex="M20", city=0,
                   private="GSC") == "private/closed"


def test_the_turn_record_of_token_use_is_cleared_for_the_next_company() -> None:
    opened = port(gulf(), is_open=True)
    opened["turn"]["step"] = "buy_train"
    after = act(opened, "GMO", type="pass")
    assert after["turn"]["company"] == "SP" and "special_tokens" not in after["turn"]


def test_open_only_with_a_private_that_has_an_open_variant() -> None:
    p = gulf()
    assert refused(p, "GMO", type="place_token", hex="B11", city=0, private="SCC",
                   open=True) == "private/no_open_variant"
    with pytest.raises(MalformedInput):  # open without a private
        API.apply(p, {"type": "place_token", "company": "GMO", "hex": "M20", "city": 0,
                      "open": True})
    assert refused(p, "GMO", type="place_token", hex="M16", city=0, private="GSC",
                   open=True) == "private/wrong_hex"
    assert refused(gulf("P1"), "GMO", type="place_token", hex="M20", city=0,
                   private="GSC", open=True) == "private/not_owner"


def test_the_open_port_stops_counting_with_the_other_port_tokens_in_phase_five() -> None:
    opened = port(gulf(), is_open=True)
    late = copy.deepcopy(opened)
    late["phase"] = "5"
    API.validate(late)
    assert (total(late, "SP"), total(late, "GMO")) == (total(gulf("GMO", "5"), "SP"),
                                                       total(gulf("GMO", "5"), "GMO"))


def test_legal_actions_list_both_ports_where_legal() -> None:
    ports = [a for a in API.legal_actions(gulf()) if a.get("private") == "GSC"]
    assert {(a["hex"], a.get("open", False)) for a in ports} == \
        {(h, o) for h in ("H17", "M14", "M20", "N7", "N17") for o in (False, True)}
    opened = port(gulf(), is_open=True)
    assert [a for a in API.legal_actions(opened) if a.get("private") == "GSC"] == []
    later = [a for a in API.legal_actions(next_round(opened)) if a.get("private") == "GSC"]
    assert later == [{"type": "place_token", "company": "GMO", "hex": "M20", "city": 0,
                      "private": "GSC"}]
    assert not any(a.get("open") for a in API.legal_actions(gulf())
                   if a.get("private") == "SCC")


def test_positions_round_trip_the_new_fields() -> None:
    opened = port(gulf(), is_open=True)
    assert API.canonical(opened) == opened
    bad = copy.deepcopy(opened)
    bad["bonus_tokens"][0]["others"] = 0  # absent when nothing, never 0
    with pytest.raises(MalformedInput):
        API.validate(bad)


# -- the MRBC's free home lay --------------------------------------------------------------

def river(cid: str = "MP", home: str = "C18", phase: str = "1", first: bool = True,
          owner: str = "P2") -> JSON:
    p = position("1870", phase, presidents={cid: ("P1", 500)}, owners={"MRBC": owner},
                 tokens=[(home, 0, cid)], turn=(cid, "track"))
    if first:
        company(p, cid)["first_round"] = True
    return p


def home_lay(p: JSON, cid: str, home: str, tile: str = "5") -> JSON:
    for rotation in range(6):
        try:
            return act(p, cid, type="lay_tile", hex=home, tile=tile, rotation=rotation,
                       private="MRBC")
        except IllegalAction:
            continue
    raise AssertionError(f"no rotation of {tile} fits {home}")


@pytest.mark.parametrize(("cid", "home"), [("MP", "C18"), ("SSW", "H17")])
def test_mp_or_ssw_buying_it_in_their_first_round_lay_at_home_free_and_extra(
        cid: str, home: str) -> None:
    bought = act(river(cid, home), cid, type="buy_private", private="MRBC", price=40)
    laid = home_lay(bought, cid, home)
    assert company(laid, cid)["treasury"] == company(bought, cid)["treasury"]  # no cost
    assert laid["bank"] == bought["bank"]
    assert laid["turn"]["tile_lays"] == 0 and laid["turn"]["home_lay_hexes"] == [home]
    assert private(laid, "MRBC")["tile_used"]
    assert refused(laid, cid, type="lay_tile", hex=home, tile="5", rotation=0,
                   private="MRBC") == "private/used"


def test_the_recorded_mp_turn_home_lay_then_two_normal_lays() -> None:
    """1870_game_end_bankrupt, MP's first turn: buys the MRBC, the MRBC lays 5 on C18
    (rotation 3), then MP lays 57 on B19 and 8 on A20 (its two normal lays)."""
    p = act(river(), "MP", type="buy_private", private="MRBC", price=40)
    p = act(p, "MP", type="lay_tile", hex="C18", tile="5", rotation=3, private="MRBC")
    p = act(p, "MP", type="lay_tile", hex="B19", tile="57", rotation=0)
    p = act(p, "MP", type="lay_tile", hex="A20", tile="8", rotation=4)
    assert company(p, "MP")["treasury"] == 460 and p["turn"]["tile_lays"] == 2


def test_not_upgraded_in_the_same_round() -> None:
    laid = home_lay(river(phase="2", owner="MP"), "MP", "C18")
    for rotation in range(6):
        assert refused(laid, "MP", type="lay_tile", hex="C18", tile="15",
                       rotation=rotation) == "tile/home_lay_no_upgrade"
    laid["turn"]["step"] = "buy_train"
    after = act(laid, "MP", type="pass")  # the turn ends: so does the first round
    assert "first_round" not in company(after, "MP")
    assert "home_lay_hexes" not in after["turn"]


def test_only_in_the_first_round_and_only_for_mp_or_ssw_at_home() -> None:
    later = home_lay(river(phase="2", first=False, owner="MP"), "MP", "C18")
    assert later["turn"]["tile_lays"] == 1 and "home_lay_hexes" not in later["turn"]
    assert company(later, "MP")["treasury"] == 500  # the $40 discount on C18's $40
    ssw = home_lay(river("SSW", "H17", "2", first=False, owner="SSW"), "SSW", "H17")
    assert company(ssw, "SSW")["treasury"] == 480  # H17's $60 less $40
    ic = position("1870", "2", presidents={"IC": ("P1", 500)}, owners={"MRBC": "IC"},
                  tokens=[("K16", 0, "IC")], turn=("IC", "track"))
    company(ic, "IC")["first_round"] = True
    assert refused(ic, "IC", type="lay_tile", hex="K16", tile="57", rotation=0,
                   private="MRBC") == "private/wrong_hex"


def test_first_round_is_emitted_only_when_true() -> None:
    p = river()
    assert company(p, "MP")["first_round"] is True and API.canonical(p) == p
    bad = copy.deepcopy(p)
    company(bad, "MP")["first_round"] = False
    with pytest.raises(MalformedInput):
        API.validate(bad)
    assert "first_round" not in company(river(first=False), "MP")


def test_legal_actions_offer_the_home_lay() -> None:
    p = act(river(), "MP", type="buy_private", private="MRBC", price=40)
    lays = [a for a in API.legal_actions(p) if a["type"] == "lay_tile"
            and a.get("private") == "MRBC" and a["hex"] == "C18"]
    assert lays and all(a["tile"] in ("5", "6", "57") for a in lays)
    after = act(p, "MP", **{k: v for k, v in lays[0].items() if k != "company"})
    assert not [a for a in API.legal_actions(after) if a["type"] == "lay_tile"
                and a["hex"] == "C18"]
