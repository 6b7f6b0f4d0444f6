"""1870: the whole published board (``data/1870.json``) with home and destination hexes,
and the connection runs between company turns (``oracle/eighteen/mechanisms/connection_runs.py``,
seed 004 section 11).

Its six privates (face value, revenue, powers: the published private certificates,
the same as tobymao/18xx ``lib/engine/game/g_1870/entities.rb``): the Mississippi
River Bridge Company keeps the river closed (``river.py``); the Southern Cattle
Company's cattle token (+10) and the Gulf Shipping Company's ports are bonus tokens
(TP-BONUS-01 mechanism): the closed port +20 for its company, closing the private;
the open port +20 for its company and +10 for every other, replaced by the closed one
in a later round (private_variants.py); companies may buy privates from players in
phases 2 and 3, and the MRBC in phase 1 by MP or SSW for $20 to $40
(private_sale.py); the MRBC's company lays one yellow tile on a river hex $40
cheaper, or, MP or SSW in its first operating round, free and extra in its starting
city (private_variants.py; docs/18xx.md).
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.market import RULE_1870
from oracle.eighteen.model.privates import (
    OWNING_COMPANY,
    PrivateDef,
    SaleTerms,
    TilePower,
    TokenPower,
    half_to_double,
)
from oracle.eighteen.model.title import OPERATING_STEPS
from oracle.eighteen.model.whole_def import PrivateCertificate, WholeGameDef

#: a company's turn, then the connection runs between turns (DS-07, DS-10, DS-15, DS-16)
STEPS_1870 = (*OPERATING_STEPS, "connection_token", "connection_route", "connection_dividend")

#: the phases in which any company may buy a private from a player (the first 3 train
#: to the first 5 train, which closes the privates)
SALE_PHASES = ("2", "3")
#: the first 6-train (phase 5) takes the cattle and port tokens off the map (the
#: train's remove_private_tokens event): from then on they add nothing
TOKENS_GONE = "5"


def _private(pid: str, name: str, value: int, revenue: int,
             token: TokenPower | None = None, closes: str = "never",
             sale: tuple[SaleTerms, ...] | None = None) -> PrivateDef:
    return PrivateDef(id=pid, name=name, value=value, revenue=revenue,
                      usable_by=OWNING_COMPANY, blocks="", tile=None, token=token,
                      closes=closes, separate_execution=None,
                      sale=(half_to_double(value, SALE_PHASES),) if sale is None else sale)


GRSC = _private("GRSC", "Great River Shipping Company", 20, 5)
#: the Mississippi River Bridge Company: while it is in the bank or a player's, no
#: track may cross the river (river.py, the title's ``river_bridge``). In phase 1 only
#: MP or SSW may buy it, for $20 to $40. MP or SSW buying it in their first operating
#: round lay its tile in their starting city free and in addition to their normal
#: lays, and do not upgrade it that round (``home_lay_for``, private_variants.py).
MRBC = dataclasses.replace(_private(
    "MRBC", "Mississippi River Bridge Company", 40, 10,
    sale=(SaleTerms(("1",), 20, 40, ("MP", "SSW")), half_to_double(40, SALE_PHASES))),
    # its company's one yellow lay on a river hex, its normal (connected) lay, $40 off
    tile=TilePower(hex="A16", also_hexes=("B17", "C18", "D17", "E18", "F19", "G18", "H17",
                                          "I16", "J15", "K14", "L13", "M14", "N15", "O16",
                                          "O18"),
                   tile=("1", "2", "3", "4", "5", "6", "7", "8", "9", "55", "56", "57", "58",
                         "69"),
                   colour="", when="track", extra=False, connected=True, free=False,
                   reserved=False, discount=40, home_lay_for=("MP", "SSW")))
#: the cattle token: +10 on one city west of the river for the owning company, at
#: any time in its turn (also in its train step, after buying the private there);
#: placing it does not close the private
SCC = _private("SCC", "The Southern Cattle Company", 50, 10, token=TokenPower(
    hexes=("B9", "B11", "D5", "E12", "F5", "H13", "J3", "J5", "L11", "M2", "M6", "N7"),
    when="whole_turn", extra=True, connected=False, free=True, reserved=False,
    requires_tile_laid=False, bonus=10, bonus_removed_in_phase=TOKENS_GONE))
#: the ports, one of them on one port city: the closed port +20 for the owning company,
#: closing the private; the open port (``"open": true``) +20 for it and +10 for every
#: other company, not closing it, replaceable by the closed port on its city in a later
#: round, which closes it (``open_bonus``, private_variants.py)
GSC = _private("GSC", "The Gulf Shipping Company", 80, 15, closes="token", token=TokenPower(
    hexes=("H17", "M14", "M20", "N7", "N17"), when="whole_turn", extra=True, connected=False,
    free=True, reserved=False, requires_tile_laid=False, bonus=20,
    bonus_removed_in_phase=TOKENS_GONE, open_bonus=10))
#: the SLSF's president's certificate: no revenue, never sold to a company
SLSF = _private("SLSF", "St. Louis-San Francisco Railway", 140, 0, sale=())
MKT = _private("MKT", "Missouri-Kansas-Texas Railroad", 160, 20)


#: the title's mechanisms beyond the base turn, in the order their checks run: the MRBC's home
#: lay, the Mississippi, the connection runs between turns (DS-07), the discards after a phase
#: change, the emergency train purchase (as 1830's: a whole game must not stall on a
#: company that cannot buy its train), the cattle and port tokens in the later steps,
#: the whole game
MECHANISMS = ("home_lay_no_upgrade", "river", "connection_runs", "excess_trains",
              "emergency_sales", "late_private_tokens", "whole_game")

#: the whole game (oracle/eighteen/whole; docs/18xx.md "Whole games", 1870): the
#: certificate limits of 2 to 6 players, one operating round a set in phase 1, two
#: in phases 2 and 3, three from phase 4; the GRSC (the cheapest) falls in price while
#: every player passes; the SLSF private is the SLSF's president's certificate (and
#: nothing else: it closes as its buyer takes the certificate), the
#: MKT private brings an MKT share; the SLSF's par price is set as soon as it is
#: bought, before the auction goes on; a sale's price drop waits on price protection;
#: a company that has operated may buy back its own shares from the pool and reissue
#: them at about three quarters of its price; a company whose price reaches the
#: market's closing cells closes, and the certificate limits fall to those of nine
#: companies (the fwtwr.com 1870 tables; 18xx.games alike)
WHOLE = WholeGameDef(
    cert_limit={2: 28, 3: 20, 4: 16, 5: 13, 6: 11},
    closed_cert_limit={2: 24, 3: 17, 4: 14, 5: 11, 6: 9},
    operating_rounds={"1": 1, "2": 2, "3": 2, "4": 3, "5": 3, "6": 3, "7": 3, "8": 3},
    discounted="GRSC",
    private_certificates=(PrivateCertificate("SLSF", "SLSF", 2, president=True,
                                             closes_private=True),
                          PrivateCertificate("MKT", "MKT", 1)),
    par_at_once=True, price_protection=True, buy_back_below=4,
    sold_out_with_own_shares=True, reissue_percent=75, closes_at_zero=True)

#: a normal turn may pay half (the price stays); the connection run may not (DS-16)
TITLE = dataclasses.replace(load_title(
    "1870", privates=(GRSC, MRBC, SCC, GSC, SLSF, MKT)), operating_steps=STEPS_1870,
                            dividend_rule=RULE_1870, mechanisms=MECHANISMS,
                            whole=WHOLE)
