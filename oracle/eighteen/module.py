"""The 18xx operating-turn engine as a railrules game: its one registry record."""

from __future__ import annotations

from oracle.core.game import GameAPI, GameModule


def _api() -> GameAPI:
    from oracle.eighteen.api import API
    return API


GAME = GameModule(
    name="18xx",
    players=(2, 6),
    ruling_prefixes=("TP-", "DS-", "ST-"),
    api=_api,
    features="features/18xx",
    steps="steps.eighteen",
    mutants="oracle.harness.mutants.eighteen",
    board="oracle.harness.reports.board:eighteen_svg",
    bench="oracle.harness.route_bench:eighteen_figures",
    # 1870 destinations (issue 11): rulings catalogued, engine and scenarios still to
    # come (1825 single track, ST-*, has its scenarios: docs/18xx-single-track.md)
    pending=("DS-",),
)
