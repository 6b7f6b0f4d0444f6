"""Stephenson's Rocket as a railrules game: its one registry record (oracle.games)."""

from __future__ import annotations

from oracle.core.game import GameAPI, GameModule


def _api() -> GameAPI:
    from oracle.rocket.api import API
    return API


GAME = GameModule(
    name="rocket",
    players=(2, 4),
    ruling_prefixes=("SR-",),
    api=_api,
    features="features/rocket",
    steps="steps.rocket",
    mutants="oracle.harness.mutants.rocket",
    board="oracle.harness.reports.board:board_svg",
    bench="oracle.harness.bench_rocket:rocket_figures",
)
