"""Small position builders for the 18xx unit and property tests."""

from __future__ import annotations

from typing import Any

from oracle.eighteen.api import API
from steps.eighteen_new_game import operating_turn_only

JSON = dict[str, Any]


def position(title: str, phase: str, *, presidents: dict[str, tuple[str, int]],
             owners: dict[str, str] | None = None, tiles: list[tuple[str, str, int]] | None = None,
             tokens: list[tuple[str, int, str]] | None = None, turn: tuple[str, str] | None = None,
             options: dict[str, str] | None = None, order: list[str] | None = None) -> JSON:
    p = operating_turn_only(API.new_game(["P1", "P2", "P3"], {"title": title, **(options or {})}),
                            auction_over=False)
    p["phase"] = phase
    for c in p["companies"]:
        if c["id"] in presidents:
            c["president"], c["treasury"] = presidents[c["id"]]
            p["bank"] -= c["treasury"]  # a treasury comes out of the bank
    for priv in p["privates"]:
        if priv["id"] in (owners or {}):
            priv["owner"] = (owners or {})[priv["id"]]
    for hex_id, tile, rotation in tiles or []:
        p["tiles"].append({"hex": hex_id, "tile": tile, "rotation": rotation})
        p["supply"][tile] -= 1
    for hex_id, city, company in tokens or []:
        p["tokens"].append({"hex": hex_id, "city": city, "company": company})
        for c in p["companies"]:
            if c["id"] == company:
                c["tokens_left"] -= 1
    if turn is not None:
        p["turn"] = {"company": turn[0], "step": turn[1], "tile_lays": 0, "tokened": False,
                     "special_tiles": []}
        p["operating_order"] = order or [turn[0]]
    API.validate(p)
    return p


def balanced(p: JSON, total: int | None = None) -> JSON:
    """``p`` with its bank making up the rest of the title's money (``total``, by
    default the title's ``bank`` before the players get their cash): the money in a position adds
    up (oracle/eighteen/api.py, ``load``)."""
    if total is None:
        total = API.rules.titles[p["title"]].bank
    p["bank"] = total - sum(q["cash"] for q in p["players"]) \
        - sum(c["treasury"] for c in p["companies"])
    return p


def bank_at(p: JSON, bank: int, player: str = "P3") -> JSON:
    """``p`` with ``bank`` in the bank (below zero: a broken bank's debt), the
    difference moved to or from ``player``'s cash, so the money still adds up."""
    for q in p["players"]:
        if q["id"] == player:
            q["cash"] += p["bank"] - bank
    p["bank"] = bank
    return p


def dh_1830(step: str = "track", owner: str = "PRR", connected: bool = False) -> JSON:
    """1830: PRR at Albany (E19), NYC at Lancaster (H16) with track to F16's SW side."""
    tiles = [("H16", "57", 2), ("G15", "8", 3)]
    if connected:
        tiles += [("E19", "57", 0), ("F18", "8", 1)]
    return position("1830", "3", presidents={"PRR": ("P1", 500), "NYC": ("P2", 500)},
                    owners={"DH": owner}, tiles=tiles,
                    tokens=[("E19", 0, "PRR"), ("H16", 0, "NYC")], turn=("PRR", step),
                    order=["PRR", "NYC"])


def scenario_positions() -> list[JSON]:
    """Starting points for random play, one per title."""
    return [
        dh_1830(),
        dh_1830(connected=True),
        position("1835", "2.1", presidents={"BA": ("P1", 300), "WT": ("P1", 300),
                                            "BY": ("P2", 300)},
                 owners={"NF": "P1", "PfB": "P1"}, tokens=[("M9", 0, "WT")],
                 turn=("BA", "home"), order=["BA", "WT", "BY"]),
        position("1856", "3", presidents={"WGB": ("P1", 300), "BBG": ("P2", 300)},
                 owners={"WSR": "WGB", "GLSC": "BBG"}, tiles=[("J13", "57", 2)],
                 tokens=[("J11", 0, "WGB"), ("J13", 0, "BBG")], turn=("WGB", "track"),
                 order=["WGB", "BBG"]),
        position("18GA", "3", presidents={"ACL": ("P1", 300), "SAL": ("P2", 300)},
                 owners={"WS": "ACL"}, tiles=[("I11", "6", 5)],
                 tokens=[("J12", 0, "ACL"), ("G13", 0, "SAL")], turn=("ACL", "track"),
                 order=["ACL", "SAL"]),
        position("18Kaas", "3", presidents={"PRR": ("P1", 500)}, owners={"DH": "PRR"},
                 tokens=[("K12", 0, "PRR")], turn=("PRR", "track")),
        position("18AL", "3", presidents={"ABC": ("P1", 300)}, owners={"SNAR": "ABC"},
                 tiles=[("G6", "57", 1)], tokens=[("G6", 0, "ABC")], turn=("ABC", "track")),
        # the whole boards with no private the rulings name yet: companies start at home
        position("1870", "1", presidents={"ATSF": ("P1", 400), "SSW": ("P2", 400)},
                 turn=("ATSF", "home"), order=["ATSF", "SSW"]),
        position("1825", "1", presidents={"LNWR": ("P1", 400), "GWR": ("P2", 400)},
                 turn=("LNWR", "home"), order=["LNWR", "GWR"]),
    ]
