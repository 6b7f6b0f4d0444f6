"""Trains bought from another company at an agreed price."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from tests.eighteen.positions import balanced
from tests.eighteen.test_operating import DEPOT, act, company, refused, with_trains


def test_a_train_changes_hands_at_the_agreed_price() -> None:
    p = with_trains("buy_train", {**DEPOT, "2": 0})
    assert company(p, "NYC")["trains"] == ["2", "3"]
    after = act(p, type="buy_train", train="3", **{"from": "NYC"}, price=1)
    assert company(after)["trains"] == ["2", "3", "3"] and company(after, "NYC")["trains"] == ["2"]
    assert company(after)["treasury"] == company(p)["treasury"] - 1
    assert company(after, "NYC")["treasury"] == company(p, "NYC")["treasury"] + 1
    assert after["bank"] == p["bank"] and after["depot"] == p["depot"]
    assert after["phase"] == p["phase"] and after["turn"]["step"] == "buy_train"


def test_any_price_the_treasury_holds_and_not_below_one() -> None:
    p = with_trains("buy_train")
    cash = company(p)["treasury"]
    after = act(p, type="buy_train", train="3", **{"from": "NYC"}, price=cash)
    assert company(after)["treasury"] == 0
    assert refused(p, type="buy_train", train="3", **{"from": "NYC"}, price=cash + 1) == \
        "money/insufficient"
    assert refused(p, type="buy_train", train="3", **{"from": "NYC"}, price=0) == \
        "train/price_too_low"


def test_refusals() -> None:
    p = with_trains("buy_train")
    assert refused(p, type="buy_train", train="4", **{"from": "NYC"}, price=50) == \
        "train/not_held"
    assert refused(p, type="buy_train", train="2", **{"from": "PRR"}, price=50) == \
        "train/own_train"
    company(p)["trains"] = ["3", "3", "3", "3"]
    assert refused(p, type="buy_train", train="3", **{"from": "NYC"}, price=50) == \
        "train/limit"
    q = with_trains("route")
    assert refused(q, type="buy_train", train="3", **{"from": "NYC"}, price=50) == \
        "step/wrong_step"


def test_the_president_does_not_pay_towards_a_company_train() -> None:
    p = with_trains("buy_train")
    company(p)["trains"] = []
    company(p)["treasury"] = 20
    balanced(p)
    assert refused(p, type="buy_train", train="3", **{"from": "NYC"}, price=100) == \
        "money/insufficient"
    assert company(act(p, type="buy_train", train="3", **{"from": "NYC"}, price=20))[
        "trains"] == ["3"]


def test_malformed_sales_name_the_field() -> None:
    p = with_trains("buy_train")
    for action, field in (({"from": "NYC"}, "price"), ({"from": "XX"}, "from"),
                          ({"price": 5}, "price")):
        with pytest.raises(MalformedInput) as err:
            API.apply(p, {"type": "buy_train", "company": "PRR", "train": "3", **action,
                          **({"price": 5} if field == "from" else {})})
        assert err.value.field == field
