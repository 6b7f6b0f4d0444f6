"""Every option reading plays whole operating rounds (issue 14).

Every title's starting position under every combination of the recorded options,
the round played to its end by random legal choices, with the invariants of
``tests/eighteen/option_games.py`` checked after every action and a liveness bound
derived from the turn allowances and the private powers. The counts are printed at
the end of the run. RAILRULES_OPTION_GAMES sets the games per combination (default
1, as CI runs it; the long sweep in docs/18xx.md sets 20).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from oracle.eighteen.options import OPTIONS, POSITION_OPTIONS
from tests.eighteen.option_games import (
    PAIRWISE,
    STARTS,
    TITLES,
    OptionGame,
    all_combinations,
    fits,
    option_games,
    play_checked,
    space_size,
    taken_values,
    title_combinations,
)
from tests.sweep import tally

PER_COMBINATION = int(os.environ.get("RAILRULES_OPTION_GAMES", "1"))
#: the (title, combination) pairs of the fixed sweep (the single-track options are
#: 1825's; 1870's PAIRWISE readings cover every pair, option_games.py)
SWEPT = {t: title_combinations(t) for t in TITLES}
#: counted against every combination the titles take (the fixed sweep plays 736 of
#: them; 1870's pairwise readings make 256 of its 64 rows; drawn games may add others)
TALLY = tally("18xx", sum(space_size(t) for t in TITLES))
DEFAULTS = {o.name: o.default for o in POSITION_OPTIONS}
CASES = [(i, o) for i in range(len(STARTS)) for o in SWEPT[STARTS[i]["title"]]]


def _id(case: tuple[int, dict[str, str]]) -> str:
    start, options = case
    changed = [f"{k}={v}" for k, v in options.items() if v != DEFAULTS[k]]
    return f"{STARTS[start]['title']}#{start}:" + (",".join(changed) or "defaults")


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_every_option_combination_plays_its_round(case: tuple[int, dict[str, str]]) -> None:
    start, options = case
    for k in range(PER_COMBINATION):
        seed = CASES.index(case) * 1009 + k
        final = play_checked(OptionGame(start, options, seed), TALLY)
        assert final["turn"]["step"] == "done"


def test_the_sweep_visits_every_title_and_every_value() -> None:
    title = next(o for o in OPTIONS if o.name == "title")
    assert sorted(TITLES) == sorted(title.choices)
    seen = {o.name: {c[o.name] for _, c in CASES} for o in POSITION_OPTIONS}
    assert seen == {o.name: set(o.choices) for o in POSITION_OPTIONS}
    # every title plays every value it takes (fits: a value its title refuses is left out)
    for t in TITLES:
        for o in POSITION_OPTIONS:
            assert {c[o.name] for c in SWEPT[t]} == set(taken_values(t, o.name)), \
                (t, o.name)


def test_the_sweep_covers_every_pair_of_readings() -> None:
    """The full product but for the PAIRWISE readings, and with those every pair: each
    value of a PAIRWISE reading meets each value of every other option of the title."""
    for t, rows in SWEPT.items():
        assert len({tuple(sorted(r.items())) for r in rows}) == len(rows)
        taken = {o.name: taken_values(t, o.name) for o in POSITION_OPTIONS}
        for a in PAIRWISE:
            for b in taken:
                if b == a:
                    continue
                want = {(x, y) for x in taken[a] for y in taken[b]}
                assert {(r[a], r[b]) for r in rows} == want, (t, a, b)
    assert len(SWEPT["1870"]) == len([o for o in all_combinations() if fits("1870", o)])


@settings(max_examples=16 * PER_COMBINATION, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(option_games())
def test_drawn_option_games(game: OptionGame) -> None:
    final = play_checked(game, TALLY)
    assert final["turn"]["step"] == "done"
