"""Fuzz throughput for ``railrules bench``: the same seeded lockstep games, oracle
against oracle in one process and oracle against ``railrules serve`` over the
protocol. Wall-clock rates (``fuzz_protocol_ratio`` is protocol over in-process,
target >= 0.5), and the same by CPU time (``fuzz_protocol_cpu_ratio``: this process
plus the served one once it has exited), which a busy machine drifts less."""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from oracle.harness.fuzz_campaign import Campaign, run_games

SERVE = f"{sys.executable} -m oracle.harness.cli serve"


def _cpu() -> float:
    """CPU seconds of this process and of its children that have exited."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _rate(campaign: Campaign) -> tuple[float, float, int]:
    """(games per wall second, games per CPU second, actions played)."""
    with tempfile.TemporaryDirectory() as tmp:
        t0, c0 = time.perf_counter(), _cpu()
        lines = list(run_games(campaign, range(campaign.games), Path(tmp) / "games.jsonl",
                               stop_on_divergence=False))
        spent, cpu = time.perf_counter() - t0, _cpu() - c0
    if any(line["outcome"] == "diverged" for line in lines):
        raise SystemExit(f"bench: {campaign.impl} and {campaign.against} diverged")
    return len(lines) / spent, len(lines) / cpu, sum(int(line["actions"]) for line in lines)


def fuzz_figures(game: str, games: int, max_actions: int) -> dict[str, Any]:
    base = Campaign(impl="oracle", against="oracle", game=game, games=games, seed=1,
                    max_actions=max_actions)
    inprocess, inprocess_cpu, actions = _rate(base)
    protocol, protocol_cpu, _ = _rate(Campaign(**{**base.to_json(), "against": SERVE}))
    return {"fuzz_game": game, "fuzz_games": games, "fuzz_max_actions": max_actions,
            "fuzz_actions_per_game": round(actions / max(games, 1), 1),
            "fuzz_inprocess_games_per_s": round(inprocess, 2),
            "fuzz_games_per_s": round(protocol, 2),
            "fuzz_protocol_ratio": round(protocol / inprocess, 2) if inprocess else None,
            "fuzz_inprocess_games_per_cpu_s": round(inprocess_cpu, 2),
            "fuzz_games_per_cpu_s": round(protocol_cpu, 2),
            "fuzz_protocol_cpu_ratio": round(protocol_cpu / inprocess_cpu, 2)
            if inprocess_cpu else None}
