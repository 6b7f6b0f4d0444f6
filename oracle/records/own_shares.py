"""1870: a company's acts on its own shares in a record, on its president's stock turn
(docs/replay.md, "Translation"): buying one back (a ``buy_shares`` by a corporation:
railrules' ``buy_back``) and reissuing the ones it holds (a ``sell_shares`` by a
corporation: railrules' ``reissue``). The president is the position's (the record
names only the corporation)."""

from __future__ import annotations

from typing import Any, Protocol

from oracle.records.certificates import Certificates
from oracle.records.reader import Played, RecordError, Untranslatable
from oracle.records.titles import Names

JSON = dict[str, Any]


class Acts(Protocol):
    """What the translation of these acts reads of the translator (``translate.py``)."""

    certs: Certificates
    names: Names

    def company(self, p: Played, field: str = "entity") -> str: ...


def _entry(position: JSON | None, company: str) -> JSON:
    return next((c for c in (position or {}).get("companies", [])
                 if c.get("id") == company), {})


def _president(p: Played, position: JSON | None, company: str) -> str | None:
    president = _entry(position, company).get("president")
    if position is not None and president is None:
        raise RecordError(f"{p.where()}: {company} has no president to act for it")
    return str(president) if president is not None else None


def buy_back(t: Acts, p: Played, position: JSON | None) -> list[JSON]:
    """The company buys back one of its own shares: from the pool while the position's
    pool has one (the rules take that one), else from the player the tally says
    holds the record's certificate."""
    company = t.company(p)
    shares = list(p.data.get("shares") or [])
    if len(shares) != 1 or t.names.certificate(shares[0], p.where())[0] != company:
        raise Untranslatable(f"{p.where()}: {company} buying {shares}: only one share of "
                             f"its own is translated")
    pooled = bool((_entry(position, company).get("shares") or {}).get("pool"))
    source = t.certs.buy_back(company, shares[0], pooled)
    return [{"type": "buy_back", "player": _president(p, position, company),
             "company": company, "from": source}]


def reissue(t: Acts, p: Played, position: JSON | None) -> list[JSON]:
    """The company puts the shares it bought back on sale again in its IPO: the record
    lists them (all of its own, the tally's ``treasury``)."""
    company = t.company(p)
    shares = list(p.data.get("shares") or [])
    if not shares or any(t.names.certificate(s, p.where())[0] != company for s in shares):
        raise Untranslatable(f"{p.where()}: {company} selling {shares}: only its own "
                             f"shares are translated (1870's reissue)")
    t.certs.reissue(company, shares)
    return [{"type": "reissue", "player": _president(p, position, company),
             "company": company}]
