"""1830: the whole published board (``data/1830.json``) and its six privates: the D&H
(TP-DH30-*) and the five others (docs/18xx.md, "1830's privates").

Face values, revenues, blocked hexes and powers are the published 1830 private
certificates' (the same numbers as tobymao/18xx ``lib/engine/game/g_1830/entities.rb``).
A company may buy any of them but the B&O from a player in phases 3 and 4 (the
first 3 train to the first 5 train, which closes them all), for half to twice the
face value (private_sale.py).
"""

from __future__ import annotations

import dataclasses

from oracle.eighteen.load.loader import load_title
from oracle.eighteen.model.privates import (
    OWNING_COMPANY,
    ExchangePower,
    PrivateDef,
    TilePower,
    half_to_double,
)
from oracle.eighteen.model.whole_def import PrivateCertificate, WholeGameDef
from oracle.eighteen.titles.common import delaware_and_hudson, settle_dh

#: the phases in which a company may buy a private (the first 3 train on; the first 5
#: train closes the privates)
SALE_PHASES = ("3", "4")


def _plain(pid: str, name: str, value: int, revenue: int, blocks: str,
           **more: object) -> PrivateDef:
    """A private with revenue and a blocked hex and no power of its own."""
    record = PrivateDef(id=pid, name=name, value=value, revenue=revenue,
                        usable_by=OWNING_COMPANY, blocks=blocks, tile=None, token=None,
                        closes="never", separate_execution=None,
                        sale=(half_to_double(value, SALE_PHASES),))
    return dataclasses.replace(record, **more)  # type: ignore[arg-type]


SCHUYLKILL_VALLEY = _plain("SV", "Schuylkill Valley", 20, 5, "G15")
#: the owning company's extra, free, unconnected tile on B20 (a town: tiles 3, 4,
#: 58), in either lay step of its turn; once
CHAMPLAIN_ST_LAWRENCE = _plain(
    "CS", "Champlain & St. Lawrence", 40, 10, "B20",
    tile=TilePower(hex="B20", tile=("3", "4", "58"), colour="", when="turn", extra=True,
                   connected=False, free=True, reserved=False))
#: the player who owns it may exchange it for a 10% NYC share from the IPO or the
#: pool while he then holds at most 60% of the NYC; it closes (private_exchange.py)
MOHAWK_HUDSON = _plain("MH", "Mohawk & Hudson", 110, 20, "D18",
                       exchange=ExchangePower(company="NYC", sources=("ipo", "pool"),
                                              max_percent=60,
                                              limit_lifted_in=("orange", "brown")))
#: its PRR share comes with the auction: in the operating round revenue and a block
CAMDEN_AMBOY = _plain("CA", "Camden & Amboy", 160, 25, "H18")
#: the B&O's president's certificate comes with it; never sold to a company; it
#: closes when the B&O company buys its first train
BALTIMORE_OHIO = _plain("BO", "Baltimore & Ohio", 220, 30, "I15", also_blocks=("I13",),
                        sale=(), closes_on_train_of="BO")

DELAWARE_HUDSON = dataclasses.replace(delaware_and_hudson("F16"),
                                      sale=(half_to_double(70, SALE_PHASES),))


#: the title's mechanisms beyond the base turn, in the order their checks run: the discards
#: after a phase change; 1830's emergency train purchase (emergency.py)
MECHANISMS = ("excess_trains", "emergency_sales", "whole_game")

#: the whole game (oracle/eighteen/whole; docs/18xx.md "Whole games"): the published
#: rules' certificate limits (3 to 6 players; 28 for two, as 18xx.games plays it), one
#: operating round a set in phase 2, two in phases 3 and 4, three from phase 5; the
#: Schuylkill Valley's price falls while every player passes; the C&A brings a PRR
#: share, the B&O the B&O president's certificate
WHOLE = WholeGameDef(
    cert_limit={2: 28, 3: 20, 4: 16, 5: 13, 6: 11},
    operating_rounds={"2": 1, "3": 2, "4": 2, "5": 3, "6": 3, "D": 3},
    discounted="SV",
    private_certificates=(PrivateCertificate("CA", "PRR", 1),
                          PrivateCertificate("BO", "BO", 2, president=True)))

TITLE = dataclasses.replace(
    load_title("1830", privates=(SCHUYLKILL_VALLEY, CHAMPLAIN_ST_LAWRENCE, DELAWARE_HUDSON,
                                 MOHAWK_HUDSON, CAMDEN_AMBOY, BALTIMORE_OHIO),
               privates_hook=settle_dh, mechanisms=MECHANISMS),
    whole=WHOLE)
