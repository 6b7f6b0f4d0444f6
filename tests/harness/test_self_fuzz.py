"""Self-fuzz: the in-process oracle against ``railrules serve`` over the protocol, zero
divergences. The games are pytest items in chunks, so ``pytest -n`` spreads them.

``RAILRULES_FUZZ_GAMES`` (default 20) games of at most ``RAILRULES_FUZZ_ACTIONS``
(default 3) actions each, and two whole games; CI runs the 1,000-game campaign
through ``railrules fuzz -j 2`` too (.ci/run), which prints its throughput.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from oracle.harness.fuzz_campaign import Campaign, run_games

GAMES = int(os.environ.get("RAILRULES_FUZZ_GAMES", "20"))
ACTIONS = int(os.environ.get("RAILRULES_FUZZ_ACTIONS", "3"))
CHUNK = 10
SERVE = f"{sys.executable} -m oracle.harness.cli serve"


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK), ids=lambda s: f"games-{s}")
def test_oracle_agrees_with_railrules_serve(start: int, tmp_path: Path) -> None:
    campaign = Campaign(impl="oracle", against=SERVE, games=GAMES, seed=13,
                        max_actions=ACTIONS)
    indices = range(start, min(start + CHUNK, GAMES))
    lines = list(run_games(campaign, indices, tmp_path / "games.jsonl",
                           stop_on_divergence=False))
    assert len(lines) == len(indices)
    diverged = [line for line in lines if line["outcome"] == "diverged"]
    assert not diverged, diverged[0]["divergence"]
    assert all(line["gaps"] == 0 for line in lines)


def test_whole_games_agree_to_the_end(tmp_path: Path) -> None:
    """Two games played to their end through the protocol (a Rocket game is some 200
    actions; cheap since positions are checked by a compiled schema, docs/fuzz.md)."""
    campaign = Campaign(impl="oracle", against=SERVE, games=2, seed=13, max_actions=1000)
    lines = list(run_games(campaign, range(2), tmp_path / "games.jsonl",
                           stop_on_divergence=False))
    assert [line["outcome"] for line in lines] == ["agree", "agree"], lines
    assert all(line["actions"] > 50 for line in lines)
