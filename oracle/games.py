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


def registered_games() -> list[str]:
    return sorted(_LOADERS)


@cache
def get_game(name: str) -> Any:
    loader = _LOADERS.get(name)
    if loader is None:
        raise MalformedInput("game", f"unknown game {name!r} (known: {registered_games()})")
    return loader()
