"""How many normal tile lays a turn has, and which tiles the later ones may be.

A title's ``tile_lays`` is its allowance (data). With one lay, any legal tile. With
more (1870: two), the later lays are new yellow tiles only, and an upgrade, allowed
as the first lay, uses the whole allowance: 1870 lays two tiles when both are
yellow tiles (18xx Rules Difference List 5.2; tobymao's 1870 ``TILE_LAYS`` agrees: a lay
or an upgrade, then a second lay only when the first was not an upgrade).
"""

from __future__ import annotations

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.tiles import TileDef

YELLOW = "yellow"


def lays_left(allowance: int, used: int) -> bool:
    return used < allowance


def check_later_lay(allowance: int, used: int, tile: TileDef, ruling: str = "") -> None:
    """A lay after the first one, where the allowance has room: a yellow tile only."""
    if allowance > 1 and used >= 1 and tile.colour != YELLOW:
        raise IllegalAction("tile/yellow_only", ruling,
                            f"after the turn's first lay only yellow tiles may be laid, "
                            f"not {tile.colour}")


def used_after(allowance: int, used: int, tile: TileDef) -> int:
    """The lays used once ``tile`` is laid: one more for a yellow tile; an upgrade
    (any other colour) ends the turn's lays."""
    return used + 1 if tile.colour == YELLOW else max(allowance, used + 1)
