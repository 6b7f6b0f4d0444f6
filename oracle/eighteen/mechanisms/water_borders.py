"""Water borders printed without a cost, under the option ``water_borders`` (1835).

1835's map draws a water border on one hex edge, between C9 (edge 3) and B10
(edge 0), the Elbe estuary. The sources differ on what it does:

* Rails (``data/1835/Map.xml``) makes B10 impassable to C9: no track crosses it.
  This is the default reading, ``impassable``.
* tobymao's 1835 map gives it as a border of type water with no cost; its engine
  cuts a hex from its neighbour only at ``impassable`` borders and charges a
  border only where a cost is printed, so track crosses it freely: the reading
  ``open``.

Under ``impassable`` a tile whose track would run to such an edge is refused with
``tile/crosses_water_border``; under ``open`` the edge is an ordinary one. The data
(``water_borders`` of a hex group, either side may list it) is read through the
title loader. The option belongs to titles whose data has water borders; another
title with a reading other than the default is malformed. docs/18xx-rivers.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.load.loader import load_title_data
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.coords import opposite
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec as option_spec

OPTION = "water_borders"
#: default and readings as options.py declares them
DEFAULT: str = option_spec(OPTION).default
READINGS: tuple[str, ...] = option_spec(OPTION).choices
CODE = "tile/crosses_water_border"


@cache
def listed(title_id: str) -> Mapping[str, frozenset[int]]:
    """Hex -> the water-border edges its data lists (either side of an edge may)."""
    out: dict[str, frozenset[int]] = {}
    for group in load_title_data(title_id)["hexes"]:
        edges = frozenset(group.get("water_borders", ()))
        if edges:
            for hex_id in group["hexes"].split():
                out[hex_id] = edges
    return out


def reading(options: Any) -> str:
    value = dict(options).get(OPTION, DEFAULT)
    return value if value in READINGS else DEFAULT


def is_water_border(title_id: str, board: MapDef, hex_id: str, edge: int) -> bool:
    table = listed(title_id)
    if edge in table.get(hex_id, frozenset()):
        return True
    other = board.neighbour(hex_id, edge)
    return other is not None and opposite(edge) in table.get(other, frozenset())


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles whose data has water borders (MalformedInput naming
    the field otherwise)."""
    if reading(options) != DEFAULT and not listed(title.id):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} has no water border")


def check_lay(title: TitleData, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
    """Under ``impassable``: no track to a water-border edge (``tile/crosses_water_border``)."""
    if reading(state.options) != "impassable" or not listed(title.id):
        return
    edges = sorted({(end[1] + rotation) % 6 for path in tile.paths for end in path
                    if end[0] == "e"})
    crossed = [e for e in edges if is_water_border(title.id, title.map, hex_id, e)]
    if crossed:
        raise IllegalAction(CODE, "", f"tile {tile.id} at rotation {rotation} on {hex_id} runs "
                            f"track across the water border at edge {crossed[0]} "
                            f"(option {OPTION} = impassable)")
