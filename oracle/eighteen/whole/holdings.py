"""Who holds a company's shares, and what follows from it: the president, the
certificate count, the float. Shares are counted in units: a company's ten shares (one
10% share is a unit; the president's certificate is two units and one certificate), or
1856's CGR's twenty (5% each, half a certificate; its president's certificate two
units and one certificate)."""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model.market import price
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.model.whole_def import WholeGameDef

IPO = "ipo"
POOL = "pool"
#: a company's shares, in units
UNITS = 10
PRESIDENT_UNITS = 2


def units(company: Company, holder: str) -> int:
    return dict(company.shares).get(holder, 0)


def total(company: Company) -> int:
    """The company's shares in all (ten; twenty for 1856's CGR once it has issued them)."""
    return sum(n for _, n in company.shares) or UNITS


def percent(company: Company, count: int) -> int:
    """What ``count`` of the company's shares are, in percent."""
    return count * 100 // total(company)


def move_units(company: Company, giver: str, taker: str, count: int) -> Company:
    """``count`` units pass from ``giver`` to ``taker`` (a holder with none is left out)."""
    held = dict(company.shares)
    held[giver] = held.get(giver, 0) - count
    held[taker] = held.get(taker, 0) + count
    return replace(company, shares=tuple(sorted((k, v) for k, v in held.items() if v)))


def president_after(state: State, company: Company) -> str | None:
    """The president once holdings changed: the president stays unless another player
    holds more; then the one holding most (at least the president's certificate),
    the first such after the president in seating order."""
    current = company.president
    if current is None:
        return None
    order = [p.id for p in state.players]
    start = order.index(current) if current in order else 0
    seated = order[start + 1:] + order[:start]
    best, most = current, units(company, current)
    for player in seated:
        held = units(company, player)
        if held > most and held >= PRESIDENT_UNITS:
            best, most = player, held
    return best


def zone(market: MarketDef | None, company: Company) -> str:
    if market is None or company.market is None:
        return ""
    cell = market.cell(*company.market)
    return cell.zone if cell is not None else ""


def certificates(title: TitleData, whole: WholeGameDef, state: State, player: str) -> float:
    """The player's certificates that count toward the limit: his privates, and his
    shares of companies whose price is not in a zone that frees them."""
    count: float = sum(1 for p in state.privates if p.owner == player and not p.closed)
    for company in state.companies:
        held = units(company, player)
        if not held or zone(title.market, company) in whole.uncounted_zones:
            continue
        size = UNITS / total(company)  # a CGR share of twenty: half a certificate
        # the president's certificate is one, two units (1856's CGR: one while at half)
        cert = 1 if company.finance is not None and company.finance.owes_share \
            else PRESIDENT_UNITS
        count += (held - cert) * size + 1 if company.president == player else held * size
    return count


def cert_limit(whole: WholeGameDef, state: State) -> int:
    """The players' certificate limit: the title's for the number of players; once a
    national has formed (1856's CGR) its table's for the companies left in the game;
    the lower one once a company has closed where the title has one (1870)."""
    national = whole.national
    players = len(state.players)
    if national is not None and state.company(national.company.id) is not None:
        return national.cert_limit.get(len(state.companies), {}).get(players, 0)
    if whole.closed_cert_limit and any(c.closed for c in state.companies):
        return whole.closed_cert_limit.get(players, 0)
    return whole.cert_limit.get(players, 0)


def floated(title: TitleData, company: Company) -> bool:
    """The company has sold its float percentage from the IPO (1830: 60%); a closed
    company is out of the game."""
    cdef = title.company(company.id)
    need = (cdef.float_percent if cdef is not None and cdef.float_percent else 60) // 10
    if company.closed:
        return False  # out of the game (1870: whole/closure.py)
    if company.finance is not None and company.finance.started:
        return True  # 1856: it operates, whatever the IPO holds (the CGR among them)
    return company.par is not None and units(company, IPO) <= UNITS - need


def share_value(title: TitleData, company: Company) -> int:
    """A unit's worth at the market price (0 before the company has one)."""
    if company.market is not None and title.market is not None:
        return price(title.market, company.market)
    return company.share_price
