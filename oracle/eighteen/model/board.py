"""Maps as data: hexes by their published IDs, with terrain cost and the
preprinted content (a TileDef of colour white, yellow, green, gray or red).

Maps are built from a title's data file by ``oracle.eighteen.load.loader``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from oracle.eighteen.model.coords import neighbour
from oracle.eighteen.model.tiles import COLOURS, TileDef


@dataclass(frozen=True, slots=True)
class HexDef:
    id: str
    content: TileDef
    cost: int = 0  # terrain cost paid when the first tile is laid
    terrain: str = ""  # "mountain", "water", "river", "lake", "swamp" or ""
    name: str = ""
    #: a company whose home is here and who has not placed it yet keeps every
    #: other company's token out of this hex (1835 L6, Baden; TP-PFB35-02)
    unlaid_home_blocks_tokens: bool = False
    #: edges printed as impassable borders (no track may cross them)
    borders: tuple[int, ...] = ()
    #: edges whose printed track leads off the modelled board (a kit hex whose
    #: neighbours belong to a unit not modelled, 1825)
    exits: tuple[int, ...] = ()
    #: a label the hex takes from a colour on: (colour, label), e.g. 1870's
    #: ("brown", "P") on Kansas City, 1856's ("brown", "L") on the lake cities
    future_label: tuple[str, str] | None = None
    #: a second label from a later colour on: 1870's gray ("gray", "K") on Kansas
    #: City and ("gray", "L") on St. Louis, the labels of 171K and 172L (the
    #: published tile manifest; issue 30 item 3, real-turns note D6)
    later_label: tuple[str, str] | None = None

    def label_for(self, colour: str, current: str) -> str:
        """The label a tile of ``colour`` laid here must carry (``current`` otherwise)."""
        for future in (self.later_label, self.future_label):
            if future is None:
                continue
            when, label = future
            if colour in COLOURS and when in COLOURS and \
                    COLOURS.index(colour) >= COLOURS.index(when):
                return label
        return current


@dataclass(frozen=True, slots=True)
class MapDef:
    layout: str  # "pointy" | "flat" | "flat_rows"
    hexes: dict[str, HexDef] = field(hash=False)
    #: the tiles of this title by number (the common catalogue plus its own)
    catalogue: Mapping[str, TileDef] = field(hash=False, default_factory=dict)

    def neighbour(self, hex_id: str, edge: int) -> str | None:
        other = neighbour(hex_id, edge, self.layout)
        return other if other in self.hexes else None

    def tile(self, tile_id: str) -> TileDef | None:
        return self.catalogue.get(tile_id)


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase as far as tile laying needs it (titles whose train limits are not
    transcribed yet); titles with trains use ``records.PhaseDef``."""

    name: str
    colours: tuple[str, ...]
