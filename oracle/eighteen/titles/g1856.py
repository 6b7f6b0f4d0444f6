"""1856: its six privates: the Flos Tramway, the Waterloo & Saugeen
(TP-WSR56-*), the Canada Company, the Great Lakes Shipping Company's port token
(TP-BONUS-01), the Niagara Falls Suspension Bridge and the St. Clair Frontier Tunnel
(face value, revenue, the hexes they keep free and the Canada Company's extra lay as
18xx.games's ``g_1856`` entities; the bridge and tunnel bonuses their buyers gain:
whole/rights.py); the whole game (``WHOLE``: docs/18xx.md "Whole games", 1856).

The whole published board, charters, trains, phases and market: ``data/1856.json``
(flat layout, letters are columns).
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.privates import (
    OWNING_COMPANY,
    PrivateDef,
    TilePower,
    TokenPower,
    half_to_double,
)
from oracle.eighteen.model.records import CompanyDef
from oracle.eighteen.model.whole_def import LoanTerms, NationalDef, WholeGameDef
from oracle.eighteen.titles.common import bonus_reading

WSR = PrivateDef(
    id="WSR", name="Waterloo & Saugeen Railway", value=40, revenue=10,
    usable_by=OWNING_COMPANY,
    blocks="I12",  # TP-WSR56-01
    # TP-WSR56-01: tile 59, tile-lay step, not extra, unconnected, not free
    tile=TilePower(hex="I12", tile=("59",), colour="", when="track", extra=False,
                   connected=False, free=False, reserved=False),
    # TP-WSR56-02: token-lay step, not extra, free, unconnected, no tile needed
    token=TokenPower(hexes=("I12",), when="token", extra=False, connected=False, free=True,
                     reserved=False, requires_tile_laid=False),
    closes="any",  # TP-WSR56-03
    separate_execution=None,
    rulings=(("tile", "TP-WSR56-01"), ("blocks", "TP-WSR56-01"), ("token", "TP-WSR56-02"),
             ("token_timing", "TP-WSR56-02"), ("requires_tile", "TP-WSR56-02"),
             ("closed", "TP-WSR56-03")),
)

PORTS = ("C14", "D19", "E18", "F17", "F9", "H17", "H7", "H5", "J17", "J5", "K2", "M18", "O18")

GLSC = PrivateDef(
    id="GLSC", name="Great Lakes Shipping Company", value=70, revenue=15,
    usable_by=OWNING_COMPANY,
    blocks="",
    tile=None,
    # TP-BONUS-01: the port marker, +20 in one port hex, any time in the owner's
    # turn, closes the private, removed when phase 6 begins (the first 6 train).
    # ``connected`` is open: the published text names none (default), Rails asks for it.
    token=TokenPower(hexes=PORTS, when="turn", extra=True, connected=False, free=True,
                     reserved=False, requires_tile_laid=False, bonus=20,
                     bonus_removed_in_phase="6"),
    closes="token",
    separate_execution=None,
    rulings=(("token", "TP-BONUS-01"), ("token_timing", "TP-BONUS-01"), ("use", "TP-BONUS-01"),
             ("closed", "TP-BONUS-01")),
)



#: the phases in which a company may buy a private from a player (the first 3 train
#: to the first 5, which closes them)
SALE_PHASES = ("3", "3'", "4", "4'")


def _plain(pid: str, name: str, value: int, revenue: int, blocks: str = "") -> PrivateDef:
    return PrivateDef(id=pid, name=name, value=value, revenue=revenue,
                      usable_by=OWNING_COMPANY, blocks=blocks, tile=None, token=None,
                      closes="never", separate_execution=None)


FT = _plain("FT", "Flos Tramway", 20, 5, blocks="L3")
#: the owning company's extra lay of a yellow town on H11, free, connected as its normal
#: lays, once; the private stays open (18xx.games's ``g_1856`` ability: ``tile_lay``,
#: ``free``, tiles 3, 4, 58, ``count`` 1, its ``connect`` default)
TCC = dataclasses.replace(
    _plain("TCC", "The Canada Company", 50, 10, blocks="H11"),
    tile=TilePower(hex="H11", tile=("3", "4", "58"), colour="", when="track", extra=True,
                   connected=True, free=True, reserved=False))
NFSBC = _plain("NFSBC", "Niagara Falls Suspension Bridge Company", 100, 20)
SCFTC = _plain("SCFTC", "St. Clair Frontier Tunnel Company", 100, 20)

#: in the auction's order, cheapest first; every one for sale to a company
PRIVATES = tuple(dataclasses.replace(p, sale=(half_to_double(p.value, SALE_PHASES),))
                 for p in (FT, WSR, TCC, GLSC, NFSBC, SCFTC))

#: the title's mechanisms beyond the base turn, in the order their checks run: the CGR
#: formation's decisions first (nothing else is played while one is due), the discards
#: after a phase change (excess.py), the emergency train purchase (a whole game must
#: not stall on a company that cannot buy its train), the loans, the whole game
MECHANISMS = ("cgr_formation", "excess_trains", "emergency_sales", "escrow_release",
              "bonus_rights", "loans", "whole_game")

#: the option ``alternate_destinations`` (18xx.games's optional rule): company ->
#: (start, goals), the start "" for its home (CA joins London to Detroit; TGB's goal is
#: the Canadian West, both its hexes)
ALTERNATE_DESTINATIONS = {
    "BBG": ("", ("N11",)), "CA": ("F15", ("A20",)), "CPR": ("", ("P9",)),
    "CV": ("", ("M4",)), "GT": ("", ("L13",)), "GW": ("", ("J15",)), "LPS": ("", ("F15",)),
    "TGB": ("", ("O2", "N1")), "THB": ("", ("H15",)), "WGB": ("", ("H5",)),
    "WR": ("", ("L15",))}

PHASES = ("2", "2'", "3", "3'", "4", "4'", "5", "5'", "6", "D")

#: companies in the game once the CGR has formed -> certificate limit for 3 to 6 players
#: (18xx.games's ``POST_NATIONALIZATION_CERT_LIMIT``; four companies or fewer share one)
CGR_CERT_LIMITS = {
    companies: dict(zip((3, 4, 5, 6), limits, strict=True)) for companies, limits in (
        (11, (28, 22, 18, 15)), (10, (25, 20, 16, 14)), (9, (22, 18, 15, 12)),
        (8, (20, 16, 13, 11)), (7, (18, 14, 11, 10)), (6, (15, 12, 10, 8)),
        (5, (13, 10, 8, 7)), (4, (10, 8, 7, 6)), (3, (10, 8, 7, 6)), (2, (10, 8, 7, 6)),
        (1, (10, 8, 7, 6)))}

#: the Canadian Government Railway (whole/formation.py, whole/national.py): formed at
#: the first 6 train from the companies left in debt; no home; ten station markers, $100
#: each; up to twenty shares; three trains where others hold two; it keeps three
#: permanent trains of those it takes over (18xx.games's ``g_1856`` national)
CGR = NationalDef(
    company=CompanyDef(id="CGR", name="Canadian Government Railway", home="",
                       home_city=None, token_costs=(100,) * 10),
    forms_in="6", max_shares=20, exchange_units=2, min_price=100, extra_trains=1,
    kept_permanent=3, cert_limit=CGR_CERT_LIMITS)

#: the whole game (docs/18xx.md "Whole games", 1856), the numbers of 18xx.games's
#: ``g_1856`` game: certificate limits for 3 to 6 players; one operating round a set
#: in phases 2 and 2', two in 3 to 4', three from 5; the Flos Tramway (the cheapest)
#: falls in price while every player passes; a company starts operating with 20% sold
#: in phase 2, 30% in 2' and 3, 40% in 3' and 4, 50% in 4' and 5, 60% from 5';
#: escrow capitalisation up to phase 4, incremental in 4' and 5, full from 5'
#: (whole/capital.py); loans of $100 at $10 interest, none from phase 6 (whole/loans.py)
WHOLE = WholeGameDef(
    cert_limit={3: 20, 4: 16, 5: 13, 6: 11},
    operating_rounds=dict(zip(PHASES, (1, 1, 2, 2, 2, 2, 3, 3, 3, 3), strict=True)),
    discounted="FT",
    float_by_phase=dict(zip(PHASES, (20, 30, 30, 40, 40, 50, 50, 60, 60, 60), strict=True)),
    capital_by_phase=dict(zip(PHASES, ("escrow",) * 5 + ("incremental",) * 2
                              + ("full",) * 3, strict=True)),
    loans=LoanTerms(value=100, interest=10, none_in=("6", "D")),
    national=CGR,
    alternate_destinations=ALTERNATE_DESTINATIONS,
    rights={"NFSBC": (("P17", "P19"), 10), "SCFTC": (("B13",), 10)})

#: TP-BONUS-01 "rails" reading: the port marker must be connected
TITLE = dataclasses.replace(load_title("1856", privates=PRIVATES,
                                       privates_hook=bonus_reading("GLSC", connected=True),
                                       mechanisms=MECHANISMS), whole=WHOLE)
