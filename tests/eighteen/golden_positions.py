"""Builders of the positions in ``tests/eighteen/golden/*.json`` (docs/18xx-golden.md).

Each golden file's ``position`` is the canonical JSON of the builder named after the
file; everything else in the file (source, paraphrase, the action or query, the
published figures) is written by hand. Regenerate the positions after a change to
the position format with ``python -m tests.eighteen.golden_positions``; the figures
are never regenerated.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.load.loader import load_title_data
from tests.eighteen.positions import position
from tests.eighteen.test_route_queries import scranton_line

JSON = dict[str, Any]
GOLDEN = Path(__file__).parent / "golden"
#: 1870, Memphis (H17) - Little Rock (H13) - Fort Worth (J3) in yellow, the line
#: tests/eighteen/test_destinations.py runs SSW's connection on
LINE = [("H17", "57", 1), ("H15", "9", 1), ("H13", "57", 1), ("H11", "9", 1), ("H9", "8", 4),
        ("I8", "8", 1), ("I6", "9", 1), ("I4", "8", 4), ("J3", "57", 0)]


def _company(p: JSON, company_id: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == company_id)


def _dividend_step(p: JSON, company_id: str, revenue: int, shares: dict[str, int],
                   market: tuple[int, int], share_price: int) -> JSON:
    p["turn"]["step"] = "dividend"
    p["turn"]["revenue"] = revenue
    _company(p, company_id).update(shares=shares, market=list(market), share_price=share_price)
    return p


def pool_dividend_1830() -> JSON:
    """1830, Albany - Scranton - Lancaster (yellow): PRR's 3 train has run for 60;
    PRR stands on the market at 67 (row 0, column 1)."""
    p = scranton_line()
    p["depot"] = {"2": 0, "3": 3, "4": 4, "5": 3, "6": 2, "D": None}
    return _dividend_step(p, "PRR", 60, {"P1": 5, "P2": 2, "pool": 2, "ipo": 1}, (0, 1), 67)


def token_cost_1830() -> JSON:
    """1830, the same line: PRR (home Albany) in its token step, Scranton free."""
    p = scranton_line()
    p["turn"]["step"] = "token"
    return p


def _line_1870(step: str, trains: tuple[str, ...], tiles: list[tuple[str, str, int]],
               tokens: list[tuple[str, int, str]]) -> JSON:
    """Phase 2: the 3 trains are on sale (one sold to SSW), green tiles may be laid."""
    p = position("1870", "2", presidents={"SSW": ("P1", 500), "FW": ("P2", 500),
                                          "MP": ("P3", 500)},
                 tiles=tiles, tokens=tokens, turn=("SSW", step), order=["SSW", "FW"])
    _company(p, "SSW")["trains"] = list(trains)
    p["depot"] = {"2": 0, "3": 5, "4": 5, "5": 4, "6": 3, "8": 3, "10": 2, "12": None}
    return p


def half_dividend_1870() -> JSON:
    """1870, Memphis (H17, SSW) - Little Rock (H13, green 14) - Fort Worth (J3, FW):
    SSW's 3 train has run for 20 + 30 + 20 = 70; SSW stands at 100 (row 0, col 6)."""
    tiles = [t if t[0] != "H13" else ("H13", "14", 0) for t in LINE]
    p = _line_1870("route", ("3",), tiles, [("H17", 0, "SSW"), ("J3", 0, "FW")])
    return _dividend_step(p, "SSW", 70, {"P1": 6, "P2": 2, "ipo": 2}, (0, 6), 100)


def half_dividend_withheld_down_1870() -> JSON:
    """The position of ``1870_half_dividend`` under the half-pay reading
    ``withheld_down`` (tobymao's rounding)."""
    p = half_dividend_1870()
    p["options"]["half_pay_rounding"] = "withheld_down"
    return p


def blocked_city_1870() -> JSON:
    """1870, the same line in yellow, Little Rock's one slot held by MP: SSW owns a
    2 train and a 3 train."""
    return _line_1870("route", ("2", "3"), list(LINE),
                      [("H17", 0, "SSW"), ("H13", 0, "MP"), ("J3", 0, "FW")])


def first_four_train_1870() -> JSON:
    """1870, phase 2 (the 3 trains are on sale): the bank has sold its last 3 train;
    SSW (a 2 and a 3) buys next, FW holds two 2 trains and a 3."""
    p = _line_1870("buy_train", ("2", "3"), list(LINE), [("H17", 0, "SSW"), ("J3", 0, "FW")])
    p["depot"]["3"] = 0
    _company(p, "FW")["trains"] = ["2", "2", "3"]
    return p


