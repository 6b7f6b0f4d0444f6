"""Where random 18xx games start: the engine plays operating rounds, and a new game has
no company operating yet, so ``railrules fuzz`` starts each game from an opening
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
    (the title and the position's options), ``position`` and ``scenario``."""
    out = []
    for opening in _document()["openings"]:
        position = opening["position"]
        chosen = {"title": position["title"], **position["options"]}
        if all(str(chosen.get(name)) == str(value) for name, value in options.items()):
            out.append({"players": [p["id"] for p in position["players"]],
                        "options": chosen, "position": position,
                        "scenario": opening["scenario"]})
    return out
