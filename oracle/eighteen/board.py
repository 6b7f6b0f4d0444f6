"""Maps as data: hexes by their published IDs, with terrain cost and the
preprinted content (a TileDef of colour white, yellow, green, gray or red)."""

from __future__ import annotations

from dataclasses import dataclass, field

from oracle.eighteen.coords import neighbour
from oracle.eighteen.tiles import TileDef, make_tile


@dataclass(frozen=True, slots=True)
class HexDef:
    id: str
    content: TileDef
    cost: int = 0  # terrain cost paid when the first tile is laid
    terrain: str = ""  # "mountain", "water" or ""
    name: str = ""
    #: a company whose home is here and who has not placed it yet keeps every
    #: other company's token out of this hex (1835 L6, Baden; TP-PFB35-02)
    unlaid_home_blocks_tokens: bool = False


@dataclass(frozen=True, slots=True)
class MapDef:
    layout: str  # "pointy" | "flat"
    hexes: dict[str, HexDef] = field(hash=False)

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        other = neighbour(hex_id, edge, self.layout)
        return other if other in self.hexes else None


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    colours: tuple[str, ...]


def hexes(spec: str, colour: str = "white", stops: str = "", track: str = "",
          label: str = "", cost: int = 0, terrain: str = "", name: str = "",
          unlaid_home_blocks_tokens: bool = False) -> list[HexDef]:
    """Several hexes with the same preprinted content (space-separated IDs)."""
    out = []
    for hex_id in spec.split():
        content = make_tile(f"@{hex_id}", colour, stops, track, label)
        out.append(HexDef(hex_id, content, cost, terrain, name, unlaid_home_blocks_tokens))
    return out


def make_map(layout: str, *groups: list[HexDef]) -> MapDef:
    table: dict[str, HexDef] = {}
    for group in groups:
        for h in group:
            if h.id in table:
                raise ValueError(f"hex {h.id} defined twice")
            table[h.id] = h
    return MapDef(layout, table)
