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
    mutants="oracle.harness.mutants.eighteen_all",
    board="oracle.harness.reports.board:eighteen_svg",
    bench="oracle.harness.route_bench:eighteen_figures",
    # a new game has no company operating: random games start from the scenarios' Given
    # positions (oracle/eighteen/openings.py)
    openings="oracle.eighteen.openings:openings",
    # 1870 destinations (DS-*: docs/18xx-destinations.md) and 1825 single track (ST-*:
    # docs/18xx-single-track.md) have their engine and scenarios: nothing pending
    pending=(),
)
