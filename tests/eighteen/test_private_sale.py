"""Issue 30 item 7: 1830's six privates and 1870's six, their revenue, blocked hexes
and powers, a company buying a private from a player (``buy_private``,
private_sale.py), and what conservation says about privates changing hands."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.conservation import conservation
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position

JSON = dict[str, Any]


def company(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def player(p: JSON, pid: str) -> JSON:
    return next(q for q in p["players"] if q["id"] == pid)


def private(p: JSON, pid: str) -> JSON:
    return next(x for x in p["privates"] if x["id"] == pid)


def act(p: JSON, cid: str, **action: Any) -> JSON:
    after = API.apply(p, {"company": cid, **action})
    assert API.conservation(p, after) == []
    return after


def refused(p: JSON, cid: str, **action: Any) -> str:
    before = copy.deepcopy(p)
    with pytest.raises(IllegalAction) as err:
        API.apply(p, {"company": cid, **action})
    assert p == before
    return err.value.code


def prr(phase: str = "3", owners: dict[str, str] | None = None, step: str = "track",
        treasury: int = 500) -> JSON:
    """1830: PRR (P1) at its home H12, NYC (P2) at E19; privates as ``owners`` say."""
    p = position("1830", phase, presidents={"PRR": ("P1", treasury), "NYC": ("P2", 500)},
                 owners=owners, tokens=[("H12", 0, "PRR"), ("E19", 0, "NYC")],
                 turn=("PRR", "track"), order=["PRR", "NYC"])
    p["turn"]["step"] = step
    return p


def buy(p: JSON, pid: str, price: int, cid: str = "PRR") -> JSON:
    return act(p, cid, type="buy_private", private=pid, price=price)


def buy_refused(p: JSON, pid: str, price: int, cid: str = "PRR") -> str:
    return refused(p, cid, type="buy_private", private=pid, price=price)


# -- the records ----------------------------------------------------------------------

#: id -> (face value, revenue, blocked hexes, sold to companies) as printed (1830)
PRIVATES_1830 = {
    "SV": (20, 5, {"G15"}, True), "CS": (40, 10, {"B20"}, True),
    "DH": (70, 15, {"F16"}, True), "MH": (110, 20, {"D18"}, True),
    "CA": (160, 25, {"H18"}, True), "BO": (220, 30, {"I13", "I15"}, False),
}
PRIVATES_1870 = {"GRSC": (20, 5), "MRBC": (40, 10), "SCC": (50, 10), "GSC": (80, 15),
                 "SLSF": (140, 0), "MKT": (160, 20)}


def test_the_1830_privates_are_the_published_six() -> None:
    defs = {p.id: p for p in TITLES["1830"].privates}
    assert set(defs) == set(PRIVATES_1830)
    for pid, (value, revenue, blocks, sold) in PRIVATES_1830.items():
        pdef = defs[pid]
        assert (pdef.value, pdef.revenue) == (value, revenue)
        assert {h for h in ("B20", "D18", "F16", "G15", "H18", "I13", "I15")
                if pdef.blocks_hex(h)} == blocks
        assert bool(pdef.sale) is sold
        assert pdef.to_json()["closes_on_train_of"] == ("BO" if pid == "BO" else "")
        for terms in pdef.sale:
            assert (terms.phases, terms.min_price, terms.max_price) == \
                (("3", "4"), value // 2, 2 * value)


def test_the_1870_privates_are_the_published_six() -> None:
    defs = {p.id: p for p in TITLES["1870"].privates}
    assert {pid: (d.value, d.revenue) for pid, d in defs.items()} == PRIVATES_1870
    assert defs["SLSF"].sale == ()
    assert [(t.phases, t.min_price, t.max_price, t.buyers) for t in defs["MRBC"].sale] == \
        [(("1",), 20, 40, ("MP", "SSW")), (("2", "3"), 20, 80, ())]


# -- blocking ---------------------------------------------------------------------------

@pytest.mark.parametrize(("pid", "hex_id"), [("SV", "G15"), ("CS", "B20"), ("MH", "D18"),
                                             ("CA", "H18"), ("BO", "I13"), ("BO", "I15")])
def test_a_player_owned_private_blocks_its_hexes(pid: str, hex_id: str) -> None:
    tile = {"G15": "8", "B20": "3", "D18": "8", "H18": "1", "I13": "8", "I15": "14"}[hex_id]
    action = {"type": "lay_tile", "hex": hex_id, "tile": tile, "rotation": 0}
    assert refused(prr(owners={pid: "P3"}), "PRR", **action) == "hex/blocked"
    # in the bank or a company's it blocks nothing (another refusal, if any)
    for owner in ({}, {pid: "NYC"}):
        try:
            API.apply(prr(owners=owner), {"company": "PRR", **action})
        except IllegalAction as err:
            assert err.code != "hex/blocked"


# -- the Champlain & St. Lawrence's tile --------------------------------------------------

def test_the_cs_lays_a_free_extra_unconnected_tile_on_b20() -> None:
    p = prr(owners={"CS": "PRR"})
    after = act(p, "PRR", type="lay_tile", hex="B20", tile="3", rotation=0, private="CS")
    assert company(after, "PRR")["treasury"] == 500  # free
    assert after["turn"]["tile_lays"] == 0  # extra: the normal lay is still there
    assert private(after, "CS")["tile_used"] and not private(after, "CS")["closed"]
    assert refused(after, "PRR", type="lay_tile", hex="B20", tile="58", rotation=0,
                   private="CS") == "private/used"
    # in the token step as well (any time in the owning company's turn)
    token = act(prr(owners={"CS": "PRR"}, step="token"), "PRR", type="lay_tile", hex="B20",
                tile="58", rotation=0, private="CS")
    assert private(token, "CS")["tile_used"]


def test_the_cs_lays_town_tiles_only_and_serves_its_owner_only() -> None:
    assert refused(prr(owners={"CS": "PRR"}), "PRR", type="lay_tile", hex="B20", tile="57",
                   rotation=0, private="CS") == "private/wrong_tile"
    assert refused(prr(owners={"CS": "NYC"}), "PRR", type="lay_tile", hex="B20", tile="3",
                   rotation=0, private="CS") == "private/not_owner"


# -- the B&O private closes when the B&O buys a train --------------------------------------

def test_the_bo_private_closes_when_the_bo_buys_its_first_train() -> None:
    p = position("1830", "2", presidents={"BO": ("P1", 500)}, owners={"BO": "P1"},
                 tokens=[("I15", 0, "BO")], turn=("BO", "buy_train"))
    p["depot"] = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": None}
    after = act(p, "BO", type="buy_train", train="2")
    assert private(after, "BO")["closed"] and private(after, "BO")["owner"] == "P1"
    assert not private(after, "SV")["closed"]
    other = position("1830", "2", presidents={"PRR": ("P1", 500)}, owners={"BO": "P1"},
                     tokens=[("H12", 0, "PRR")], turn=("PRR", "buy_train"))
    other["depot"] = dict(p["depot"])
    assert not private(act(other, "PRR", type="buy_train", train="2"), "BO")["closed"]


# -- buying a private ------------------------------------------------------------------------

def test_a_company_buys_a_private_from_a_player() -> None:
    p = prr(owners={"DH": "P2"})
    after = buy(p, "DH", 140)
    assert private(after, "DH")["owner"] == "PRR"
    assert company(after, "PRR")["treasury"] == 360
    assert player(after, "P2")["cash"] == player(p, "P2")["cash"] + 140
    assert after["bank"] == p["bank"] and after["turn"] == p["turn"]
    # now the company's: its power is the buyer's
    assert private(buy(prr(owners={"CS": "P1"}), "CS", 20), "CS")["owner"] == "PRR"


@pytest.mark.parametrize("step", ["track", "token", "route", "dividend", "buy_train"])
def test_a_private_is_bought_in_any_step_of_the_turn(step: str) -> None:
    p = prr(owners={"SV": "P3"}, step=step)
    if step == "dividend":
        p["turn"]["revenue"] = 0
    assert private(buy(p, "SV", 10), "SV")["owner"] == "PRR"


def test_the_price_is_half_to_twice_the_face_value() -> None:
    p = prr(owners={"DH": "P2"})
    assert private(buy(p, "DH", 35), "DH")["owner"] == "PRR"
    assert buy_refused(p, "DH", 34) == "private/price"
    assert buy_refused(p, "DH", 141) == "private/price"


def test_phases_three_and_four_only() -> None:
    for phase in ("2", "5", "6", "D"):
        assert buy_refused(prr(phase, owners={"DH": "P2"}), "DH", 70) == \
            "phase/no_private_sales"
    assert private(buy(prr("4", owners={"DH": "P2"}), "DH", 70), "DH")["owner"] == "PRR"


def test_only_from_a_player() -> None:
    assert buy_refused(prr(), "DH", 70) == "private/not_players"  # in the bank
    assert buy_refused(prr(owners={"DH": "NYC"}), "DH", 70) == "private/not_players"
    assert buy_refused(prr(owners={"DH": "PRR"}), "DH", 70) == "private/not_players"


def test_never_the_bo_private_nor_a_closed_one() -> None:
    assert buy_refused(prr(owners={"BO": "P1"}), "BO", 220) == "private/not_for_sale"
    p = prr(owners={"SV": "P2"})
    private(p, "SV")["closed"] = True
    assert buy_refused(p, "SV", 20) == "private/closed"


def test_the_treasury_must_pay() -> None:
    p = prr(owners={"CA": "P2"}, treasury=100)
    assert buy_refused(p, "CA", 101) == "money/insufficient"
    assert private(buy(p, "CA", 100), "CA")["owner"] == "PRR"


def test_not_in_the_home_step_nor_by_another_company() -> None:
    p = prr(owners={"SV": "P2"})
    assert refused(p, "NYC", type="buy_private", private="SV", price=20) == \
        "turn/not_operating"
    home = position("1830", "3", presidents={"PRR": ("P1", 500)}, owners={"SV": "P2"},
                    turn=("PRR", "home"))
    assert buy_refused(home, "SV", 20) == "step/wrong_step"


def test_an_unknown_private_is_malformed() -> None:
    with pytest.raises(MalformedInput):
        API.apply(prr(), {"type": "buy_private", "company": "PRR", "private": "XX",
                          "price": 20})


def test_legal_actions_list_every_price_the_treasury_can_pay() -> None:
    p = prr(owners={"DH": "P2", "SV": "P3", "BO": "P1", "CS": "NYC"}, treasury=100)
    listed = [a for a in API.legal_actions(p) if a["type"] == "buy_private"]
    assert [(a["private"], a["price"]) for a in listed] == \
        [("SV", n) for n in range(10, 41)] + [("DH", n) for n in range(35, 101)]
    assert all(a["company"] == "PRR" for a in listed)
    assert not [a for a in API.legal_actions(prr("2", owners={"DH": "P2"}))
                if a["type"] == "buy_private"]


# -- 1870 --------------------------------------------------------------------------------

def mp(phase: str, owners: dict[str, str], cid: str = "MP", home: str = "C18") -> JSON:
    return position("1870", phase, presidents={cid: ("P1", 500)}, owners=owners,
                    tokens=[(home, 0, cid)], turn=(cid, "track"))


def test_1870_mrbc_in_phase_one_by_mp_or_ssw_for_20_to_40() -> None:
    p = mp("1", {"MRBC": "P2"})
    assert private(buy(p, "MRBC", 20, "MP"), "MRBC")["owner"] == "MP"
    assert buy_refused(p, "MRBC", 41, "MP") == "private/price"
    atsf = mp("1", {"MRBC": "P2"}, "ATSF", "B9")
    assert buy_refused(atsf, "MRBC", 40, "ATSF") == "private/not_buyer"
    assert buy_refused(mp("1", {"SCC": "P2"}), "SCC", 50, "MP") == "phase/no_private_sales"
    later = mp("2", {"MRBC": "P2"}, "ATSF", "B9")
    assert private(buy(later, "MRBC", 80, "ATSF"), "MRBC")["owner"] == "ATSF"


def test_1870_slsf_is_never_sold_to_a_company() -> None:
    assert buy_refused(mp("2", {"SLSF": "P1"}), "SLSF", 140, "MP") == "private/not_for_sale"


def test_1870_cattle_token_adds_ten_and_keeps_the_private_open() -> None:
    p = mp("2", {"SCC": "MP"})
    after = act(p, "MP", type="place_token", hex="B11", city=0, private="SCC")
    assert after["bonus_tokens"] == [{"hex": "B11", "private": "SCC", "company": "MP",
                                      "value": 10}]
    assert not private(after, "SCC")["closed"] and private(after, "SCC")["token_used"]
    assert refused(p, "MP", type="place_token", hex="H17", city=0, private="SCC") == \
        "private/wrong_hex"


def test_1870_closed_port_adds_twenty_and_closes_the_gsc() -> None:
    after = act(mp("2", {"GSC": "MP"}), "MP", type="place_token", hex="N17", city=0,
                private="GSC")
    assert after["bonus_tokens"] == [{"hex": "N17", "private": "GSC", "company": "MP",
                                      "value": 20}]
    assert private(after, "GSC")["closed"]


# -- revenue at the start of an operating round -----------------------------------------------

def last_turn(owners: dict[str, str], k: int = 1, n: int = 2) -> JSON:
    p = prr(owners=owners, step="token")
    p["turn"]["company"] = "NYC"
    p["operating_order"] = ["PRR", "NYC"]
    p["round"] = {"operating": k, "of": n}
    return p


def test_privates_pay_their_revenue_when_the_next_round_begins() -> None:
    p = last_turn({"SV": "P1", "DH": "PRR", "CA": "P1", "BO": "P3"})
    private(p, "CA")["closed"] = True
    after = act(p, "NYC", type="pass")
    assert after["round"] == {"operating": 2, "of": 2}
    assert player(after, "P1")["cash"] == player(p, "P1")["cash"] + 5  # CA closed
    assert player(after, "P3")["cash"] == player(p, "P3")["cash"] + 30
    assert company(after, "PRR")["treasury"] == company(p, "PRR")["treasury"] + 15
    assert after["bank"] == p["bank"] - 50  # the bank pays; the bank's own pay nothing


def test_no_revenue_when_the_set_ends() -> None:
    p = last_turn({"SV": "P1"}, k=2, n=2)
    after = act(p, "NYC", type="pass")
    assert after["turn"]["step"] == "done" and after["bank"] == p["bank"]


# -- positions and conservation --------------------------------------------------------------

def test_a_position_may_leave_out_privates_not_in_play() -> None:
    p = prr(owners={"DH": "P2"})
    p["privates"] = [x for x in p["privates"] if x["id"] == "DH"]
    API.validate(p)
    assert refused(p, "PRR", type="buy_private", private="DH", price=20) == "private/price"
    with pytest.raises(MalformedInput, match="SV"):  # absent: not in play, not buyable
        API.apply(p, {"type": "buy_private", "company": "PRR", "private": "SV", "price": 20})
    assert [a for a in API.legal_actions(p) if a.get("private") not in (None, "DH")] == []


def test_a_position_names_an_unknown_or_repeated_private() -> None:
    p = prr()
    p["privates"].append(dict(p["privates"][0], id="XX"))
    with pytest.raises(MalformedInput, match="XX"):
        API.validate(p)
    q = prr()
    q["privates"].append(dict(q["privates"][0]))
    with pytest.raises(MalformedInput, match="duplicate"):
        API.validate(q)


def test_conservation_a_private_passes_only_from_a_player_to_a_company() -> None:
    p = prr(owners={"DH": "PRR", "SV": "P1"})
    back = copy.deepcopy(p)
    private(back, "DH")["owner"] = "P1"
    assert conservation(p, back) == ["privates: DH passed from PRR to P1"]
    bank = copy.deepcopy(p)
    private(bank, "SV")["owner"] = None
    assert conservation(p, bank) == ["privates: SV passed from P1 to the bank"]
    sold = copy.deepcopy(p)
    private(sold, "SV")["owner"] = "NYC"
    assert conservation(p, sold) == []


def test_1870_mrbc_lays_a_yellow_river_tile_forty_cheaper() -> None:
    p = mp("2", {"MRBC": "MP"})
    for rotation in range(6):
        lay = {"type": "lay_tile", "hex": "C18", "tile": "57", "rotation": rotation}
        try:
            normal = act(p, "MP", **lay)
        except IllegalAction:
            continue
        assert company(normal, "MP")["treasury"] == 460  # the river's $40
        special = act(p, "MP", **lay, private="MRBC")
        assert company(special, "MP")["treasury"] == 500 and special["bank"] == p["bank"]
        assert private(special, "MRBC")["tile_used"] and special["turn"]["tile_lays"] == 1
        assert refused(special, "MP", **lay, private="MRBC") == "private/used"
        break
    else:
        pytest.fail("no rotation of 57 fits C18")
    assert refused(p, "MP", type="lay_tile", hex="F5", tile="57", rotation=0,
                   private="MRBC") == "private/wrong_hex"
    assert refused(mp("2", {"MRBC": "P1"}), "MP", type="lay_tile", hex="C18", tile="57",
                   rotation=0, private="MRBC") == "private/not_owner"
