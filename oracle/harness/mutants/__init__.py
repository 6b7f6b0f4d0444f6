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
from typing import Any, cast

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


def find_mutant(name: str) -> Mutant | None:
    """The mutant called ``name``, reading the games' mutant lists one at a time, in the
    registry's order, until it is found: a served mutant (one process per mutant, some
    two hundred in a kill matrix) then loads its own game's mutants, not every game's."""
    for game in game_modules().values():
        if game.mutants:
            for mutant in importlib.import_module(game.mutants).MUTANTS:
                if mutant.name == name:
                    return cast(Mutant, mutant)
    return None


def mutant_implementation(name: str) -> Any:
    """The mutant served as an engine of its own game alone: the suite grades a mutant
    on its game's scenarios only, and offering the other games would load their
    engines for the handshake."""
    from oracle.protocol.inprocess import InProcess
    mutant = find_mutant(name)
    if mutant is None:
        raise MalformedInput("impl", f"unknown mutant {name!r} (known: {sorted(all_mutants())})")
    return InProcess(overrides={mutant.game: mutant.make()}, games=[mutant.game],
                     name=f"mutant:{mutant.name}")
