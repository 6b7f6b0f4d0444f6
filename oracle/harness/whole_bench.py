"""Whole 18xx games for ``railrules bench``: ``eighteen_games_per_s`` is whole 1830 games
from the new game to the end (a bankruptcy or the broken bank), played in process by the
seeded random player a fuzz campaign uses (a legal action drawn uniformly at each
step, the position's legal actions listed each time), per CPU second of this process
(one core); ``eighteen_actions_per_s`` the same games' actions per CPU second, and
``eighteen_game_actions`` the actions a game took (the median). ``eighteen_fuzz_*``: the
same whole games in ``railrules fuzz``'s lockstep (oracle against oracle, comparing
positions, legal-action sets, scores and verdicts after every action), in process and
against ``railrules serve`` (oracle.harness.fuzz_bench, the Rocket figures' method):
``eighteen_fuzz_actions_per_cpu_s``, ``eighteen_fuzz_protocol_actions_per_cpu_s``,
``eighteen_fuzz_protocol_ratio`` (and ``eighteen_fuzz_protocol_ratio_ahead``, served
sending each step ahead: ``railrules fuzz --send-ahead``)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from oracle.eighteen.api import API

TITLE = "1830"
PLAYERS = ["P1", "P2", "P3", "P4"]
#: a game that has not ended after this many actions is cut off and counted as such
MAX_ACTIONS = 20_000


def play(seed: int) -> tuple[int, bool]:
    """One whole game: its actions, and whether it ended."""
    rng = random.Random(f"whole:{seed}")
    position = API.new_game(PLAYERS, {"title": TITLE})
    for count in range(MAX_ACTIONS):
        if API.game_over(position):
            return count, True
        position = API.apply(position, rng.choice(API.legal_actions(position)))
    return MAX_ACTIONS, False


#: the lockstep figures kept, under ``eighteen_`` + their name
FUZZ_KEYS = ("fuzz_games", "fuzz_actions_per_game", "fuzz_actions_per_cpu_s",
             "fuzz_protocol_actions_per_cpu_s", "fuzz_protocol_ratio",
             "fuzz_protocol_ratio_ahead", "fuzz_protocol_cpu_ratio")


def whole_fuzz_figures(games: int = 2) -> dict[str, Any]:
    from oracle.harness.fuzz_bench import fuzz_figures
    figures = fuzz_figures("18xx", games, MAX_ACTIONS, {"title": TITLE})
    return {f"eighteen_{k}": figures[k] for k in FUZZ_KEYS if k in figures}


def whole_game_figures(games: int = 3) -> dict[str, Any]:
    start = time.process_time()
    played = [play(seed) for seed in range(games)]
    spent = time.process_time() - start
    actions = sum(n for n, _ in played)
    return {
        "eighteen_games_per_s": round(games / spent, 3) if spent else None,
        "eighteen_actions_per_s": round(actions / spent, 1) if spent else None,
        "eighteen_game_actions": statistics.median(n for n, _ in played),
        "eighteen_games_unfinished": sum(1 for _, ended in played if not ended),
    }
