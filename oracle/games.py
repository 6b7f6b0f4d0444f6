"""The registry of games: one ``GameModule`` record per game, registered once.

Adding a game is one package (its engine and its ``module.py`` record) plus one line
in ``BUILT_IN``. Outside games (and the test-only toy game) plug in without touching
railrules: ``RAILRULES_PLUGINS="package.module:RECORD,..."`` names records to add;
child processes (certify, the kill matrix) inherit it.
"""

from __future__ import annotations

import importlib
import os
from functools import cache

from oracle.core.errors import MalformedInput
from oracle.core.game import GameAPI, GameModule
from oracle.eighteen.module import GAME as EIGHTEEN
from oracle.rocket.module import GAME as ROCKET

#: the games railrules ships, in a fixed order
BUILT_IN: tuple[GameModule, ...] = (ROCKET, EIGHTEEN)
PLUGINS_ENV = "RAILRULES_PLUGINS"


def resolve(ref: str) -> object:
    """``package.module:NAME`` -> the object it names (records and hooks by dotted path)."""
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        raise MalformedInput("plugin", f"{ref!r} is not 'package.module:NAME'")
    return getattr(importlib.import_module(module_name), attr)


@cache
def _modules(plugins: str) -> dict[str, GameModule]:
    table: dict[str, GameModule] = {}
    extra = [resolve(ref.strip()) for ref in plugins.split(",") if ref.strip()]
    for record in (*BUILT_IN, *extra):
        if not isinstance(record, GameModule):
            raise MalformedInput("plugin", f"{record!r} is not a GameModule")
        if record.name in table:
            raise MalformedInput("plugin", f"game {record.name!r} is registered twice")
        table[record.name] = record
    return table


def game_modules() -> dict[str, GameModule]:
    """Every registered game by name: the built-in ones, then the plug-ins."""
    return _modules(os.environ.get(PLUGINS_ENV, ""))


def registered_games() -> list[str]:
    return sorted(game_modules())


def game_module(name: str) -> GameModule:
    module = game_modules().get(name)
    if module is None:
        raise MalformedInput("game", f"unknown game {name!r} (known: {registered_games()})")
    return module


@cache
def _api(name: str, plugins: str) -> GameAPI:
    return _modules(plugins)[name].api()


def get_game(name: str) -> GameAPI:
    """The reference engine of a game (loaded once)."""
    game_module(name)
    return _api(name, os.environ.get(PLUGINS_ENV, ""))


def ruling_prefixes() -> dict[str, tuple[str, ...]]:
    return {name: m.ruling_prefixes for name, m in game_modules().items()}


def game_of_ruling(ruling: str) -> str:
    """The game a ruling ID belongs to ("" if no game claims its prefix)."""
    for name, module in game_modules().items():
        if ruling.startswith(module.ruling_prefixes):
            return name
    return ""
