"""Which old stop becomes which new stop when a tile is upgraded, on the board: the
tokens follow their city, and a home city is found again (the mapping itself is
``tiles.stop_mapping``).

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

from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.state import State, Token
from oracle.eighteen.model.tiles import StopMap, stop_mapping


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
