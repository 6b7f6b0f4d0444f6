"""Where each share certificate of a record lies: the IPO, the pool or a player.

A record names certificates (``PRR_0`` the president's, 20%; ``PRR_1`` .. ``PRR_8``,
10% each); railrules' ``buy_shares`` names only where one share comes from. Every
certificate starts in the IPO. ``par`` moves the president's to the player; a buy moves
the listed certificates to the buyer; a sale moves ``percent`` worth of them to the
pool. Certificates leave the IPO only by par and by buys that list them, so whether a
listed one comes from the IPO is exact; between players the presidency changes hands
(the president's certificate for two shares) as the published rules say; which two
shares is the platform's choice, so where the record later names a certificate
elsewhere than we have it, the two holders swap one of the same size (every holding
stays right). ``differences`` holds the tally against a position's ``shares`` counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

JSON = dict[str, Any]
IPO, POOL = "ipo", "pool"
#: a company's own shares it bought back (1870)
TREASURY = "treasury"


def units(cert: str) -> int:
    """A certificate's size in 10% units: the president's (``_0``) is two."""
    return 2 if cert.endswith("_0") else 1


def president_cert(cert: str) -> str:
    return cert.rpartition("_")[0] + "_0"


class Certificates:
    def __init__(self) -> None:
        #: certificate ID -> its company's railrules ID
        self.company: dict[str, str] = {}
        #: certificate ID -> ``ipo``, ``pool`` or a player's ID (absent: the IPO)
        self.where: dict[str, str] = {}

    def _know(self, cert: str, company: str) -> None:
        self.company.setdefault(cert, company)

    def at(self, cert: str) -> str:
        return self.where.get(cert, IPO)

    def holding(self, company: str, holder: str) -> int:
        return sum(units(c) for c, w in self.where.items()
                   if w == holder and self.company.get(c) == company)

    def par(self, player: str, company: str, cert: str) -> None:
        self._know(cert, company)
        self.where[cert] = player

    def grant(self, player: str, company: str, cert: str) -> None:
        """A certificate a private brings its buyer (``titles.PRIVATE_SHARES``): with
        each bid on the private (the auction, before any share is traded), to its
        bidder; the last bid wins."""
        self._know(cert, company)
        self.where[cert] = player

    def buy(self, player: str, company: str, cert: str) -> str:
        """Move ``cert`` to ``player``; where it came from (``ipo`` or ``pool``)."""
        self._know(cert, company)
        source = IPO if self.at(cert) == IPO else POOL
        if source == POOL:
            self._claim(cert, POOL, [cert])
        self.where[cert] = player
        self._presidency(company, player)
        return source

    def buy_back(self, company: str, cert: str, pooled: bool) -> str:
        """The company buys ``cert``, one of its own (1870); where it came from: the
        pool when it has one of the company's shares (``pooled``: the rules take that
        one, so the record's certificate was in the pool, whatever two certificates a
        presidency change moved), else the player holding it."""
        self._know(cert, company)
        if pooled:
            self._claim(cert, POOL, [cert])
        source = self.at(cert)
        self.where[cert] = TREASURY
        return source

    def reissue(self, company: str, certs: Iterable[str]) -> None:
        """The company puts its own shares (``certs``, the record's) on sale in its IPO
        again (1870): every certificate it holds goes back, whatever numbers the
        record gives them."""
        listed = list(certs)
        for cert in listed:
            self._know(cert, company)
            self._claim(cert, TREASURY, listed)  # the record says the company holds them
        for cert in [c for c, w in self.where.items()
                     if w == TREASURY and self.company.get(c) == company]:
            del self.where[cert]  # absent: the IPO

    def sell(self, player: str, company: str, certs: Iterable[str], percent: int) -> None:
        """``percent`` worth of ``certs`` go to the pool; where the seller gives up the
        presidency, the new president takes the president's certificate and hands two
        shares back, which the sale then counts."""
        listed = list(certs)
        for cert in listed:
            self._know(cert, company)
            self._claim(cert, player, listed)  # the record says the seller holds them
        left = percent // 10
        for cert in (c for c in listed if units(c) == 1):
            if left > 0:
                self.where[cert] = POOL
                left -= 1
        if left > 0:
            self._hand_over(player, company)
            for cert in self._shares_of(player, company)[:left]:
                self.where[cert] = POOL
        self._presidency(company, None)

    def _claim(self, cert: str, holder: str, keep: list[str]) -> None:
        """The record says ``holder`` has ``cert`` where we have another player: the
        two certificates of a presidency change are the platform's choice, so give
        that player one of ``holder``'s own of the same size instead (not one of
        ``keep``): every holding stays as it was."""
        old = self.at(cert)
        if old in (holder, IPO):
            self.where[cert] = holder
            return
        spare = [c for c, w in sorted(self.where.items()) if w == holder and c not in keep
                 and units(c) == units(cert) and self.company.get(c) == self.company[cert]]
        if spare and old != POOL:
            self.where[spare[0]] = old
        self.where[cert] = holder

    def _shares_of(self, holder: str, company: str) -> list[str]:
        return sorted(c for c, w in self.where.items()
                      if w == holder and units(c) == 1 and self.company.get(c) == company)

    def president(self, company: str) -> str | None:
        """The player holding ``company``'s president's certificate, if any."""
        owner = [w for c, w in self.where.items()
                 if units(c) == 2 and self.company.get(c) == company]
        return owner[0] if owner and owner[0] not in (IPO, POOL, TREASURY) else None

    def _hand_over(self, player: str, company: str) -> None:
        """The president's certificate leaves ``player`` for the other player holding
        the most (two of whose shares come back)."""
        others = {w for c, w in self.where.items() if self.company.get(c) == company
                  and w not in (IPO, POOL, TREASURY, player)}
        if not others:
            return
        heir = max(sorted(others), key=lambda h: self.holding(company, h))
        self._swap(company, player, heir)

    def _swap(self, company: str, old: str, new: str) -> None:
        pres = next(c for c, w in self.where.items()
                    if units(c) == 2 and self.company.get(c) == company)
        self.where[pres] = new
        for cert in self._shares_of(new, company)[:2]:
            self.where[cert] = old

    def _presidency(self, company: str, buyer: str | None) -> None:
        """A player holding more than the president becomes president."""
        old = self.president(company)
        if old is None or buyer is None or buyer == old:
            return
        if self.holding(company, buyer) > self.holding(company, old):
            self._swap(company, old, buyer)

    def differences(self, position: JSON) -> list[str]:
        """Where our tally and the position's ``shares`` counts (10% units) differ, one
        line a company."""
        out: list[str] = []
        for entry in position.get("companies", []):
            cid = entry.get("id")
            certs = [c for c, k in self.company.items() if k == cid]
            if not certs or "shares" not in entry:
                continue
            ours: Counter[str] = Counter()
            for c in certs:
                if self.at(c) != IPO:
                    ours[self.at(c)] += units(c)
            theirs = {h: n for h, n in entry["shares"].items() if h != IPO and n}
            if dict(ours) != theirs:
                out.append(f"{cid} shares: record {dict(sorted(ours.items()))} vs "
                           f"engine {dict(sorted(theirs.items()))}")
        return out
