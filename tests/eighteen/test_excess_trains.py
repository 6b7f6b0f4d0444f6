"""Excess trains after a phase change: discards to the open market, buying from it."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from tests.eighteen.test_operating import DEPOT, act, company, refused, with_trains

JSON = dict[str, Any]


def fours_on_sale(nyc: list[str], prr: list[str] | None = None) -> JSON:
    """PRR's buy-train step in phase 3 (limit 4) with the first 4 next in the depot."""
    p = with_trains("buy_train", {**DEPOT, "2": 0, "3": 0})
    company(p, "NYC")["trains"] = nyc
    if prr is not None:
        company(p)["trains"] = prr
    return p


def test_a_phase_change_leaves_a_company_over_the_limit_and_it_discards() -> None:
    p = fours_on_sale(["3", "3", "3", "3"])
    assert p["phase"] == "3"
    after = act(p, type="buy_train", train="4")
    assert after["phase"] == "4" and after["turn"] == {**after["turn"], "company": "PRR",
                                                       "step": "discard_train"}
    assert API.legal_actions(after) == [{"type": "discard_train", "company": "NYC",
                                         "train": "3"}]
    assert refused(after, type="discard_train", train="3") == "train/not_over_limit"
    assert refused(after, type="discard_train", company="NYC", train="4") == "train/not_held"
    assert refused(after, type="pass") == "train/discard_first"
    assert refused(after, type="buy_train", train="4") == "train/discard_first"
    done = act(after, type="discard_train", company="NYC", train="3")
    assert company(done, "NYC")["trains"] == ["3", "3", "3"]
    assert done["pool_trains"] == ["3"] and done["turn"]["step"] == "buy_train"
    assert done["bank"] == after["bank"]  # discarded without compensation


def test_exactly_at_the_new_limit_no_one_discards() -> None:
    after = act(fours_on_sale(["3", "3", "3"]), type="buy_train", train="4")
    assert after["turn"]["step"] == "buy_train" and "pool_trains" not in after
    assert refused(after, type="discard_train", company="NYC", train="3") == \
        "train/not_over_limit"


def test_the_buyer_itself_may_be_over_the_limit_and_chooses_any_train() -> None:
    p = fours_on_sale(["3"], prr=["3", "3", "3"])
    after = act(p, type="buy_train", train="4")
    assert after["turn"]["step"] == "discard_train"
    assert {a["train"] for a in API.legal_actions(after)} == {"3", "4"}
    done = act(after, type="discard_train", train="4")
    assert company(done)["trains"] == ["3", "3", "3"] and done["pool_trains"] == ["4"]


def test_two_companies_over_the_limit_discard_in_operating_order() -> None:
    p = fours_on_sale(["3", "3", "3", "3"], prr=["3", "3", "3"])
    after = act(p, type="buy_train", train="4")
    assert refused(after, type="discard_train", company="NYC", train="3") == \
        "train/not_over_limit"
    after = act(after, type="discard_train", train="3")
    assert after["turn"]["step"] == "discard_train"
    after = act(after, type="discard_train", company="NYC", train="3")
    assert after["pool_trains"] == ["3", "3"] and after["turn"]["step"] == "buy_train"


def test_buying_from_the_open_market_at_face_value() -> None:
    p = with_trains("buy_train", {**DEPOT, "2": 0})
    p["pool_trains"] = ["3"]
    assert refused(p, type="buy_train", train="4", **{"from": "pool"}) == "train/not_in_pool"
    after = act(p, type="buy_train", train="3", **{"from": "pool"})
    assert "pool_trains" not in after and after["depot"] == p["depot"]
    assert company(after)["trains"] == ["2", "3", "3"]
    assert company(after)["treasury"] == company(p)["treasury"] - 180
    assert after["bank"] == p["bank"] + 180
    assert {"type": "buy_train", "company": "PRR", "train": "3", "from": "pool"} in \
        API.legal_actions(p)


def test_a_company_without_trains_must_buy_from_the_open_market() -> None:
    p = with_trains("buy_train", {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "D": 0})
    company(p)["trains"] = []
    assert act(p, type="pass")["turn"]["company"] != "PRR"
    p["pool_trains"] = ["3"]
    assert refused(p, type="pass") == "train/must_buy"


def test_rusting_clears_the_open_market_too() -> None:
    p = fours_on_sale(["3"])
    p["pool_trains"] = ["2", "3"]
    after = act(p, type="buy_train", train="4")
    assert after["pool_trains"] == ["3"]


def test_discard_positions_round_trip() -> None:
    after = act(fours_on_sale(["3", "3", "3", "3"]), type="buy_train", train="4")
    assert API.canonical(after) == after
    done = act(after, type="discard_train", company="NYC", train="3")
    assert API.canonical(done) == done


def test_conservation_catches_a_train_from_nowhere() -> None:
    p = with_trains("buy_train")
    q = {**p, "pool_trains": ["3"]}
    assert API.conservation(p, q) == ["trains: more 3 trains after than before (the open "
                                      "market has 1 more: 0 before, 1 after)"]
