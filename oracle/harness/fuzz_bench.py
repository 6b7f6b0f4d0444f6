"""Fuzz throughput for ``railrules bench``: the same seeded lockstep games, oracle
against oracle in one process and oracle against ``railrules serve`` over the
protocol. Wall-clock rates, since half the protocol run's work is in the served
process; ``fuzz_protocol_ratio`` is protocol over in-process (target >= 0.5)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from oracle.harness.fuzz_campaign import Campaign, run_games

SERVE = f"{sys.executable} -m oracle.harness.cli serve"


def _rate(campaign: Campaign) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        lines = list(run_games(campaign, range(campaign.games), Path(tmp) / "games.jsonl",
                               stop_on_divergence=False))
        spent = time.perf_counter() - t0
    if any(line["outcome"] == "diverged" for line in lines):
        raise SystemExit(f"bench: {campaign.impl} and {campaign.against} diverged")
    return len(lines) / spent, sum(int(line["actions"]) for line in lines)


def fuzz_figures(game: str, games: int, max_actions: int) -> dict[str, Any]:
    base = Campaign(impl="oracle", against="oracle", game=game, games=games, seed=1,
                    max_actions=max_actions)
    inprocess, actions = _rate(base)
    protocol, _ = _rate(Campaign(**{**base.to_json(), "against": SERVE}))
    return {"fuzz_game": game, "fuzz_games": games, "fuzz_max_actions": max_actions,
            "fuzz_actions_per_game": round(actions / max(games, 1), 1),
            "fuzz_inprocess_games_per_s": round(inprocess, 2),
            "fuzz_games_per_s": round(protocol, 2),
            "fuzz_protocol_ratio": round(protocol / inprocess, 2) if inprocess else None}
