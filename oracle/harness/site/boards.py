"""The scenarios' boards as SVG files of their own, shared by the pages.

Each board is drawn by the renderer its game's record names (as in the certification
report), standalone (no symbols shared with a page), and written once under
``boards/`` by a hash of its content: the scenarios of one board share one file, and a
page refers to it with an ``<img>``, so no page carries a map.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.core.game import GameModule
from oracle.games import resolve

FOLDER = "boards"


def draw(module: GameModule, position: Any) -> str:
    """One board as a standalone SVG document, or "" when the game draws none."""
    if not module.board:
        return ""
    renderer: Any = resolve(module.board)
    return str(renderer(module.name, position, None))


def write_boards(out: Path, positions: Mapping[str, Mapping[str, Any]],
                 games: Sequence[GameModule]) -> dict[str, str]:
    """Draw each scenario's position into ``out/boards``: scenario id -> the file,
    relative to ``out``."""
    by_name = {g.name: g for g in games}
    folder = out / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written: set[str] = set()
    found: dict[str, str] = {}
    for sid, entry in positions.items():
        module = by_name.get(str(entry.get("game", "")))
        if module is None:
            continue
        svg = draw(module, entry.get("position"))
        if not svg:
            continue
        name = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20] + ".svg"
        if name not in written:
            (folder / name).write_text(svg, encoding="utf-8")
            written.add(name)
        found[sid] = f"{FOLDER}/{name}"
    return found