def two_yellow_lays_1870() -> JSON:
    """1870, SSW in its track step on the line with Fort Worth's last link (I4) open:
    Memphis's tile runs east to the bare H19 too."""
    tiles = [t for t in LINE if t[0] != "I4"]
    p = _line_1870("track", ("3",), tiles, [("H17", 0, "SSW"), ("J3", 0, "FW")])
    p["turn"]["step"] = "track"
    return p


def pool_dividend_18ga() -> JSON:
    """18GA: ACL (Savannah, J12) has run its 2 train to the city tile on I11 for
    20 + 30 = 50; ACL stands at par 110 (row 0, column 5)."""
    p = position("18GA", "3", presidents={"ACL": ("P1", 300), "SAL": ("P2", 300)},
                 owners={"WS": "ACL"}, tiles=[("I11", "6", 5)],
                 tokens=[("J12", 0, "ACL"), ("G13", 0, "SAL")], turn=("ACL", "dividend"),
                 order=["ACL", "SAL"])
    _company(p, "ACL")["trains"] = ["2"]
    p["depot"] = {"2": 0, "3": 3, "4": 3, "5": 2, "6": 2, "8": None}
    return _dividend_step(p, "ACL", 50, {"P1": 6, "P2": 1, "pool": 2, "ipo": 1}, (0, 5), 110)


def pool_dividend_1835() -> JSON:
    """1835: WT (Stuttgart, M9) has run its 2 train to N12 for 20 + 20 = 40; WT
    stands at its par 84 (row 3, column 1)."""
    p = position("1835", "2.1", presidents={"WT": ("P1", 300)},
                 tiles=[("M9", "57", 1), ("M11", "8", 5), ("N12", "57", 2)],
                 tokens=[("M9", 0, "WT")], turn=("WT", "dividend"))
    _company(p, "WT")["trains"] = ["2"]
    p["depot"] = {"2": 0, "2+2": 0, "3": 3, "3+3": 3, "4": 3, "4+4": 1, "5": 2, "5+5": 1,
                  "6": 2, "6+6": 4}
    return _dividend_step(p, "WT", 40, {"P1": 6, "P2": 2, "pool": 2}, (3, 1), 84)


def train_trade_1835() -> JSON:
    """1835, phase 1.2 (no 3 train bought yet): BA (a 2 train, 300) in its buy-train
    step; the bank has sold its 2 and 2+2 trains; WT holds a 2 and a 2+2."""
    p = position("1835", "1.2", presidents={"BA": ("P1", 300), "WT": ("P2", 300)},
                 tiles=[("M9", "57", 1)], tokens=[("L6", 0, "BA"), ("M9", 0, "WT")],
                 turn=("BA", "buy_train"), order=["BA", "WT"])
    _company(p, "BA")["trains"] = ["2"]
    _company(p, "WT")["trains"] = ["2", "2+2"]
    p["depot"] = {"2": 0, "2+2": 0, "3": 4, "3+3": 3, "4": 3, "4+4": 1, "5": 2, "5+5": 1,
                  "6": 2, "6+6": 4}
    return p


def train_trade_1825() -> JSON:
    """1825, phase 2: LNWR (a 2 train, 300) in its buy-train step; GWR holds a 2 and
    a 3."""
    p = position("1825", "2", presidents={"LNWR": ("P1", 300), "GWR": ("P2", 300)},
                 turn=("LNWR", "buy_train"), order=["LNWR", "GWR"])
    _company(p, "LNWR")["trains"] = ["2"]
    _company(p, "GWR")["trains"] = ["2", "3"]
    p["depot"] = {"2": 0, "3": 2, "4": 3, "5": 4, "6": 0, "7": 0, "3T": 0, "U3": 0, "4T": 0}
    return p


def _depot(title: str, phase: str) -> dict[str, int | None]:
    """The bank's trains once ``phase`` has just begun: the types before the one that
    starts it sold out, one of that type sold (the published counts)."""
    trains = load_title_data(title)["trains"]
    first = next(i for i, t in enumerate(trains) if t.get("starts_phase") == phase)
    return {t["name"]: (0 if i < first else t["count"] - (i == first)
                        if t["count"] is not None else None) for i, t in enumerate(trains)}


