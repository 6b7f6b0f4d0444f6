"""How a by-distance token price counts its hexes: option ``token_distance``.

1835 prices every token after the home one per hex of distance from the home hex
(``token_costs``). The sources differ on how the hexes are counted
(docs/18xx.md, "1835 token prices"):

* ``straight`` (default): a straight line over the map, whatever lies between (the
  18xx Rules Difference List: as the crow flies); ``coords.hex_distance``;
* ``track``: along the company's own track from its home station: the fewest hex
  edges a path of track crosses from the home city to the new token's city, so the
  home hex is not counted and the token's hex is. The path may run through cities
  the company may run through (not through a city full of other companies'
  tokens, nor through an off-board area: the reach rule of ``graph``). Where no
  such path joins the home station to the city (it is reached from another of the
  company's stations only) the price cannot be counted: ``token/no_track_from_home``.

Any value other than ``straight`` is refused on titles without a per-hex price.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any, Final

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model.records import CompanyDef
from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Node, TrackGraph

OPTION: Final = "token_distance"
DEFAULT: Final = "straight"


def applies(title: TitleData) -> bool:
    """The title prices some company's tokens per hex of distance."""
    return any(c.token_cost_per_hex for c in title.companies)


def check_options(title: TitleData, options: Mapping[str, Any],
                  field: str = "options") -> None:
    if options.get(OPTION, DEFAULT) != DEFAULT and not applies(title):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id} prices no token by distance")


def along_track(state: State) -> bool:
    return bool(dict(state.options).get(OPTION, DEFAULT) == "track")


def track_hexes(title: TitleData, state: State, cdef: CompanyDef, hex_id: str,
                city: int) -> int | None:
    """The fewest hex edges a path of track crosses from the company's home station
    to ``(hex_id, city)``; None when no path of its reach joins them."""
    homes = [("stop", t.hex, t.city) for t in state.tokens
             if t.company == cdef.id and t.hex == cdef.home]
    if not homes:
        return None
    graph = TrackGraph(title.map, state)
    target: Node = ("stop", hex_id, city)
    best: dict[Node, int] = {h: 0 for h in homes}
    queue: deque[Node] = deque(homes)
    while queue:  # 0-1 breadth-first: entering a hex side costs one hex
        node = queue.popleft()
        here = best[node]
        if node == target:
            return here
        kind, h, index = node
        if kind == "stop" and node not in homes and graph.blocked(h, index, cdef.id):
            continue
        for nxt in graph.adjacent.get(node, ()):
            step = 1 if nxt[0] == "side" else 0
            if here + step < best.get(nxt, here + step + 1):
                best[nxt] = here + step
                if step:
                    queue.append(nxt)
                else:
                    queue.appendleft(nxt)
    return None


def price(title: TitleData, state: State, cdef: CompanyDef, hex_id: str, city: int) -> int:
    """The price along track (``track``): the per-hex sum times the track hexes."""
    hexes = track_hexes(title, state, cdef, hex_id, city)
    if hexes is None:
        raise IllegalAction("token/no_track_from_home", "",
                            f"no track of {cdef.id} joins its home {cdef.home} to {hex_id}: "
                            "the price along track cannot be counted")
    return cdef.token_cost_per_hex * hexes
