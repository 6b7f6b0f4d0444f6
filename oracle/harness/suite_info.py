"""What a run of the suite consists of: the games chosen, their feature files, the
rulings their scenarios cite, the catalogue those rulings come from, the front door
pytest runs, and a hash naming this exact suite."""

from __future__ import annotations

import hashlib
import importlib.util
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import oracle
from oracle.core.game import GameModule
from oracle.games import game_module, game_modules
from oracle.harness.catalogue import Ruling, catalogue
from steps.paths import features_dir

_RULING_TAG = re.compile(r"@ruling:([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)")


def chosen(names: Sequence[str] | None) -> list[GameModule]:
    """The games a run covers: those named (unknown names refused), else every one."""
    if names:
        return [game_module(n) for n in names]
    return list(game_modules().values())


def front_door() -> Path:
    """The test module that turns every game's features into tests (steps/suite.py)."""
    spec = importlib.util.find_spec("steps.suite")
    assert spec is not None and spec.origin is not None, "the steps package is not installed"
    return Path(spec.origin)


def feature_paths(games: Sequence[GameModule]) -> list[Path]:
    return sorted({p for g in games for p in features_dir(g.features).rglob("*.feature")})


def suite_rulings(games: Sequence[GameModule]) -> list[str]:
    """Every ruling some scenario of these games cites (from the feature files' tags)."""
    found: set[str] = set()
    for path in feature_paths(games):
        for line in path.read_text("utf-8", "replace").splitlines():
            if line.lstrip().startswith("@"):
                found.update(_RULING_TAG.findall(line))
    return sorted(found)


def count_scenarios(games: Sequence[GameModule]) -> int:
    """A rough count (scenarios and outline rows) to decide whether parallel pays."""
    total = 0
    for path in feature_paths(games):
        text = path.read_text("utf-8", "replace")
        total += len(re.findall(r"^\s*Scenario", text, re.M))
        total += max(0, len(re.findall(r"^\s*\|", text, re.M)) // 2)
    return total


def combined_catalogue(games: Sequence[GameModule], path: str | None = None
                       ) -> dict[str, Ruling]:
    """The rulings of the chosen games: from railrules' catalogue (or ``path``) and each
    plug-in game's own, keeping those whose prefix a chosen game answers for."""
    merged = dict(catalogue(path))
    for game in games:
        if game.catalogue:
            merged.update(catalogue(game.catalogue))
    prefixes = tuple(p for g in games for p in g.ruling_prefixes)
    return {rid: r for rid, r in merged.items() if rid.startswith(prefixes)}


def suite_info(games: Sequence[GameModule]) -> dict[str, Any]:
    """The suite's version and a hash of its feature files and step code."""
    steps_dir = front_door().parent
    files = [*feature_paths(games), *sorted(steps_dir.rglob("*.py"))]
    h = hashlib.sha256()
    for path in files:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return {"name": "railrules", "version": oracle.__version__, "hash": h.hexdigest(),
            "games": [g.name for g in games]}
