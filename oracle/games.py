"""The registry of game oracles: an explicit table, no reflection."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from oracle.core.errors import MalformedInput


def _rocket() -> Any:
    from oracle.rocket.api import API
    return API


def _eighteen() -> Any:
    from oracle.eighteen.api import API
    return API


#: game name -> loader of its GameAPI. Loaders import lazily so one game's
#: import cost is not paid by another's users.
_LOADERS: dict[str, Callable[[], Any]] = {
    "rocket": _rocket,
    "18xx": _eighteen,
}


#: game name -> the prefixes of the catalogue rulings it answers for
RULING_PREFIXES: dict[str, tuple[str, ...]] = {
    "rocket": ("SR-",),
    "18xx": ("TP-", "DS-", "ST-"),
}


def game_of_ruling(ruling: str) -> str:
    """The game a ruling ID belongs to ("" if no game claims its prefix)."""
    for game, prefixes in RULING_PREFIXES.items():
        if ruling.startswith(prefixes):
            return game
    return ""


def registered_games() -> list[str]:
    return sorted(_LOADERS)


@cache
def get_game(name: str) -> Any:
    loader = _LOADERS.get(name)
    if loader is None:
        raise MalformedInput("game", f"unknown game {name!r} (known: {registered_games()})")
    return loader()
