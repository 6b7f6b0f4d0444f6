"""Option ``token_distance``: 1835 token prices counted in a straight line (default)
or along the company's track from its home station (``token_distance``)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms.token_distance import track_hexes
from oracle.eighteen.model.coords import hex_distance
from tests.eighteen.positions import position
from tests.eighteen.test_rules import company, refused, token

JSON = dict[str, Any]

#: Stuttgart (M9) - M11 - M13 - N12: the track bends round, three hexes; N12 is two
#: hexes from M9 in a straight line
DETOUR = [("M9", "57", 1), ("M11", "9", 1), ("M13", "7", 0), ("N12", "57", 0)]
#: the shortest track: M9 - M11 - N12, two hexes (as in test_token_costs)
DIRECT = [("M9", "57", 1), ("M11", "8", 5), ("N12", "57", 2)]


def wt(tiles: list[tuple[str, str, int]], distance: str, treasury: int = 300) -> JSON:
    return position("1835", "2.1", presidents={"WT": ("P1", treasury)}, tiles=tiles,
                    tokens=[("M9", 0, "WT")], turn=("WT", "token"),
                    options={"token_distance": distance})


def test_the_straight_line_ignores_how_the_track_runs() -> None:
    after = API.apply(wt(DETOUR, "straight"), token("WT", "N12"))
    assert hex_distance("M9", "N12", "pointy") == 2
    assert company(after, "WT")["treasury"] == 300 - 40


def test_along_track_the_bend_costs_a_hex_more() -> None:
    p = wt(DETOUR, "track")
    after = API.apply(p, token("WT", "N12"))
    assert company(after, "WT")["treasury"] == 300 - 60  # M11, M13, N12: 3 hexes
    assert API.conservation(p, after) == []


def test_along_track_a_straight_track_costs_as_the_crow_flies() -> None:
    after = API.apply(wt(DIRECT, "track"), token("WT", "N12"))
    assert company(after, "WT")["treasury"] == 300 - 40


def test_along_track_the_treasury_must_cover_the_longer_count() -> None:
    assert refused(wt(DETOUR, "track", treasury=59), token("WT", "N12")) == \
        "money/insufficient"
    assert API.apply(wt(DETOUR, "track", treasury=60), token("WT", "N12"))  # boundary
    assert API.apply(wt(DETOUR, "straight", treasury=40), token("WT", "N12"))


def test_the_shortest_of_two_tracks_counts() -> None:
    """M11's green 23 runs on both to N12 (two hexes) and round by M13 (three); N12's
    yellow 5 takes both."""
    both = [("M9", "57", 1), ("M11", "23", 1), ("M13", "7", 0), ("N12", "5", 2)]
    state = API.load(wt(both, "track"))
    title = API.rules.title(state)
    wt_def = title.company("WT")
    assert wt_def is not None
    assert track_hexes(title, state, wt_def, "N12", 0) == 2
    assert track_hexes(title, state, wt_def, "M13", 0) is None  # no city there
    after = API.apply(wt(both, "track"), token("WT", "N12"))
    assert company(after, "WT")["treasury"] == 300 - 40


def by_two_networks(distance: str) -> JSON:
    """BY's home (O15) has no track; its second station at Stuttgart (M9) reaches N12."""
    return position("1835", "2.1", presidents={"BY": ("P1", 300)}, tiles=DETOUR,
                    tokens=[("O15", 0, "BY"), ("M9", 0, "BY")], turn=("BY", "token"),
                    options={"token_distance": distance})


def test_a_city_no_track_joins_to_home_has_no_price_along_track() -> None:
    assert refused(by_two_networks("track"), token("BY", "N12")) == "token/no_track_from_home"
    after = API.apply(by_two_networks("straight"), token("BY", "N12"))
    assert company(after, "BY")["treasury"] == 300 - 20 * hex_distance("O15", "N12", "pointy")


def test_the_track_reading_is_refused_where_no_token_is_priced_by_distance() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1"], {"title": "1830", "token_distance": "track"})
    assert err.value.field == "options.token_distance"
    p = API.new_game(["P1"], {"title": "1830"})
    p["options"]["token_distance"] = "track"
    with pytest.raises(MalformedInput):
        API.validate(p)
    API.new_game(["P1"], {"title": "1835", "token_distance": "track"})
