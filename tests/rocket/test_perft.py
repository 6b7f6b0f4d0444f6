"""Perft fixtures: legal-action counts from named positions (tests/rocket/perft/).

Each fixture names a position and the expected counts ``depth N: COUNT``. To
regenerate after a deliberate rules change: RAILRULES_PERFT_WRITE=1 pytest this file,
then review the diff like any other change of behaviour.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from oracle.rocket.actions import Move, PlaceTile
from oracle.rocket.perft import divide, perft
from oracle.rocket.setup import initial_state, state_from_drawing
from oracle.rocket.state import State
from tests.rocket.helpers import RULES

HERE = Path(__file__).parent / "perft"
DEPTHS = {"opening-3p-default-board": (1, 2), "small-opening-3p": (1, 2, 3),
          "veto-window-york": (1, 2, 3)}


def load(path: Path) -> tuple[str, State, dict[int, int]]:
    meta: dict[str, str] = {}
    board_lines: list[str] = []
    expected: dict[int, int] = {}
    in_board = False
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("depth "):
            depth, count = line.removeprefix("depth ").split(":")
            expected[int(depth)] = int(count)
            in_board = False
        elif in_board:
            board_lines.append(line)
        elif line.startswith("board:"):
            value = line.removeprefix("board:").strip()
            in_board = not value
            meta["board"] = value
        else:
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    players = [f"p{i}" for i in range(1, int(meta["players"]) + 1)]
    if meta["board"] == "default":
        state = initial_state(players)
    else:
        state = state_from_drawing("\n".join(board_lines), players)
    for move in filter(None, meta.get("moves", "").split(",")):
        _, player, line_id, to = move.split()
        state = RULES.apply(state, Move(player, line_id, to))
    return meta["id"], state, expected


FIXTURES = sorted(HERE.glob("*.perft"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_perft(path: Path) -> None:
    name, state, expected = load(path)
    counts = {d: perft(RULES, state, d) for d in DEPTHS[name]}
    if os.environ.get("RAILRULES_PERFT_WRITE"):
        text = path.read_text().split("\ndepth ")[0].rstrip("\n") + "\n"
        text += "".join(f"depth {d}: {c}\n" for d, c in counts.items())
        path.write_text(text)
        return
    assert counts == expected, f"{name}: {counts} != {expected}"


def test_divide_sums_to_perft() -> None:
    _, state, _ = load(HERE / "veto-window.perft")
    parts = divide(RULES, state, 2)
    assert sum(parts.values()) == perft(RULES, state, 2)
    assert '{"player":"p1","type":"place_tile"}' in parts
    assert PlaceTile("p1") in RULES.legal_actions(state)
