"""Where the scenarios are: the games' feature folders, shipped with the package."""

from __future__ import annotations

from pathlib import Path

import features


def suite_root() -> Path:
    """The folder the games' ``features`` paths are relative to."""
    return Path(features.__file__).resolve().parent.parent


def features_dir(relative: str) -> Path:
    """A game's feature folder (a plug-in game may give an absolute path)."""
    path = Path(relative)
    return path if path.is_absolute() else suite_root() / path
