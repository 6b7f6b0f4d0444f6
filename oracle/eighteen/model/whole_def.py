"""A title's whole-game rules as data (``oracle/eighteen/whole``): the certificate
limit, the operating rounds a phase plays, the private auction's numbers, the shares
that come with privates, and which market zones lift which limit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from oracle.eighteen.model.records import CompanyDef


@dataclass(frozen=True, slots=True)
class PrivateCertificate:
    """A share certificate that comes with a private bought in the auction: ``units``
    tenths of ``company``; the president's (1830's B&O), whose buyer then sets the par
    price at once, or an ordinary share (1830's C&A: 10% of the PRR)."""

    private: str
    company: str
    units: int
    president: bool = False
    #: the private is the certificate and nothing else: it closes as its buyer takes
    #: the certificate, so it is worth nothing more (1870's SLSF)
    closes_private: bool = False


@dataclass(frozen=True, slots=True)
class LoanTerms:
    """A company's loans (1856): each ``value`` from the bank, ``interest`` a loan each
    operating round, at most one loan a share its players hold, none in the phases
    ``none_in``; at the game's end each loan costs every share ``interest``."""

    value: int = 100
    interest: int = 10
    none_in: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NationalDef:
    """A company the game forms from others (1856's Canadian Government Railway, at the
    first train of a phase without loans: ``whole/formation.py``, ``whole/national.py``).
    Not in a new game's position: it joins the game when it forms."""

    #: its charter: ID, name, no home, its station tokens and their price
    company: CompanyDef
    #: the phase whose first train forms it (the loans end then)
    forms_in: str
    #: the most shares it issues: ``max_shares // 2`` at first, doubled when the
    #: exchange hands out more (each share then half a certificate)
    max_shares: int = 20
    #: old shares exchanged for one of its own (in tenths: 20% of the merged companies)
    exchange_units: int = 2
    #: its lowest starting price (on the market's top row)
    min_price: int = 100
    #: trains over the phase's limit it may hold
    extra_trains: int = 1
    #: the permanent trains it keeps at its formation before it must discard
    kept_permanent: int = 3
    #: companies in the game -> players -> certificate limit, once it has formed
    cert_limit: Mapping[int, Mapping[int, int]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, slots=True)
class WholeGameDef:
    #: players -> certificates a player may hold
    cert_limit: Mapping[int, int] = field(hash=False)
    #: phase -> operating rounds in each set that begins in it
    operating_rounds: Mapping[str, int] = field(hash=False)
    #: the most of one company a player may hold, in percent (zones may lift it)
    holding_limit: int = 60
    #: the most of one company the pool may hold, in percent
    pool_limit: int = 50
    #: the auction: a bid is a multiple of ``bid_step``, at least ``first_bid_over``
    #: above the face value and ``bid_step`` above the highest bid
    bid_step: int = 5
    first_bid_over: int = 5
    #: the private whose price falls by ``bid_step`` each time every player passes
    #: while it is unsold (1830's Schuylkill Valley)
    discounted: str = ""
    private_certificates: tuple[PrivateCertificate, ...] = ()
    #: zones whose shares do not count toward the certificate limit
    uncounted_zones: tuple[str, ...] = ("yellow", "orange", "brown")
    #: zones in which a player may hold more than ``holding_limit``
    unlimited_zones: tuple[str, ...] = ("orange", "brown")
    #: zones in which a player may buy more than one share of a company a turn
    multiple_buy_zones: tuple[str, ...] = ("brown",)
    #: no share is sold in the first stock round
    no_sales_in_first_round: bool = True
    #: a floated company receives ten times its par price (full capitalisation)
    capital_shares: int = 10
    #: the par price of a president's certificate that came with a private is set as
    #: soon as the private is bought, and the auction goes on after it (1870's SLSF);
    #: otherwise once every private is sold (1830's B&O, always the last anyway)
    par_at_once: bool = False
    #: a sale's price drop waits for the company's president, who may buy the shares
    #: sold at the sale's price instead, after the seller's turn (1870; protection.py)
    price_protection: bool = False
    #: a company may buy back its own shares from the pool while its IPO and its own
    #: holding together are fewer than this many shares (1870: 4); 0: never
    buy_back_below: int = 0
    #: phase -> the percentage sold from the IPO that a company needs to start
    #: operating (1856: 20% in phase 2, rising to 60%); empty: the company's float
    #: percentage, once, when it is sold (1830)
    float_by_phase: Mapping[str, int] = field(default_factory=dict, hash=False)
    #: phase -> how a company started in it is capitalised (``model/finance.py``:
    #: escrow, incremental, full); empty: full, as 1830
    capital_by_phase: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: the companies' loans (1856; whole/loans.py), or None
    loans: LoanTerms | None = None
    #: the company formed from those left in debt when the loans end (1856's CGR), or
    #: None
    national: NationalDef | None = None
    #: company -> (start hex, goal hexes) under the option ``alternate_destinations``
    #: (1856; whole/escrow.py): a start "" is the company's home
    alternate_destinations: Mapping[str, tuple[str, tuple[str, ...]]] = field(
        default_factory=dict, hash=False)
    #: private -> (hexes, bonus): the company that buys the private gains for good a
    #: bonus on its routes to those hexes (1856's bridge and tunnel; whole/rights.py)
    rights: Mapping[str, tuple[tuple[str, ...], int]] = field(default_factory=dict,
                                                               hash=False)
    #: a company's own shares (bought back: holder ``treasury``) count as sold for the
    #: rise of a sold-out company at a stock round's end (1870: "all shares owned by
    #: players or the company"); otherwise the players must hold every share
    sold_out_with_own_shares: bool = False
    #: a company may put the shares it bought back on sale again in its IPO at a new
    #: par price: the market's top-row price nearest this percentage of its share
    #: price, or its old par if higher (1870: 75; whole/reissue.py); 0: never
    reissue_percent: int = 0
    #: a company whose price reaches a closing cell of the market (zone ``close``)
    #: closes at once (1870; whole/closure.py); otherwise such cells are not acted on
    closes_at_zero: bool = False
    #: players -> the certificate limit once a company has closed (1870: the limits of
    #: nine companies); empty: a closure leaves ``cert_limit``
    closed_cert_limit: Mapping[int, int] = field(default_factory=dict, hash=False)
