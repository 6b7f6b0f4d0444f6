"""Every reading of every option (docs/rocket.md lists which source says what)."""

from __future__ import annotations

import pytest

from oracle.rocket.api import scores
from oracle.rocket.options import SPECS
from oracle.rocket.scoring import final_payouts
from tests.rocket.helpers import act, drawn, give_shares
from tests.rocket.test_scoring_mergers import (
    ISOLATED_YORK,
    MERGE,
    TOWN,
    finish_move,
    with_token,
)


def test_every_option_has_a_documented_default_among_its_choices() -> None:
    for spec in SPECS:
        assert spec.default in spec.choices and spec.doc


@pytest.mark.parametrize(("edition", "unit", "value"), [("1999", "pounds", 1000),
                                                         ("2018", "vp", 1.0)])
def test_edition_sets_the_scoring_unit(edition: str, unit: str, value: float) -> None:
    s = finish_move(drawn(TOWN, edition=edition), "p1", "york", "B5")
    result = scores(s)
    assert result["unit"] == unit and result["scores"]["p1"] == value


@pytest.mark.parametrize(("basis", "paid"), [("railway_towns", 1000), ("all_places", 2000)])
def test_town_payout_basis(basis: str, paid: int) -> None:
    # York reaches leeds and already has its own town: one railway town, two places.
    s = finish_move(drawn(TOWN, town_payout_basis=basis), "p1", "york", "B5")
    assert s.line("york").connected == {"york", "leeds"}
    assert s.holdings[0].money == paid


def merged(**options: object) -> list[int]:
    s = drawn(MERGE, **options)
    s = give_shares(s, "p2", "york", real=3)
    s = give_shares(s, "p3", "york", real=1)
    s = finish_move(s, "p1", "york", "B4")
    s = s.evolve(active=0, actions_taken=0, moved=frozenset())
    s = finish_move(s, "p1", "york", "B5")
    li = s.line_index("dover")
    return [s.holdings[i].real[li] + s.holdings[i].supplementary[li] for i in range(3)] + [
        h.money for h in s.holdings] + [s.tiles_left, len(s.line("dover").track)]


def test_merger_count_basis() -> None:
    # York reached york (a starting town) and leeds (a railway town): no city.
    assert merged(merger_count_basis="all_places")[3:6] == [1000, 2000, 0]
    assert merged(merger_count_basis="cities")[3:6] == [0, 0, 0]


def test_merger_odd_share() -> None:
    assert merged(merger_odd_share="down")[:3] == [1, 1, 0]
    assert merged(merger_odd_share="up")[:3] == [1, 2, 1]


def test_merger_lays_tile() -> None:
    with_tile = merged(merger_lays_tile=True)
    without = merged(merger_lays_tile=False)
    assert with_tile[6] == without[6] - 1
    assert with_tile[7] == without[7] + 1


@pytest.mark.parametrize(("discard", "p2_final"), [(False, 6000), (True, 0)])
def test_discard_unconnected_tokens(discard: bool, p2_final: int) -> None:
    # No line reaches Sheffield: its tokens count only when they are kept.
    s = with_token(drawn(MERGE, discard_unconnected_tokens=discard), 1, "sheffield",
                   "textiles")
    s = act(s, type="take_token", player="p1", city="sheffield", industry="brewing")
    payouts = final_payouts(s)
    assert payouts[1] == p2_final


@pytest.mark.parametrize(("reading", "over"), [("active", True), ("undissolved", False)])
def test_end_lines(reading: str, over: bool) -> None:
    # Without Norwich, York is found isolated after Dover's move and Dover is the
    # only active line left: the game ends if isolated lines do not count.
    s = drawn(ISOLATED_YORK.replace("NO", ". "), end_lines=reading)
    s = finish_move(s, "p1", "dover", "B6")
    assert s.line("york").status == "isolated"
    assert s.over is over
