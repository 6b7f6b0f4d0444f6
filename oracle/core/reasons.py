"""The registry of reason codes: every code an ``IllegalAction`` of a game may carry.

One data file per game, ``oracle/core/data/reasons.<game>.json``, each code with one
plain sentence saying what it means and the catalogue rulings the oracle may cite
with it (none: it rests on the base rules). A file per game, because a game's
vocabulary is its own (the same code could mean another thing in another game) and
it is reviewed with that game's rules; the files sit here, not in the game packages,
because the registry is read from every layer (the protocol checks an engine's
codes against it) and core imports no game, nor reads a game package's files.

``docs/reason-codes.md`` and the protocol's enums (``reasons.<game>.json`` in
``oracle/protocol/schemas``) are generated from these files (``railrules reasons``);
tests hold the oracle, the mutants and the scenarios to them (tests/test_reason_*.py).

The API is small on purpose and stays so: ``games()``, ``codes(game)``,
``meaning(game, code)``, ``rulings(game, code)``; ``entries(game)`` for the
generator (``parse`` checks a file's content). An unknown game or code is a
``LookupError`` naming what is known.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate

DATA: Final = "oracle.core.data"
SCHEMA: Final = "reasons.schema.json"
#: the games with a registry, in the order the docs list them
GAMES: Final[tuple[str, ...]] = ("rocket", "18xx")


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    meaning: str
    rulings: tuple[str, ...]


def file_name(game: str) -> str:
    return f"reasons.{game}.json"


def games() -> tuple[str, ...]:
    return GAMES


@cache
def entries(game: str) -> tuple[Reason, ...]:
    """The game's registry, in file order (by code)."""
    if game not in GAMES:
        raise LookupError(f"no reason-code registry for game {game!r} (known: {list(GAMES)})")
    text = resources.files(DATA).joinpath(file_name(game)).read_text(encoding="utf-8")
    return parse(game, json.loads(text))


def parse(game: str, data: Any) -> tuple[Reason, ...]:
    """A registry file's content, checked: the schema, its game, each code once."""
    name = file_name(game)
    validate(data, DATA, SCHEMA, what=name)
    if data["game"] != game:
        raise MalformedInput("game", f"{name} names game {data['game']!r}", rule=SCHEMA)
    out = tuple(Reason(r["code"], r["meaning"], tuple(r["rulings"])) for r in data["reasons"])
    seen: set[str] = set()
    for reason in out:  # a code twice would make meaning() depend on which one wins
        if reason.code in seen:
            raise MalformedInput("reasons", f"{name} lists {reason.code!r} twice", rule=SCHEMA)
        seen.add(reason.code)
    return out


@cache
def _by_code(game: str) -> dict[str, Reason]:
    return {r.code: r for r in entries(game)}


def _entry(game: str, code: str) -> Reason:
    found = _by_code(game).get(code)
    if found is None:
        raise LookupError(f"{code!r} is not a registered {game} reason code")
    return found


@cache
def codes(game: str) -> frozenset[str]:
    """Every reason code registered for ``game``."""
    return frozenset(_by_code(game))


def meaning(game: str, code: str) -> str:
    """What ``code`` means, in one sentence."""
    return _entry(game, code).meaning


def rulings(game: str, code: str) -> tuple[str, ...]:
    """The catalogue rulings the oracle may cite with ``code`` (empty: base rules)."""
    return _entry(game, code).rulings
