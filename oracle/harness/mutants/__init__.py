"""Deliberately wrong implementations (mutants) that prove the suite can fail.

Each mutant is the oracle with one rule changed. The suite keeps them and a
test proves every mutant is killed by at least one scenario, and every ruling's
scenarios kill at least one mutant (``railrules mutants --json`` prints the
kill matrix).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.games import game_modules


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    game: str
    rulings: tuple[str, ...]
    description: str
    make: Callable[[], Any]  # returns a GameAPI with the wrong rule


def all_mutants() -> dict[str, Mutant]:
    """Every mutant by name, from the ``MUTANTS`` list each registered game names."""
    found: dict[str, Mutant] = {}
    for game in game_modules().values():
        if not game.mutants:
            continue
        for mutant in importlib.import_module(game.mutants).MUTANTS:
            if mutant.name in found:
                raise ValueError(f"duplicate mutant name {mutant.name}")
            found[mutant.name] = mutant
    return found


def mutant_implementation(name: str) -> Any:
    from oracle.protocol.inprocess import InProcess
    mutants = all_mutants()
    if name not in mutants:
        raise MalformedInput("impl", f"unknown mutant {name!r} (known: {sorted(mutants)})")
    mutant = mutants[name]
    return InProcess(overrides={mutant.game: mutant.make()}, name=f"mutant:{mutant.name}")
