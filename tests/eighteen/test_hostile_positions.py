"""Positions ``load`` used to accept and must refuse, naming the field: a company
owning a train its title does not have, money that does not add up to the title's
total (a dollar too many or too few anywhere names ``bank``), huge arrays
(oracle/eighteen/api.py ``load``, oracle/eighteen/position.schema.json)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from steps.eighteen_new_game import operating_turn_only
from tests.eighteen.positions import balanced, bank_at, position

JSON = dict[str, Any]


def start() -> JSON:
    return position("1830", "3", presidents={"PRR": ("P1", 300), "NYC": ("P2", 200)},
                    turn=("PRR", "track"))


def refused(p: JSON) -> MalformedInput:
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    return err.value


def test_a_company_owning_an_unknown_train_is_refused() -> None:
    p = start()
    p["companies"][0]["trains"] = ["2", "99X"]
    err = refused(p)
    assert err.field == f"companies.{p['companies'][0]['id']}.trains"
    assert "99X" in err.message


@pytest.mark.parametrize(("where", "amount"), [
    (("bank",), 12_001), (("bank",), 10**30), (("players", 0, "cash"), 12_001),
    (("companies", 1, "treasury"), 10**9),
])
def test_money_beyond_all_the_title_has_is_refused(where: tuple[str | int, ...],
                                                   amount: int) -> None:
    p = start()
    holder: Any = p
    for step in where[:-1]:
        holder = holder[step]
    holder[where[-1]] = amount
    err = refused(p)
    assert err.field == "bank"  # the money does not add up: the bank makes up the rest
    assert "12000" in err.message  # the title's total money, named


def test_a_broken_bank_owes_what_it_paid_beyond_its_cash() -> None:
    p = bank_at(start(), -18)  # the 18 it paid beyond its cash is a player's
    p["bank_broken"] = True
    API.validate(p)
    p["players"][2]["cash"] -= 1
    assert refused(p).field == "bank"
    p["players"][2]["cash"] += 1
    p["bank"] = -12_001
    assert refused(p).field == "bank"


def test_money_at_the_titles_total_is_accepted() -> None:
    p = start()
    for holder in (*p["players"], *p["companies"]):
        holder["cash" if "cash" in holder else "treasury"] = 0
    p["companies"][0]["treasury"] = 12_000
    API.validate(balanced(p))
    assert p["bank"] == 0
    p["companies"][0]["treasury"], p["players"][0]["cash"] = 0, 12_000
    API.validate(p)


def _holders(p: JSON) -> list[tuple[str | int, ...]]:
    """Every place a position holds money: the bank, each player's cash, each
    company's treasury (position.schema.json has no other money field)."""
    return [("bank",),
            *(("players", i, "cash") for i in range(len(p["players"]))),
            *(("companies", i, "treasury") for i in range(len(p["companies"])))]


@pytest.mark.parametrize("title", ["1830", "1825", "1870", "18AL"])
@pytest.mark.parametrize("delta", [1, -1])
def test_a_dollar_too_many_or_too_few_anywhere_is_refused_naming_the_bank(
        title: str, delta: int) -> None:
    p = position(title, "2" if title in ("1825", "1870") else "3",
                 presidents={API.rules.titles[title].companies[0].id: ("P1", 300)})
    API.validate(p)
    total = API.rules.titles[title].bank
    for where in _holders(p):
        q = copy.deepcopy(p)
        holder: Any = q
        for step in where[:-1]:
            holder = holder[step]
        if holder[where[-1]] + delta < 0:
            continue  # the schema refuses negative cash first
        holder[where[-1]] += delta
        err = refused(q)
        assert err.field == "bank", where
        assert f"= {total + delta}, not {total} ({title}'s total)" in err.message, err.message


def test_the_message_names_every_sum() -> None:
    p = start()
    p["bank"] += 5
    assert refused(p).message == ("bank 9105 + players 2400 (P1 800, P2 800, P3 800) + "
                                  "companies 500 (PRR 300, NYC 200) = 12005, not 12000 "
                                  "(1830's total)")


def test_every_title_starts_with_its_money() -> None:
    for title in API.rules.titles:
        p = operating_turn_only(API.new_game(["P1", "P2", "P3"], {"title": title}))
        held = p["bank"] + sum(x["cash"] for x in p["players"]) + \
            sum(c["treasury"] for c in p["companies"])  # 1870's SLSF floats in the auction
        assert held == API.rules.titles[title].bank, title
        API.validate(p)


@pytest.mark.parametrize(("key", "bound", "item"), [
    ("players", 16, {"id": "P1", "cash": 0}),
    ("tiles", 512, {"hex": "E11", "tile": "57", "rotation": 0}),
    ("tokens", 512, {"hex": "E11", "city": 0, "company": "PRR"}),
    ("operating_order", 64, "PRR"),
    ("bonus_tokens", 64, {"hex": "E11", "private": "X", "company": "PRR", "value": 1}),
])
def test_a_huge_array_is_refused_by_the_schema(key: str, bound: int, item: Any) -> None:
    p = start()
    p[key] = [item] * (bound + 1)
    err = refused(p)
    assert err.field == key
    assert err.message.endswith("is too long")  # the schema's own words, under 1000 items
    p[key] = [item] * 100_000
    assert refused(p).message == f"schema: 100000 items, more than {bound}"


def test_a_huge_company_list_is_refused_by_the_schema() -> None:
    p = start()
    p["companies"] = [p["companies"][0]] * 65
    assert refused(p).field == "companies"


def test_every_opening_still_loads() -> None:
    text = resources.files("oracle.eighteen.data").joinpath("openings.json").read_text(
        encoding="utf-8")
    for opening in json.loads(text)["openings"]:
        API.validate(opening["position"])


def test_every_opening_holds_its_titles_money() -> None:
    """Openings are the scenarios' Given positions: the bank holds what the players
    and the companies do not (steps/eighteen_position.py, ``_reload``)."""
    text = resources.files("oracle.eighteen.data").joinpath("openings.json").read_text(
        encoding="utf-8")
    for opening in json.loads(text)["openings"]:
        p = opening["position"]
        held = p["bank"] + sum(x["cash"] for x in p["players"]) + \
            sum(c["treasury"] for c in p["companies"])
        assert held == API.rules.titles[p["title"]].bank, opening["scenario"]
