"""Train events from the title data (issue 24 item 5): the first 5-train closes the
privates; unknown events are refused when a title loads; bonus tokens stop counting
once their phase has come (train_events.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from oracle.eighteen import train_events
from oracle.eighteen.api import API
from oracle.eighteen.load.loader import check_references, load_title_data
from oracle.eighteen.model.state import BonusToken
from oracle.eighteen.titles import TITLES
from steps.eighteen_new_game import operating_turn_only
from tests.eighteen.test_operating import DEPOT, act, company, refused, with_trains
from tests.harness.requires import SHARED, needs_shared

JSON = dict[str, Any]


def five_for_sale(owner: str = "P1") -> JSON:
    p = with_trains("buy_train", {**DEPOT, "2": 0, "3": 0, "4": 0})
    p["phase"] = "4"
    company(p)["trains"] = ["3"]
    company(p, "NYC")["trains"] = ["3"]
    for priv in p["privates"]:
        priv["owner"] = owner
    return p


@pytest.mark.parametrize("owner", ["P1", "PRR", "NYC"])
def test_the_first_five_closes_every_private(owner: str) -> None:
    """1830: the first 5-train closes the privates, whoever owns them (tobymao g_1830
    ``close_companies`` on the 5; the recorded games agree, real-turns note D2)."""
    p = five_for_sale(owner)
    after = act(p, type="buy_train", train="5")
    assert after["phase"] == "5"
    assert all(x["closed"] and x["owner"] is None for x in after["privates"])


def test_a_closed_private_no_longer_blocks_nor_acts() -> None:
    p = five_for_sale("P2")
    after = act(p, type="buy_train", train="5")
    title = API.rules.title(API.load(after))
    dh = next(x for x in title.privates if x.id == "DH")
    assert API.rules.blocked_by(API.load(p), dh.blocks) == "DH"
    assert API.rules.blocked_by(API.load(after), dh.blocks) == ""


def test_the_second_five_changes_no_private() -> None:
    p = five_for_sale()
    after = act(p, type="buy_train", train="5")
    again = act(five_for_sale() | {"privates": after["privates"], "phase": "5"},
                type="buy_train", train="5")
    assert again["privates"] == after["privates"]


def test_every_event_a_title_names_is_applied_or_declared() -> None:
    for title in TITLES.values():
        names = [e for t in title.trains for e in t.events]
        assert train_events.unknown(names) == [], title.id
    assert "close_privates" in train_events.APPLIED


def test_a_title_naming_an_unknown_event_is_refused() -> None:
    data = json.loads(json.dumps(load_title_data("1830")))
    data["trains"][3]["events"] = ["close_privates", "float_the_moon"]
    problems = check_references(data, {})
    assert any("unknown event float_the_moon" in p for p in problems)


@pytest.mark.parametrize(("title_id", "private_id", "event"), [
    ("18AL", "SNAR", "remove_coal_token"),
    ("1870", "SCC", "remove_private_tokens"),
    ("1870", "GSC", "remove_private_tokens"),
])
def test_a_bonus_token_stops_counting_in_its_phase(title_id: str, private_id: str,
                                                    event: str) -> None:
    """18AL's coal token (``remove_coal_token`` on the first 6-train); 1870's cattle and
    port tokens (``remove_private_tokens`` on the first 6-train, which starts phase 5)."""
    title = TITLES[title_id]
    pdef = next(x for x in title.privates if x.id == private_id)
    gone_with = next(t for t in title.trains if event in t.events)
    assert pdef.token is not None and pdef.token.bonus
    assert pdef.token.bonus_removed_in_phase == gone_with.starts_phase
    state = API.load(operating_turn_only(API.new_game(["P1", "P2", "P3"], {"title": title_id})))
    token = BonusToken("X", pdef.id, "C", pdef.token.bonus if pdef.token else 0)
    gone = pdef.token.bonus_removed_in_phase if pdef.token else ""
    assert train_events.bonus_counts(title, state, token)
    assert not train_events.bonus_counts(title, replace(state, phase=gone), token)


REAL = SHARED / "real-turns"


@needs_shared("real-turns")
@pytest.mark.parametrize("name", ["1830/26855/turn-016.json", "1830/29133/turn-015.json"])
def test_the_recorded_first_fives_close_the_dh(name: str) -> None:
    """Real-turns note D2: the turns buying 1830's first 5-train now agree on the
    privates (and on the rest the files compare)."""
    path = REAL / name
    turn = json.loads(path.read_text(encoding="utf-8"))
    p = turn["start"]
    for action in turn["actions"]:
        after = API.apply(p, action)
        assert API.conservation(p, after) == []
        p = after
    want = turn["expected"]
    assert {x["id"]: (x["owner"], x["closed"]) for x in p["privates"]} == \
        {x["id"]: (x["owner"], x["closed"]) for x in want["privates"]}
    assert p["bank"] == want["bank"] and p["phase"] == want["phase"]
    assert {c["id"]: sorted(c["trains"]) for c in p["companies"]} == \
        {c["id"]: sorted(c["trains"]) for c in want["companies"]}


def test_buying_from_the_pool_triggers_no_event() -> None:
    p = five_for_sale()
    p["depot"] = {**DEPOT, "2": 0, "3": 0, "4": 0, "5": 2}
    p["phase"] = "5"
    p["pool_trains"] = ["5"]
    after = act(p, type="buy_train", train="5", **{"from": "pool"})
    assert after["privates"] == p["privates"]
    assert refused(p, type="buy_train", train="6") == "train/not_available"


def test_a_reserved_hex_or_slot_is_refused_not_ignored() -> None:
    """TilePower/TokenPower ``reserved`` (seeds 001, 003): no private has one; a
    record saying so is refused, since nothing would keep the hex or slot."""
    dh = next(x for x in TITLES["1830"].privates if x.id == "DH")
    assert dh.tile is not None and dh.token is not None
    with pytest.raises(ValueError, match="reserved"):
        replace(dh, tile=replace(dh.tile, reserved=True))
    with pytest.raises(ValueError, match="reserved"):
        replace(dh, token=replace(dh.token, reserved=True))


def late_position(title_id: str, bought: str) -> JSON:
    """``title_id``'s first company in its buy-train step with 2000, no train, every
    private owned by P1, the depot down to ``bought`` and the later types, the phase
    the one before ``bought`` starts."""
    title = TITLES[title_id]
    names = [t.name for t in title.trains]
    train = title.trains[names.index(bought)]
    p = operating_turn_only(API.new_game(["P1", "P2", "P3"], {"title": title_id}))
    phases = [x.name for x in title.phases]
    start = train.starts_phase
    p["phase"] = phases[max(0, phases.index(start) - 1)] if start in phases else phases[0]
    p["depot"] = {t.name: (0 if i < names.index(bought) else t.count)
                  for i, t in enumerate(title.trains)}
    first = p["companies"][0]
    first["president"], first["treasury"] = "P1", 2000
    p["bank"] -= 2000
    for priv in p["privates"]:
        priv["owner"] = "P1"
    p["turn"] = {"company": first["id"], "step": "buy_train", "tile_lays": 0,
                 "tokened": False, "special_tiles": []}
    p["operating_order"] = [first["id"]]
    return API.canonical(p)


CLOSERS = [(t.id, train.name) for t in TITLES.values() for train in t.trains
           if "close_privates" in train.events]


def test_every_title_with_privates_closes_them_somewhere() -> None:
    assert {t for t, _ in CLOSERS} == {"1830", "1835", "1856", "1870", "18AL", "18GA",
                                       "18Kaas"}


@pytest.mark.parametrize(("title_id", "bought"), CLOSERS)
def test_each_titles_closing_train_closes_its_privates(title_id: str, bought: str) -> None:
    p = late_position(title_id, bought)
    cid = p["turn"]["company"]
    after = API.apply(p, {"type": "buy_train", "company": cid, "train": bought})
    assert API.conservation(p, after) == []
    # a private closed before (1870's SLSF, closed as its buyer took the SLSF's
    # president's certificate) keeps its buyer; the train closes every other one
    before = {x["id"] for x in p["privates"] if x["closed"]}
    assert after["privates"] and all(x["closed"] and (x["owner"] is None or x["id"] in before)
                                     for x in after["privates"])
