"""A player's actions in a whole game's private auction and stock rounds
(``oracle/eighteen/whole``). They name a player, not an operating company.

* ``bid``: ``{"type": "bid", "player": "P1", "private": "CA", "price": 170}``: in the
  private auction, a bid on a private; on the cheapest private left, at its price, the
  purchase of it (1830's auction: ``whole/auction.py``)
* ``pass``: ``{"type": "pass", "player": "P1"}``: in the auction, no bid this turn (or,
  in the bidders' auction of one private, giving it up); in a stock round, the end of
  the player's turn (a pass without an act counts toward the round's end)
* ``par``: ``{"type": "par", "player": "P2", "company": "PRR", "price": 67}``: buy a
  company's president's certificate at twice the par price ``price``, which sets its
  share price (``whole/stock.py``); and 1830's B&O, whose certificate came with the
  private: only the price is set
* ``buy_shares``: ``{"type": "buy_shares", "player": "P1", "company": "PRR", "from":
  "ipo"}``: one share (10%) from the IPO at the par price or from the pool
  (``"pool"``) at the share price
* ``sell_shares``: ``{"type": "sell_shares", "player": "P1", "of": "PRR", "count": 2}``:
  in a stock round, ``count`` shares to the pool at the share price
* ``buy_back``: ``{"type": "buy_back", "player": "P1", "company": "MKT", "from":
  "pool"}``: in a stock round, the president has his company buy one of its own shares
  at the share price from the pool (or, when it has none, from the player ``from``),
  as his turn's act (1870: ``whole/buy_back.py``)
* ``reissue``: ``{"type": "reissue", "player": "P1", "company": "MKT"}``: in a stock
  round, the president has his company put the shares it bought back on sale again in
  its IPO at a new par price, ending his turn (1870: ``whole/reissue.py``)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Bid:
    player: str
    private: str
    price: int

    def to_json(self) -> JSON:
        return {"type": "bid", "player": self.player, "private": self.private,
                "price": self.price}


@dataclass(frozen=True, slots=True)
class PlayerPass:
    player: str

    def to_json(self) -> JSON:
        return {"type": "pass", "player": self.player}


@dataclass(frozen=True, slots=True)
class Par:
    player: str
    company: str
    price: int

    def to_json(self) -> JSON:
        return {"type": "par", "player": self.player, "company": self.company,
                "price": self.price}


@dataclass(frozen=True, slots=True)
class BuyShares:
    player: str
    company: str
    source: str  # "ipo" or "pool"

    def to_json(self) -> JSON:
        return {"type": "buy_shares", "player": self.player, "company": self.company,
                "from": self.source}


@dataclass(frozen=True, slots=True)
class StockSale:
    player: str
    of: str
    count: int

    def to_json(self) -> JSON:
        return {"type": "sell_shares", "player": self.player, "of": self.of,
                "count": self.count}


@dataclass(frozen=True, slots=True)
class BuyBack:
    player: str
    company: str
    source: str = "pool"  # "pool" or the player whose share it takes

    def to_json(self) -> JSON:
        return {"type": "buy_back", "player": self.player, "company": self.company,
                "from": self.source}


@dataclass(frozen=True, slots=True)
class Reissue:
    player: str
    company: str

    def to_json(self) -> JSON:
        return {"type": "reissue", "player": self.player, "company": self.company}


PlayerAction = Bid | PlayerPass | Par | BuyShares | StockSale | BuyBack | Reissue
PLAYER_ACTIONS = (Bid, PlayerPass, Par, BuyShares, StockSale, BuyBack, Reissue)


def player_action_from_json(data: JSON) -> PlayerAction | None:
    """The player's action ``data`` (already checked against the schema), or None when
    it is a company's."""
    kind = data["type"]
    if kind == "bid":
        return Bid(data["player"], data["private"], data["price"])
    if kind == "par":
        return Par(data["player"], data["company"], data["price"])
    if kind == "buy_shares":
        return BuyShares(data["player"], data["company"], data["from"])
    if kind == "buy_back":
        return BuyBack(data["player"], data["company"], data.get("from", "pool"))
    if kind == "reissue":
        return Reissue(data["player"], data["company"])
    if kind == "pass" and "player" in data:
        return PlayerPass(data["player"])
    if kind == "sell_shares" and "player" in data:
        return StockSale(data["player"], data["of"], data["count"])
    return None
