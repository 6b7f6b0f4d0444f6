"""Where random 18xx games start: a title played as a whole game (1830) from its new
game; the others play operating rounds, and a new game has no company operating yet,
so ``railrules fuzz`` starts each game from an opening
(``GameModule.openings``): a scenario's Given position from the suite, kept in
``data/openings.json`` (written by ``python -m oracle.harness.openings 18xx``, held to
the scenarios by tests/eighteen/test_openings.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

JSON = dict[str, Any]


@cache
def _document() -> JSON:
    text = resources.files("oracle.eighteen.data").joinpath("openings.json").read_text(
        encoding="utf-8")
    document: JSON = json.loads(text)
    return document


def openings(options: Mapping[str, Any]) -> list[JSON]:
    """The openings whose title and options agree with ``options`` (``title`` names the
    title; the rest are the position's options), each as ``players``, ``options``
    (the title and the position's options), ``position`` and ``scenario``. A title
    played as a whole game (1830: ``TitleData.whole``) named by ``options`` starts from
    its new game instead, for each number of players it seats: whole games from the
    private auction on (docs/18xx.md, "Whole games")."""
    whole = new_games(options)
    if whole:
        return whole
    out = []
    for opening in _document()["openings"]:
        position = opening["position"]
        chosen = {"title": position["title"], **position["options"]}
        if all(str(chosen.get(name)) == str(value) for name, value in options.items()):
            out.append({"players": [p["id"] for p in position["players"]],
                        "options": chosen, "position": position,
                        "scenario": opening["scenario"]})
    return out


def new_games(options: Mapping[str, Any]) -> list[JSON]:
    """A whole-game title's new games, one per number of players its certificate
    limit lists, under ``options``; [] for a title that plays operating turns only."""
    from oracle.eighteen.api import API
    from oracle.eighteen.titles import TITLES
    title = TITLES.get(str(options.get("title", "")))
    if title is None or title.whole is None:
        return []
    out = []
    for count in sorted(title.whole.cert_limit):
        players = [f"P{i}" for i in range(1, count + 1)]
        position = API.new_game(players, dict(options))
        out.append({"players": players, "options": {"title": title.id, **position["options"]},
                    "position": position, "scenario": f"a new {title.id} game of {count}"})
    return out
