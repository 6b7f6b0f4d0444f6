"""A broken 18xx conservation check names the holder whose amount moved (issue 23,
item 5): the player, the company's treasury or charter, the tile, the open market; the
kind (``money:``, ``tiles:``, ``tokens:``, ``trains:``) is what it was."""

from __future__ import annotations

import copy

from oracle.eighteen.api import API
from tests.eighteen.positions import dh_1830


def test_money_from_nowhere_names_the_player_and_the_treasury() -> None:
    p = dh_1830()
    q = copy.deepcopy(p)
    q["players"][1]["cash"] += 3000
    q["companies"][0]["treasury"] -= 500
    assert API.conservation(p, q) == [
        "money: 12000 before, 14500 after (P2 has 3000 more: 800 before, 3800 after; "
        "PRR's treasury has 500 less: 500 before, 0 after)"]


def test_the_bank_is_named_when_it_is_the_holder() -> None:
    p = dh_1830()
    q = dict(p, bank=p["bank"] + 1)
    assert API.conservation(p, q) == [
        f"money: 12000 before, 12001 after (the bank has 1 more: {p['bank']} before, "
        f"{p['bank'] + 1} after)"]


def test_a_token_from_nowhere_names_the_company() -> None:
    p = dh_1830()
    q = copy.deepcopy(p)
    q["tokens"].append({"hex": "F16", "city": 0, "company": "PRR"})
    left = next(c["tokens_left"] for c in p["companies"] if c["id"] == "PRR")
    assert API.conservation(p, q) == [
        "tokens: charter plus map tokens changed (PRR has 1 more: "
        f"{left + 1} before, {left + 2} after)"]


def test_a_tile_from_nowhere_names_the_tile() -> None:
    p = dh_1830()
    q = copy.deepcopy(p)
    q["tiles"].append({"hex": "F16", "tile": "57", "rotation": 0})
    [problem] = API.conservation(p, q)
    assert problem.startswith("tiles: supply plus laid tiles changed (tile 57 has 1 more: ")