def _two_city_run(title: str, company: str, home: str, other: str, rotations: tuple[int, int],
                  revenue: int, market: tuple[int, int], share_price: int) -> JSON:
    """A company in its dividend step after its 2 train ran from its home city to the
    next city (two yellow 57 tiles), in phase 3."""
    p = position(title, "3", presidents={company: ("P1", 300)},
                 tiles=[(home, "57", rotations[0]), (other, "57", rotations[1])],
                 tokens=[(home, 0, company)], turn=(company, "dividend"))
    _company(p, company)["trains"] = ["2"]
    p["depot"] = _depot(title, "3")
    return _dividend_step(p, company, revenue, {"P1": 6, "P2": 1, "pool": 2, "ipo": 1},
                          market, share_price)


def pool_dividend_1856() -> JSON:
    """1856: WGB's 2 train has run J11 - J13 for 20 + 20 = 40; WGB at 100 (0, 4)."""
    return _two_city_run("1856", "WGB", "J11", "J13", (0, 0), 40, (0, 4), 100)


def pool_dividend_18kaas() -> JSON:
    """18Kaas: PRR's 2 train has run K12 - K14 for 20 + 20 = 40; PRR at 100 (0, 6)."""
    return _two_city_run("18Kaas", "PRR", "K12", "K14", (1, 1), 40, (0, 6), 100)


def pool_dividend_18al() -> JSON:
    """18AL: ABC's 2 train has run from Anniston (G6) to Oxmoor (H5, gray, 30) for
    20 + 30 = 50; ABC at 90 (0, 5)."""
    p = position("18AL", "3", presidents={"ABC": ("P1", 300)}, tiles=[("G6", "57", 1)],
                 tokens=[("G6", 0, "ABC")], turn=("ABC", "dividend"))
    _company(p, "ABC")["trains"] = ["2"]
    p["depot"] = _depot("18AL", "3")
    return _dividend_step(p, "ABC", 50, {"P1": 6, "P2": 1, "pool": 2, "ipo": 1}, (0, 5), 90)


def _unit1_1825(revenue: int, market: tuple[int, int], share_price: int) -> JSON:
    p = position("1825", "2", presidents={"LNWR": ("P1", 300)},
                 turn=("LNWR", "dividend"), order=["LNWR"])
    _company(p, "LNWR")["trains"] = ["2", "3"]
    p["depot"] = {"2": 0, "3": 2, "4": 3, "5": 4, "6": 0, "7": 0, "3T": 0, "U3": 0, "4T": 0}
    return _dividend_step(p, "LNWR", revenue, {"P1": 6, "P2": 2, "pool": 2}, market, share_price)


def half_price_dividend_1825() -> JSON:
    """1825: LNWR at 100 (column 15 of the one-row market) has run for 50."""
    return _unit1_1825(50, (0, 15), 100)


def above_half_price_dividend_1825() -> JSON:
    """1825: LNWR at 100 (column 15) has run for 60."""
    return _unit1_1825(60, (0, 15), 100)


def double_price_dividend_1825() -> JSON:
    """1825: LNWR at 55 (column 8) has run for 110."""
    return _unit1_1825(110, (0, 8), 55)


BUILDERS: dict[str, Callable[[], JSON]] = {
    "1830_pool_dividend": pool_dividend_1830,
    "1830_token_cost": token_cost_1830,
    "1870_half_dividend": half_dividend_1870,
    "1870_half_dividend_withheld_down": half_dividend_withheld_down_1870,
    "1870_blocked_city": blocked_city_1870,
    "1870_first_four_train": first_four_train_1870,
    "1870_two_yellow_lays": two_yellow_lays_1870,
    "18GA_pool_dividend": pool_dividend_18ga,
    "1835_pool_dividend": pool_dividend_1835,
    "1856_pool_dividend": pool_dividend_1856,
    "18Kaas_pool_dividend": pool_dividend_18kaas,
    "18AL_pool_dividend": pool_dividend_18al,
    "1835_train_trade": train_trade_1835,
    "1825_train_trade": train_trade_1825,
    "1825_half_price_dividend": half_price_dividend_1825,
    "1825_above_half_price_dividend": above_half_price_dividend_1825,
    "1825_double_price_dividend": double_price_dividend_1825,
}


def write_positions() -> None:
    """Put each builder's canonical position into its golden file (figures untouched)."""
    for name, build in BUILDERS.items():
        path = GOLDEN / f"{name}.json"
        golden = json.loads(path.read_text()) if path.exists() else {}
        golden["position"] = API.canonical(build())
        path.write_text(json.dumps(golden, indent=1, sort_keys=False) + "\n")


if __name__ == "__main__":
    write_positions()
