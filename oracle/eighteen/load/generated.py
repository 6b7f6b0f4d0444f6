"""Generated boards and positions, for the route-search tests and the benchmark.

Nothing here is a published map: ``grid_map`` draws a synthetic rectangle of hexes
with preprinted cities and towns, and ``dense_state`` covers any map (a title's
real one too) with legal tiles (the base upgrade rule of ``tiles.upgrade_problem``:
next colour, same stops, old track kept) and station tokens, as a late game looks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from oracle.eighteen.load.loader import CATALOGUE
from oracle.eighteen.model.board import HexDef, MapDef
from oracle.eighteen.model.borders import crossing_edges
from oracle.eighteen.model.coords import make_hex
from oracle.eighteen.model.state import Company, LaidTile, State, Token, Turn
from oracle.eighteen.model.tiles import COLOURS, TileDef, make_tile, upgrade_problem
from oracle.eighteen.routes.graph import hex_content


def grid_map(rows: int, cols: int, rng: random.Random, cities: float = 0.25,
             towns: float = 0.1) -> MapDef:
    """A pointy-top rectangle ``rows`` x ``cols`` in doubled coordinates, with a
    share of one-city and one-town hexes (printed revenue 0, as white city hexes are)."""
    table: dict[str, HexDef] = {}
    for r in range(rows):
        for c in range(cols):
            hex_id = make_hex(r, 2 * c + 1 + r % 2)
            assert hex_id is not None
            roll = rng.random()
            stops = "C0" if roll < cities else "T0" if roll < cities + towns else ""
            table[hex_id] = HexDef(hex_id, make_tile(f"@{hex_id}", "white", stops))
    return MapDef("pointy", table, CATALOGUE)


def empty_state(title: str, companies: tuple[str, ...]) -> State:
    return State(title=title, options=(), phase="D", bank=0, players=(),
                 companies=tuple(Company(c, None, 0, 0, (), 0) for c in companies),
                 privates=(), tiles=(), tokens=(), bonus_tokens=(), supply=(),
                 operating_order=(), turn=Turn(None, "done"))


def legal_tiles(board: MapDef, state: State, hex_id: str,
              colours: tuple[str, ...]) -> list[tuple[TileDef, int]]:
    old, old_rotation = hex_content(board, state, hex_id)
    out = []
    for tile in CATALOGUE.values():
        if tile.colour not in colours or tile.label:
            continue
        for rotation in range(6):
            if upgrade_problem(old, old_rotation, tile, rotation) is None and \
                    _stays_on_map(board, hex_id, tile, rotation):
                out.append((tile, rotation))
    return out


def _edges(tile: TileDef, rotation: int) -> set[int]:
    return {(end[1] + rotation) % 6 for path in tile.paths for end in path if end[0] == "e"}


def _most_joined(board: MapDef, state: State, hex_id: str,
                 options: list[tuple[TileDef, int]], rng: random.Random) -> tuple[TileDef, int]:
    """Mostly the option whose track meets the most neighbouring track (a network
    grows that way); sometimes any option."""
    if rng.random() < 0.15:
        return rng.choice(options)

    def joined(option: tuple[TileDef, int]) -> int:
        count = 0
        for edge in _edges(*option):
            other = board.neighbour(hex_id, edge)
            if other is not None:
                tile, rotation = hex_content(board, state, other)
                count += (edge + 3) % 6 in _edges(tile, rotation)
        return count

    scores = [joined(o) for o in options]
    top = max(scores)
    return rng.choice([o for o, s in zip(options, scores, strict=True) if s == top])


def _stays_on_map(board: MapDef, hex_id: str, tile: TileDef, rotation: int) -> bool:
    """No track runs off the map (a real map's edges carry none either) nor across
    an impassable border (no lay in play can put it there)."""
    if crossing_edges(board, hex_id, tile, rotation):
        return False
    return all(board.neighbour(hex_id, (end[1] + rotation) % 6) is not None
               for path in tile.paths for end in path if end[0] == "e")


@dataclass(frozen=True, slots=True)
class DenseSpec:
    tiles: int = 80  # at least this many hexes get a tile (if the map has room)
    company_tokens: int = 5
    rivals: tuple[str, ...] = ("R1", "R2", "R3")
    rival_tokens: int = 4
    upgrades: int = 200  # upgrade attempts after the new tiles
    colours: tuple[str, ...] = COLOURS[1:4]  # yellow, green, brown


def dense_state(board: MapDef, rng: random.Random, company: str = "CO",
                spec: DenseSpec | None = None, title: str = "synthetic") -> State:
    """Lay legal tiles at random (upgrading some), then tokens: ``company`` gets
    ``company_tokens``, each rival ``rival_tokens``, on cities with a free slot."""
    spec = spec or DenseSpec()
    state = empty_state(title, (company, *spec.rivals))
    hexes = sorted(board.hexes)
    tiles: dict[str, LaidTile] = {}
    target = min(spec.tiles, len(hexes))
    # new tiles first, mostly next to track already laid (a network grows outwards),
    # then upgrades of laid tiles
    plan = [True] * (50 * target) + [False] * spec.upgrades
    for growing in plan:
        if growing and len(tiles) >= target:
            continue
        if growing:
            near = sorted({n for h in tiles for e in range(6)
                           if (n := board.neighbour(h, e)) is not None and n not in tiles})
            pool = near if near and rng.random() < 0.8 else hexes
        else:
            pool = sorted(tiles)
        hex_id = rng.choice(pool)
        options = legal_tiles(board, state, hex_id, spec.colours)
        if not options:
            continue
        tile, rotation = _most_joined(board, state, hex_id, options, rng)
        tiles[hex_id] = LaidTile(hex_id, tile.id, rotation)
        state = replace(state, tiles=tuple(sorted(tiles.values())))
    tokens: list[Token] = []
    for owner, count in ((company, spec.company_tokens),
                         *((r, spec.rival_tokens) for r in spec.rivals)):
        free = [(h, i) for h in hexes
                for i, stop in enumerate(hex_content(board, state, h)[0].stops)
                if stop.kind == "city" and
                sum(1 for t in tokens if (t.hex, t.city) == (h, i)) < stop.slots and
                not any(t.hex == h and t.company == owner for t in tokens)]
        rng.shuffle(free)
        placed: set[str] = set()
        for h, i in free:
            if len(placed) >= count:
                break
            if h not in placed:
                tokens.append(Token(h, i, owner))
                placed.add(h)
    return replace(state, tokens=tuple(sorted(tokens)))
