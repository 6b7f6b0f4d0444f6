"""Deliberately wrong implementations (mutants) that prove the suite can fail.

Each mutant is the oracle with one rule changed. The suite keeps them and a
test proves every mutant is killed by at least one scenario, and every ruling's
scenarios kill at least one mutant (``railrules mutants --json`` prints the
kill matrix).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from oracle.core.errors import MalformedInput


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    game: str
    rulings: tuple[str, ...]
    description: str
    make: Callable[[], Any]  # returns a GameAPI with the wrong rule


def all_mutants() -> dict[str, Mutant]:
    """Every mutant by name, gathered from each game's explicit list."""
    import oracle.harness.mutants.eighteen as eighteen_mutants
    import oracle.harness.mutants.rocket as rocket_mutants

    found: dict[str, Mutant] = {}
    modules: list[Any] = [rocket_mutants, eighteen_mutants]
    for module in modules:
        for mutant in module.MUTANTS:
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
