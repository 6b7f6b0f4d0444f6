"""18AL's 4D counts some stops twice; which ones is the option ``al_4d_doubles``
(``train_doubling.py``; docs/18xx-golden.md, finding 6)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.model.records import Allowance, TrainType
from oracle.eighteen.routes.revenue import VisitedStop, train_revenue
from oracle.eighteen.titles import TITLES
from tests.eighteen.positions import position

JSON = dict[str, Any]
FOUR_D = TrainType("4D", (Allowance(frozenset({"city", "offboard"}), 4, 4),
                          Allowance(frozenset({"town"}), 99, 99)), 800, 5)
STOPS = [VisitedStop(("A4", 0), "offboard", 40, True), VisitedStop(("C4", 0), "city", 20, False),
         VisitedStop(("C2", 0), "town", 10, False)]


def test_the_4d_in_the_data_doubles_cities_and_offboards() -> None:
    four_d = next(t for t in TITLES["18AL"].trains if t.name == "4D")
    assert four_d.doubles == {"city", "offboard"}
    assert all(not t.doubles for title in TITLES.values() for t in title.trains
               if (title.id, t.name) != ("18AL", "4D"))


@pytest.mark.parametrize(("doubles", "pay"), [
    (frozenset(), 70),                             # a plain 4: 40 + 20 + 10
    (frozenset({"city", "offboard"}), 130),        # 80 + 40 + 10: towns never double
    (frozenset({"offboard"}), 110),                # 80 + 20 + 10
])
def test_a_doubling_train_counts_its_kinds_twice(doubles: frozenset[str], pay: int) -> None:
    train = TrainType(FOUR_D.name, FOUR_D.distance, FOUR_D.price, FOUR_D.count, doubles=doubles)
    assert train_revenue(train, STOPS) == pay


def anniston_oxmoor(reading: str) -> JSON:
    """18AL phase 4D: ABC's 4D from Anniston (G6, yellow 20) to Oxmoor (H5, gray 30)."""
    p = position("18AL", "4D", presidents={"ABC": ("P1", 300)}, tiles=[("G6", "57", 1)],
                 tokens=[("G6", 0, "ABC")], turn=("ABC", "route"),
                 options={"al_4d_doubles": reading})
    next(c for c in p["companies"] if c["id"] == "ABC")["trains"] = ["4D"]
    return p


@pytest.mark.parametrize(("reading", "total"), [("cities_and_offboards", 100),
                                                ("offboards", 50)])
def test_the_option_decides_whether_cities_double(reading: str, total: int) -> None:
    p = anniston_oxmoor(reading)
    found = API.query(p, "routes", {"company": "ABC"})
    assert found["total"] == total
    assert API.query(p, "revenue", {"company": "ABC", "routes": found["routes"]})["total"] == total


def test_the_option_is_18als_only() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1830", "al_4d_doubles": "offboards"})
    assert err.value.field == "options.al_4d_doubles"
    assert API.new_game(["P1", "P2"], {"title": "18AL", "al_4d_doubles": "offboards"})
    assert API.new_game(["P1", "P2"], {"title": "1830"})["options"]["al_4d_doubles"] == \
        "cities_and_offboards"
