"""The track graph: which stops and hex sides a company reaches from its tokens.

Nodes are stops ``("stop", hex, index)`` and hex sides ``("side", hex, edge)``,
a side being shared by the two hexes it separates (stored under the smaller
of its two names). Every path of every tile joins two nodes. Routes and revenue
(``routes``, ``search``) walk the same nodes and paths.

A side is one point, but a train crosses it: it comes in on a path of one hex and
leaves on a path of the other. ``path_hex`` names the hex of every path, so a walk
can refuse to arrive at a side and leave on another path of the same tile (a train
reversing at a junction, e.g. tile 24's straight and curve meeting at one edge).
``reach`` (connectivity for tile lays and tokens) does not read it: it stays the
plain connectivity it has always been; the routes do (see ``routes``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.borders import is_border
from oracle.eighteen.model.coords import opposite
from oracle.eighteen.model.state import State, Token
from oracle.eighteen.model.tiles import End, TileDef

Node = tuple[str, str, int]


def side_node(board: MapDef, hex_id: str, edge: int) -> Node:
    other = board.neighbour(hex_id, edge)
    mine: Node = ("side", hex_id, edge)
    if other is None or is_border(board, hex_id, edge):
        # an impassable border: each hex keeps its own side, so no track joins
        # across it (base rules; see ``borders``)
        return mine
    theirs: Node = ("side", other, opposite(edge))
    return min(mine, theirs)


def end_node(board: MapDef, hex_id: str, end: End, rotation: int) -> Node:
    kind, index = end
    if kind == "e":
        return side_node(board, hex_id, (index + rotation) % 6)
    return ("stop", hex_id, index)


def hex_content(board: MapDef, state: State, hex_id: str) -> tuple[TileDef, int]:
    """What is on the hex now: the laid tile and its rotation, else the preprint."""
    laid = state.laid(hex_id)
    if laid is not None:
        tile = board.tile(laid.tile)
        if tile is None:
            raise KeyError(f"tile {laid.tile} is not in this title's catalogue")
        return tile, laid.rotation
    return board.hexes[hex_id].content, 0


@dataclass(frozen=True)
class Reach:
    stops: frozenset[tuple[str, int]]  # (hex, stop index)
    sides: frozenset[Node]
    token_stops: frozenset[tuple[str, int]] = field(default=frozenset())


@dataclass
class TrackGraph:
    board: MapDef
    state: State
    adjacent: dict[Node, set[Node]] = field(default_factory=lambda: defaultdict(set))
    #: tokens that fill no slot and block no one (1870's destination tokens under
    #: destination_token_slot=extra, DS-12; destination_slot.outside_slots)
    passable: frozenset[Token] = frozenset()
    #: the hex each path (a pair of nodes) lies in: two sides share at most one hex,
    #: and a stop lies in its own, so the pair names it
    path_hex: dict[frozenset[Node], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for hex_id in self.board.hexes:
            tile, rotation = hex_content(self.board, self.state, hex_id)
            for path in tile.paths:
                a, b = (end_node(self.board, hex_id, e, rotation) for e in sorted(path))
                self.adjacent[a].add(b)
                self.adjacent[b].add(a)
                self.path_hex[frozenset((a, b))] = hex_id

    def turns_back(self, before: Node, side: Node, after: Node) -> bool:
        """Whether a walk ``before -> side -> after`` leaves the hex side on a path of
        the hex it came from: a reversal at a junction, which no rule allows (a
        train crosses a hex side from one hex into the other)."""
        return side[0] == "side" and \
            self.path_hex.get(frozenset((before, side))) == \
            self.path_hex.get(frozenset((side, after)))

    def slots(self, hex_id: str, index: int) -> int:
        tile, _ = hex_content(self.board, self.state, hex_id)
        stop = tile.stops[index]
        return stop.slots if stop.holds_tokens else 0

    def blocked(self, hex_id: str, index: int, company: str) -> bool:
        """A city full of other companies' tokens cannot be run through, nor can an
        off-board area (routes end there). ``passable`` tokens do not fill it."""
        tile, _ = hex_content(self.board, self.state, hex_id)
        if tile.stops[index].kind == "offboard":
            return True
        here = [t for t in self.state.tokens if t.hex == hex_id and t.city == index]
        if any(t.company == company for t in here):
            return False
        filling = [t for t in here if t not in self.passable]
        slots = self.slots(hex_id, index)
        return slots > 0 and len(filling) >= slots

    def reach(self, company: str) -> Reach:
        starts = {(t.hex, t.city) for t in self.state.tokens if t.company == company}
        seen: set[Node] = {("stop", h, i) for h, i in starts}
        frontier = list(seen)
        while frontier:
            node = frontier.pop()
            kind, hex_id, index = node
            if kind == "stop" and (hex_id, index) not in starts and \
                    self.blocked(hex_id, index, company):
                continue
            for nxt in self.adjacent.get(node, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        return Reach(
            stops=frozenset((h, i) for k, h, i in seen if k == "stop"),
            sides=frozenset(n for n in seen if n[0] == "side"),
            token_stops=frozenset(starts),
        )
