"""The mechanisms that check a tile lay, as the title lists them: each wraps the
module that holds the rule (``oracle/eighteen/mechanisms``, ``private_variants.py``)
behind the ``Mechanism`` hooks. 1825's single track is its own mechanism
(``mechanisms/single_track.py``)."""

from __future__ import annotations

from oracle.eighteen import private_variants
from oracle.eighteen.mechanisms import river, water_borders
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.turn.protocol import Mechanism, RulesContext


class HomeLayNoUpgrade(Mechanism):
    """1870's MRBC: the hex of its free home lay is not upgraded in the same round
    (``tile/home_lay_no_upgrade``, private_variants.py)."""

    name = "home_lay_no_upgrade"

    def check_hex(self, rules: RulesContext, state: State, company: Company,
                  hex_id: str) -> None:
        private_variants.check_no_upgrade(state, hex_id)


class River(Mechanism):
    """1870's Mississippi: no track across the river while the bridge private is not
    a company's (``tile/crosses_river``, river.py)."""

    name = "river"

    def check_lay(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        river.check_lay(state, hex_id, tile, rotation)


class WaterBorders(Mechanism):
    """1835's water borders under option ``water_borders`` ``impassable``
    (``tile/crosses_water_border``, water_borders.py)."""

    name = "water_borders"

    def check_lay(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                  tile: TileDef, rotation: int) -> None:
        water_borders.check_lay(rules.title(state), state, hex_id, tile, rotation)


HOME_LAY_NO_UPGRADE = HomeLayNoUpgrade()
RIVER = River()
WATER_BORDERS = WaterBorders()
