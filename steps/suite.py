"""The suite's one front door: every registered game's scenarios, with their steps.

For each game in the registry (``oracle.games``), its step module's definitions are
brought into this module and its feature folder becomes test functions here. pytest
collects them from this file (``railrules certify`` runs it; ``tests/test_features.py``
re-exports it for the plain test run), so adding a game adds no front door.
``--railrules-game NAME`` narrows a run to some games (oracle.harness.pytest_plugin).
"""

from __future__ import annotations

import importlib

from pytest_bdd import scenarios

from oracle.games import game_modules
from steps.common import *  # noqa: F403 - the game-neutral steps
from steps.paths import features_dir

for _game in game_modules().values():
    _steps = importlib.import_module(_game.steps)
    globals().update({k: v for k, v in vars(_steps).items() if k.startswith("pytestbdd_")})
    scenarios(str(features_dir(_game.features)))
