"""The option ``destination_connection`` (1870): eligibility for the connection run
by a train long enough for every stop (``train``, DS-06, default) or by track alone
(``track``, as 18xx.games checked it in 2021)."""

from __future__ import annotations

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from steps.eighteen_destinations import route_path
from tests.eighteen.test_destinations import line

#: SSW's home -> destination line has three stops (H17, H13, J3); a 2-train reaches two
SHORT = "H17 H15 H13"


def reading(value: str, trains: tuple[str, ...]) -> dict:
    p = line(trains)
    p["options"]["destination_connection"] = value
    return p


@pytest.mark.parametrize(("value", "expected"), [("train", False), ("track", True)])
def test_a_train_too_short_for_the_stops_is_eligible_only_by_track(value: str,
                                                                   expected: bool) -> None:
    answer = API.query(reading(value, ("2",)), "connection", {"company": "SSW"})
    assert answer["eligible"] is expected


@pytest.mark.parametrize("value", ["train", "track"])
def test_both_readings_want_a_train_and_agree_where_it_reaches(value: str) -> None:
    assert API.query(reading(value, ("3",)), "connection", {"company": "SSW"})["eligible"]
    assert not API.query(reading(value, ()), "connection", {"company": "SSW"})["eligible"]


def test_by_track_a_company_whose_trains_cannot_reach_runs_them_as_usual() -> None:
    """The run's home -> destination train has nothing to hold to: the 2-train runs
    H17 - H13 and the run pays; the legal actions offer it (no dead end)."""
    p = API.apply(reading("track", ("2",)), {"type": "pass", "company": "FW"})
    assert p["turn"]["step"] == "connection_token"
    p = API.apply(p, {"type": "pass", "company": "SSW"})  # the token to the charter
    assert any(a["type"] == "run_routes" for a in API.legal_actions(p))
    run = {"type": "run_routes", "company": "SSW",
           "routes": [{"train": "2", "path": route_path(SHORT)}]}
    p = API.apply(p, run)
    assert p["turn"]["step"] == "connection_dividend" and p["turn"]["revenue"] == 40


def test_the_train_reading_never_reaches_the_run_with_a_short_train() -> None:
    p = API.apply(reading("train", ("2",)), {"type": "pass", "company": "FW"})
    assert p["turn"]["step"] != "connection_token"


def test_destination_connection_is_for_titles_with_connection_runs() -> None:
    with pytest.raises(MalformedInput, match="destination_connection"):
        API.new_game(["P1", "P2"], {"title": "1830", "destination_connection": "track"})
