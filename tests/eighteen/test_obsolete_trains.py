"""Obsolete trains (obsolete.py): 18AL's 4-train once the 7 is bought, under both
option readings (``obsolete_train_limit``, ``obsolete_trains_of_buyer``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.model.state import State

JSON = dict[str, Any]
#: 18AL's depot when only the 7 and the 4D are left
LATE = {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 1, "4D": 5}


def al(phase: str = "6", step: str = "buy_train", operating: str = "WRA",
       trains: dict[str, list[str]] | None = None, obsolete: dict[str, list[str]] | None = None,
       **options: str) -> JSON:
    """An 18AL position in ``operating``'s ``step``: companies with presidents and cash,
    the depot late in the game."""
    p = API.new_game(["P1", "P2"], {"title": "18AL", **options})
    p["phase"] = phase
    p["depot"] = {**LATE, "7": 0} if phase == "7" else dict(LATE)
    for c in p["companies"]:
        c["president"] = "P1"
        c["treasury"] = 1000
        c["trains"] = list((trains or {}).get(c["id"], []))
        if obsolete and c["id"] in obsolete:
            c["obsolete"] = list(obsolete[c["id"]])
    p["players"][0]["cash"] = 500
    p["bank"] -= 6 * 1000 + 500
    p["operating_order"] = ["WRA", "ABC", "TAG"]
    p["turn"] = {**p["turn"], "company": operating, "step": step}
    if step == "dividend":
        p["turn"]["revenue"] = 100
    return API.canonical(p)


def act(p: JSON, company: str = "WRA", **action: Any) -> JSON:
    after = API.apply(p, {"company": company, **action})
    assert API.conservation(p, after) == []
    assert API.canonical(after) == after
    assert State.from_json(after).to_json() == after
    return after


def refused(p: JSON, company: str = "WRA", **action: Any) -> str:
    before = copy.deepcopy(p)
    with pytest.raises(IllegalAction) as err:
        API.apply(p, {"company": company, **action})
    assert p == before
    return err.value.code


def co(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def test_the_data_marks_only_18als_4_obsolete_by_the_7() -> None:
    marked = {(tid, t.name, t.obsolete_by) for tid, title in API.rules.titles.items()
              for t in title.trains if t.obsolete_by}
    assert marked == {("18AL", "4", "7")}


# -- the first 7 makes every 4 obsolete ------------------------------------------------
def test_buying_the_7_makes_the_4s_obsolete_and_clears_them_from_the_open_market() -> None:
    p = al(trains={"WRA": ["6"], "ABC": ["4", "5"], "TAG": ["4"]})
    p["pool_trains"] = ["4"]
    after = act(p, type="buy_train", train="7")
    assert after["phase"] == "7"
    assert co(after, "ABC")["trains"] == ["4", "5"] and co(after, "ABC")["obsolete"] == ["4"]
    assert co(after, "TAG")["obsolete"] == ["4"]
    assert "obsolete" not in co(after, "WRA") and "pool_trains" not in after
    # an obsolete train does not count against the limit (2 in phase 7): no discard
    assert after["turn"]["step"] == "buy_train"


def test_the_buyers_own_4s_stay_as_obsolete_trains_by_default() -> None:
    after = act(al(trains={"WRA": ["4"]}), type="buy_train", train="7")
    assert co(after, "WRA")["trains"] == ["4", "7"] and co(after, "WRA")["obsolete"] == ["4"]


def test_the_buyers_own_4s_rust_at_once_under_the_rails_reading() -> None:
    p = al(trains={"WRA": ["4"], "ABC": ["4"]}, obsolete_trains_of_buyer="rust")
    after = act(p, type="buy_train", train="7")
    assert co(after, "WRA")["trains"] == ["7"] and "obsolete" not in co(after, "WRA")
    assert co(after, "ABC")["obsolete"] == ["4"]  # the others' become obsolete


def test_a_train_that_obsoletes_nothing_marks_nothing() -> None:
    p = al(phase="7", trains={"WRA": ["7"], "ABC": ["4"]}, obsolete={"ABC": ["4"]})
    after = act(p, type="buy_train", train="4D")
    assert co(after, "ABC")["obsolete"] == ["4"] and co(after, "WRA")["trains"] == ["7", "4D"]


# -- an obsolete train runs once more, then leaves with the dividend -------------------
def test_obsolete_trains_leave_when_the_dividend_step_ends() -> None:
    p = al(phase="7", step="dividend", operating="ABC", trains={"ABC": ["4", "5"]},
           obsolete={"ABC": ["4"]})
    for kind in ("payout", "withhold"):
        q = copy.deepcopy(p)
        co(q, "ABC")["shares"] = {"P1": 10}
        after = act(q, company="ABC", type="dividend", kind=kind)
        assert co(after, "ABC")["trains"] == ["5"] and "obsolete" not in co(after, "ABC")
        assert after["turn"]["step"] == "buy_train"


def test_an_obsolete_train_still_runs_in_its_route_step() -> None:
    p = al(phase="7", step="route", operating="ABC", trains={"ABC": ["4"]},
           obsolete={"ABC": ["4"]})
    after = act(p, company="ABC", type="pass")  # runs nothing; the train is still held
    assert after["turn"]["step"] == "dividend" and co(after, "ABC")["trains"] == ["4"]


def test_a_company_left_without_trains_by_its_obsolete_ones_must_buy() -> None:
    p = al(phase="7", step="dividend", operating="ABC", trains={"ABC": ["4"]},
           obsolete={"ABC": ["4"]})
    after = act(p, company="ABC", type="dividend", kind="withhold")
    assert co(after, "ABC")["trains"] == []
    assert refused(after, company="ABC", type="pass") == "train/must_buy"
    bought = act(after, company="ABC", type="buy_train", train="4D")
    assert co(bought, "ABC")["trains"] == ["4D"]


def test_other_companies_obsolete_trains_wait_for_their_own_dividend() -> None:
    p = al(phase="7", step="dividend", operating="ABC", trains={"ABC": ["5"], "TAG": ["4"]},
           obsolete={"TAG": ["4"]})
    after = act(p, company="ABC", type="dividend", kind="withhold")
    assert co(after, "TAG")["obsolete"] == ["4"]


# -- the train limit ----------------------------------------------------------------------
def test_obsolete_trains_do_not_count_against_the_limit_by_default() -> None:
    p = al(phase="7", trains={"WRA": ["4", "6"]}, obsolete={"WRA": ["4"]})
    after = act(p, type="buy_train", train="4D")
    assert co(after, "WRA")["trains"] == ["4", "6", "4D"]


def test_obsolete_trains_count_against_the_limit_under_the_rails_reading() -> None:
    p = al(phase="7", trains={"WRA": ["4", "6"]}, obsolete={"WRA": ["4"]},
           obsolete_train_limit="counted")
    assert refused(p, type="buy_train", train="4D") == "train/limit"


def over_the_limit(**options: str) -> JSON:
    """TAG over phase 7's limit of 2 in WRA's buy-train step."""
    p = al(phase="7", trains={"WRA": ["7"], "TAG": ["4", "5", "6", "6"]},
           obsolete={"TAG": ["4"]}, **options)
    p["turn"]["step"] = "discard_train"
    return API.canonical(p)


def test_an_obsolete_train_is_not_discarded_where_it_does_not_count() -> None:
    p = over_the_limit()
    assert refused(p, company="TAG", type="discard_train", train="4") == "train/obsolete"
    assert {a["train"] for a in API.legal_actions(p)} == {"5", "6"}
    after = act(p, company="TAG", type="discard_train", train="6")
    assert after["pool_trains"] == ["6"] and after["turn"]["step"] == "buy_train"


def test_an_obsolete_train_discarded_where_it_counts_leaves_the_game() -> None:
    p = over_the_limit(obsolete_train_limit="counted")
    after = act(p, company="TAG", type="discard_train", train="4")
    assert co(after, "TAG")["trains"] == ["5", "6", "6"] and "obsolete" not in co(after, "TAG")
    assert "pool_trains" not in after and after["turn"]["step"] == "discard_train"


# -- trading ------------------------------------------------------------------------------
def test_an_obsolete_train_is_not_sold_between_companies() -> None:
    p = al(phase="7", trains={"WRA": ["7"], "ABC": ["4", "5"]}, obsolete={"ABC": ["4"]})
    assert refused(p, type="buy_train", train="4", price=50, **{"from": "ABC"}) == \
        "train/obsolete"
    after = act(p, type="buy_train", train="5", price=50, **{"from": "ABC"})
    assert co(after, "ABC")["trains"] == ["4"] and co(after, "ABC")["obsolete"] == ["4"]


# -- the position format ------------------------------------------------------------------
def test_obsolete_is_written_sorted_only_when_there_is_one() -> None:
    p = al(phase="7", trains={"ABC": ["4", "4", "5"]}, obsolete={"ABC": ["4", "4"]})
    assert co(p, "ABC")["obsolete"] == ["4", "4"]
    assert "obsolete" not in co(p, "WRA")
    assert State.from_json(p).to_json() == p


@pytest.mark.parametrize(("phase", "trains", "obsolete", "field"), [
    ("7", ["5"], ["4"], "companies.ABC.obsolete"),  # not held
    ("6", ["4"], ["4"], "companies.ABC.obsolete"),  # the 7 has not come
    ("7", ["4"], None, "companies.ABC.obsolete"),  # the 7 has come: every 4 is obsolete
    ("7", ["5"], ["5"], "companies.ABC.obsolete"),  # a 5 is never obsolete
])
def test_malformed_obsolete_lists_name_the_field(phase: str, trains: list[str],
                                                 obsolete: list[str] | None,
                                                 field: str) -> None:
    p = API.new_game(["P1"], {"title": "18AL"})
    p["phase"] = phase
    abc = co(p, "ABC")
    abc["trains"] = trains
    if obsolete is not None:
        abc["obsolete"] = obsolete
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == field


def test_no_4_stays_in_the_open_market_once_obsolete() -> None:
    p = API.new_game(["P1"], {"title": "18AL"})
    p["phase"], p["pool_trains"] = "7", ["4"]
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == "pool_trains"


@pytest.mark.parametrize("option", [{"obsolete_train_limit": "counted"},
                                    {"obsolete_trains_of_buyer": "rust"}])
def test_the_readings_are_refused_on_titles_without_obsolete_trains(option: dict[str, str]
                                                                    ) -> None:
    name = next(iter(option))
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1"], {"title": "1830", **option})
    assert err.value.field == f"options.{name}"
    p = API.new_game(["P1"], {"title": "1830"})
    p["options"].update(option)
    with pytest.raises(MalformedInput):
        API.validate(p)
    API.new_game(["P1"], {"title": "18AL", **option})  # 18AL takes both
