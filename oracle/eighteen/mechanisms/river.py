"""1870's Mississippi: no track across the river until its bridge company is sold.

The published map draws the Mississippi through 16 hexes. The Mississippi River
Bridge Company (MRBC) private: until it is sold to a public company or closed, no
company may lay a tile that runs track across the river, or upgrade so that track
would; track along one bank is allowed (the private's text as tobymao's 1870
entities give it; tobymao's map gives the river as a partition of each hex).

Data (``data/1870.json``): a hex group's ``river`` lists the two banks as hex
edges (``sides``); where a city or town sits on one bank, ``track_side`` names
the bank all its track must stay on. The title key ``river_bridge`` names the
private. A tile crosses the river when one of its paths joins edges on both
banks, or, in a hex with a ``track_side``, when it runs track to an edge of the
other bank. Refusal: ``tile/crosses_river`` (no ruling ID: the private's printed
text). Nothing here changes routes or costs (the river's terrain cost is the
hex's ``cost``). docs/18xx-rivers.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from oracle.core.errors import IllegalAction
from oracle.eighteen.load.loader import load_title_data
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef

CODE = "tile/crosses_river"


@dataclass(frozen=True, slots=True)
class River:
    """One river hex: its two banks (hex edges) and the bank a stop's track keeps to."""

    sides: tuple[frozenset[int], frozenset[int]]
    track_side: int | None = None

    def crossing(self, tile: TileDef, rotation: int) -> tuple[int, ...]:
        """The edges of ``tile`` at ``rotation`` that take track across the river
        (empty: none)."""
        if self.track_side is not None:
            allowed = self.sides[self.track_side]
            edges = {_edge(end, rotation) for path in tile.paths for end in path}
            return tuple(sorted(e for e in edges if e is not None and e not in allowed))
        for path in tile.paths:
            ends = {e for e in (_edge(end, rotation) for end in path) if e is not None}
            if ends & self.sides[0] and ends & self.sides[1]:
                return tuple(sorted(ends))
        return ()


def _edge(end: tuple[str, int], rotation: int) -> int | None:
    return (end[1] + rotation) % 6 if end[0] == "e" else None


@cache
def rivers(title_id: str) -> Mapping[str, River]:
    """The river hexes of a title's data, by hex ID (none for most titles). The two
    banks must split the six edges."""
    out: dict[str, River] = {}
    for group in load_title_data(title_id)["hexes"]:
        spec = group.get("river")
        if spec is None:
            continue
        first, second = (frozenset(side) for side in spec["sides"])
        if first & second or first | second != frozenset(range(6)):
            raise ValueError(f"{title_id}: river sides of {group['hexes']} must split edges 0-5")
        for hex_id in group["hexes"].split():
            out[hex_id] = River((first, second), spec.get("track_side"))
    return out


@cache
def bridge_private(title_id: str) -> str:
    """The private that keeps the river closed (``river_bridge``; "" for none)."""
    value = load_title_data(title_id).get("river_bridge", "")
    return value if isinstance(value, str) else ""


def closed(state: State) -> bool:
    """The river is closed while its bridge private is neither closed nor owned by a
    company (in the bank or a player's)."""
    private_id = bridge_private(state.title)
    company_ids = {c.id for c in state.companies}
    for p in state.privates:
        if p.id == private_id:
            return not p.closed and p.owner not in company_ids
    return False


def check_lay(state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
    """Refuse a tile whose track would cross a closed river (``tile/crosses_river``)."""
    river = rivers(state.title).get(hex_id)
    if river is None or not closed(state):
        return
    edges = river.crossing(tile, rotation)
    if edges:
        raise IllegalAction(CODE, "", f"tile {tile.id} at rotation {rotation} on {hex_id} runs "
                            f"track across the river (edges {list(edges)}) while "
                            f"{bridge_private(state.title)} is not sold to a company")
