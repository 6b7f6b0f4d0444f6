"""18Kaas: the map around Venlo (K16); its D&H is the 1830 D&H on K16 (TP-DH18K-01).

Hexes and costs: the 18Kaas map (Rails data). Companies and token costs: Rails
18Kaas data. Phases and tile manifest follow 1830, of which 18Kaas is a map variant.
"""

from __future__ import annotations

from oracle.eighteen.board import hexes, make_map
from oracle.eighteen.title import CompanyDef, TitleData
from oracle.eighteen.titles.common import (
    DH_1830_RULINGS,
    PHASES_1830,
    delaware_and_hudson,
    settle_dh,
)
from oracle.eighteen.titles.g1830 import TITLE as T1830

MAP = make_map(
    "pointy",
    hexes("K14 L17 M14 I18 H17 I16"),
    hexes("J15 M16", cost=80),
    hexes("K16", stops="C0", cost=120, name="Venlo"),
    hexes("L15", stops="T0", cost=80, name="Roermond"),
    hexes("L13", stops="T0", name="Weert"),
    hexes("I14", stops="T0 T0", cost=80, name="Arnhem/Nijmegen"),
    hexes("K12", colour="yellow", stops="C0 C0", label="OO", name="Tilburg/Eindhoven"),
)

TITLE = TitleData(
    id="18Kaas",
    map=MAP,
    phases=PHASES_1830,
    companies=(
        CompanyDef("PRR", "Pennsylvania", "", None, (0, 40, 100, 100)),
        CompanyDef("ERIE", "Erie", "", None, (0, 40, 100)),
        CompanyDef("CO", "Chesapeake & Ohio", "", None, (0, 40, 100)),
    ),
    privates=(delaware_and_hudson("K16", tuple(
        (aspect, "TP-DH18K-01") for aspect, _ in DH_1830_RULINGS)),),
    supply=T1830.supply,
    bank=12000,
    starting_cash=T1830.starting_cash,
    privates_hook=settle_dh,
    sources="seed 001, seed 003; Rails 18Kaas map",
)
