"""Hygiene of the Gherkin suite (oracle/harness/lint.py), for every registered game:
scenarios for every catalogue ruling, three per ruling, unique IDs, known tags with
the right source, every step defined, every parsed argument used, no dead step."""

from __future__ import annotations

import pytest

from oracle.games import game_modules
from oracle.harness.catalogue import rulings
from oracle.harness.lint import CHECKS, lint


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game", sorted(game_modules()))
def test_lint(game: str, check: str) -> None:
    problems = CHECKS[check](game_modules()[game], rulings())
    assert not problems, "\n".join(problems)


def test_ids_are_unique_across_games() -> None:
    assert "all/ids" not in lint(list(game_modules().values()), rulings())
