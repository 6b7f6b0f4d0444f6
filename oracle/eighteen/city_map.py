"""Which old stop becomes which new stop when a tile is upgraded.

Base rules (1830 rules, tile upgrades; issue 30 item 1): an upgrade keeps every
piece of existing track and every city, but nothing asks the new tile to number
its cities as the old one did. New York (1830 G19, city 0 to edge 3, city 1 to
edge 0) upgraded to tile 54 at rotation 0 keeps all its track with old city 0 as
new city 1; so does tile 59 at rotation 5 to tile 65 at rotation 3 (H18). The
upgrade is legal when some one-to-one mapping of old stops to new stops of the
same kind keeps every old path, and station tokens follow their city through it
(recorded play: shared/real-turns notes D1).
"""

from __future__ import annotations

from itertools import permutations

from oracle.eighteen.board import MapDef
from oracle.eighteen.state import State, Token
from oracle.eighteen.tiles import End, Path, TileDef

#: old stop index -> new stop index
StopMap = dict[int, int]


def _mapped(path: Path, mapping: StopMap) -> Path:
    def end(e: End) -> End:
        return ("s", mapping[e[1]]) if e[0] == "s" else e
    return frozenset(end(e) for e in path)


def stop_mapping(old: TileDef, old_rotation: int, new: TileDef,
                 new_rotation: int) -> StopMap | None:
    """A mapping of old stops to new ones that keeps all the old track, or None.

    The identity is tried first, so a tile that keeps its numbering keeps its
    tokens where they are; among the others the first in index order is taken.
    """
    if len(old.stops) != len(new.stops):
        return None
    old_paths = old.rotated_paths(old_rotation)
    new_paths = new.rotated_paths(new_rotation)
    for order in permutations(range(len(new.stops))):
        if any(old.stops[i].kind != new.stops[j].kind for i, j in enumerate(order)):
            continue
        mapping = dict(enumerate(order))
        if all(_mapped(p, mapping) in new_paths for p in old_paths):
            return mapping
    return None


def move_tokens(state: State, hex_id: str, mapping: StopMap) -> tuple[Token, ...]:
    """The position's tokens with those on ``hex_id`` moved to their new city."""
    return tuple(Token(t.hex, mapping.get(t.city, t.city), t.company)
                 if t.hex == hex_id else t for t in state.tokens)


def city_now(board: MapDef, state: State, hex_id: str, city: int) -> int:
    """The index today of the city printed as ``city`` on ``hex_id``'s preprint (a
    company's fixed home city), after upgrades that renumbered it. Every multi-city
    home fixed in the data (1830 G19, 1856 N11, 1825 V20, 18Kaas G10) prints track,
    so the mapping from the preprint to the tile on the hex is the one the upgrades
    made."""
    laid = state.laid(hex_id)
    tile = board.tile(laid.tile) if laid is not None else None
    if laid is None or tile is None or hex_id not in board.hexes:
        return city
    mapping = stop_mapping(board.hexes[hex_id].content, 0, tile, laid.rotation)
    return city if mapping is None else mapping.get(city, city)
