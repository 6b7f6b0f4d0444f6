"""Every 18xx scenario's start position is one a whole game can reach, as far as the
reachability check (oracle/eighteen/reachable.py) sees, but for the breaches listed
here and in docs/18xx.md ("Reachable positions"). The positions are the openings file,
which holds every distinct Given position of the 18xx scenarios (tests/eighteen/
test_openings.py regenerates it from the suite and compares), so no scenario runs here."""

from __future__ import annotations

from collections import Counter

from oracle.eighteen.openings import openings
from oracle.eighteen.reachable import unreachable

#: condition -> the scenarios whose start position still breaks it (docs/18xx.md,
#: "Reachable positions", says why each is left): a new breach fails the test, and so
#: does a listed one that no longer breaks (shorten the list)
KNOWN: dict[str, set[str]] = {}


def _known(condition: str, scenario: str, title: str) -> bool:
    allowed = KNOWN.get(condition, set())
    return scenario in allowed or f"title:{title}" in allowed


def test_every_scenario_start_position_is_reachable_but_the_known() -> None:
    found = openings({})
    assert len(found) > 100
    new: list[str] = []
    seen: Counter[str] = Counter()
    for opening in found:
        position = opening["position"]
        for problem in unreachable(position["title"], position):
            condition = problem.split(":")[0]
            if _known(condition, opening["scenario"], position["title"]):
                seen[condition] += 1
            else:
                new.append(f"{opening['scenario']}: {problem}")
    assert not new, "\n".join(new)
    assert set(seen) == set(KNOWN), f"no longer broken: {set(KNOWN) - set(seen)}"
