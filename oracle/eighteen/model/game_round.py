"""Where a whole game stands between and around the operating rounds: the private
auction, a stock round, or a set of operating rounds (``oracle/eighteen/whole``).

A position without it is one company's operating turn, as every position was before
whole games (its ``turn`` and ``round`` say all); a position with it is a whole game's
(``new_game`` of a title with a private auction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.eighteen.model.formation import Formation

JSON = dict[str, Any]

AUCTION = "auction"
STOCK = "stock"
OPERATING = "operating"
KINDS = (AUCTION, STOCK, OPERATING)


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    private: str
    player: str
    price: int

    def to_json(self) -> JSON:
        return {"private": self.private, "player": self.player, "price": self.price}


@dataclass(frozen=True, slots=True)
class Sale:
    """Shares a player sold, whose price drop waits on the company's president (1870's
    price protection: ``whole/protection.py``). ``president`` is the company's president
    when the shares were sold, who decides: a sale that passes the presidency is not
    the new president's to protect (he takes control only once the sale is over)."""

    company: str
    count: int
    price: int
    seller: str
    president: str

    def to_json(self) -> JSON:
        return {"company": self.company, "count": self.count, "price": self.price,
                "seller": self.seller, "president": self.president}


@dataclass(frozen=True, slots=True)
class GameRound:
    kind: str
    #: the stock round's number (0 during the private auction); in the operating
    #: rounds, the number of the stock round before them
    stock_round: int
    #: who holds the priority deal: first to act in the next stock round
    priority: str
    #: the player to act (auction, stock round); None in the operating rounds but for
    #: a president deciding on price protection (1870: or_protection.py)
    acting: str | None = None
    #: turns passed in a row without an act (auction, stock round)
    passes: int = 0
    #: who last acted in the stock round (the priority deal goes to the next player)
    last_actor: str | None = None
    #: what the acting player did this turn: the companies bought ("" when none);
    #: whether he sold
    bought: tuple[str, ...] = ()
    sold_this_turn: bool = False
    #: (player, company): a company a player sold this stock round, whose shares he
    #: may not buy again in it (1830)
    sold: tuple[tuple[str, str], ...] = ()
    #: the auction's open bids, sorted
    bids: tuple[Bid, ...] = ()
    #: the private the bidders on it are auctioning now (its bidders act), or None
    auctioning: str | None = None
    #: the player whose turn the bidders' auction interrupted: the turn order goes on
    #: after him
    resume_after: str | None = None
    #: how much the cheapest private's price has come down (all players passed)
    discount: int = 0
    #: a company whose par price a player must set now (1830's B&O president's
    #: certificate, with its private), or None
    par_due: str | None = None
    #: the sales waiting on price protection, in order (1870), or none
    protection: tuple[Sale, ...] = ()
    #: the companies that bought back a share of their own this stock round (1870)
    bought_back: tuple[str, ...] = ()
    #: (company, what) in this operating round, sorted: ``took`` a loan, paid its
    #: ``interest``, ``repaid`` a loan (1856; whole/loans.py)
    loan_marks: tuple[tuple[str, str], ...] = ()
    #: a national's formation waiting on its players' decisions (1856's CGR:
    #: ``model/formation.py``), or None
    formation: Formation | None = None

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind, "stock_round": self.stock_round,
                     "priority": self.priority, "acting": self.acting,
                     "passes": self.passes}
        if self.last_actor is not None:
            out["last_actor"] = self.last_actor
        if self.bought:
            out["bought"] = list(self.bought)
        if self.sold_this_turn:
            out["sold_this_turn"] = True
        if self.sold:
            out["sold"] = [list(s) for s in sorted(self.sold)]
        if self.bids:
            out["bids"] = [b.to_json() for b in sorted(self.bids)]
        if self.auctioning is not None:
            out["auctioning"] = self.auctioning
        if self.resume_after is not None:
            out["resume_after"] = self.resume_after
        if self.discount:
            out["discount"] = self.discount
        if self.par_due is not None:
            out["par_due"] = self.par_due
        if self.bought_back:
            out["bought_back"] = list(self.bought_back)
        if self.protection:
            out["protection"] = [s.to_json() for s in self.protection]
        if self.loan_marks:
            out["loan_marks"] = [list(m) for m in sorted(self.loan_marks)]
        if self.formation is not None:
            out["formation"] = self.formation.to_json()
        return out

    @staticmethod
    def from_json(data: JSON) -> GameRound:
        return GameRound(
            kind=data["kind"], stock_round=int(data["stock_round"]),
            priority=data["priority"], acting=data.get("acting"),
            passes=int(data.get("passes", 0)), last_actor=data.get("last_actor"),
            bought=tuple(data.get("bought", ())),
            sold_this_turn=bool(data.get("sold_this_turn", False)),
            sold=tuple(sorted((str(p), str(c)) for p, c in data.get("sold", ()))),
            bids=tuple(sorted(Bid(b["private"], b["player"], int(b["price"]))
                              for b in data.get("bids", ()))),
            auctioning=data.get("auctioning"), resume_after=data.get("resume_after"),
            discount=int(data.get("discount", 0)), par_due=data.get("par_due"),
            protection=tuple(Sale(s["company"], int(s["count"]), int(s["price"]), s["seller"],
                                  s["president"]) for s in data.get("protection", ())),
            bought_back=tuple(sorted(data.get("bought_back", ()))),
            loan_marks=tuple(sorted((str(c), str(w)) for c, w in data.get("loan_marks", ()))),
            formation=Formation.from_json(data["formation"]) if "formation" in data else None)
