"""A fuzz campaign's games as pytest items, so pytest-xdist spreads them.

``railrules fuzz -j N`` runs ``pytest oracle/harness/fuzz_items.py -n N`` with
``RAILRULES_FUZZ_OUT`` naming the campaign folder: its ``campaign.json`` says which
games, ``todo.json`` the chunks of game indices still to play (one item each). Each
item appends its games' lines to the shared ``games.jsonl``. Because game ``i`` is
a function of the seed and ``i`` alone, the same items run on other machines with
xdist's remote workers (docs/fuzz.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from oracle.harness.fuzz_campaign import SETTINGS, STREAM, TODO, Campaign, run_games

__all__ = ["TODO", "test_games"]
_OUT = os.environ.get("RAILRULES_FUZZ_OUT", "")


def _chunks() -> list[list[int]]:
    if not _OUT:
        return []
    chunks: list[list[int]] = json.loads((Path(_OUT) / TODO).read_text(encoding="utf-8"))
    return chunks


@pytest.mark.parametrize("indices", _chunks(), ids=lambda c: f"games-{c[0]}-{c[-1]}")
def test_games(indices: list[int]) -> None:
    out = Path(_OUT)
    campaign = Campaign.from_json(json.loads((out / SETTINGS).read_text(encoding="utf-8")))
    lines = list(run_games(campaign, indices, out / STREAM, stop_on_divergence=False))
    assert len(lines) == len(indices)
