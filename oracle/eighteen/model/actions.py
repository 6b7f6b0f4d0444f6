"""Actions: small frozen records naming things by stable IDs.

* ``lay_tile``: ``{"type": "lay_tile", "company": "PRR", "hex": "F16", "tile": "57",
  "rotation": 0, "private": "DH"}`` (``private`` only for a special power)
* ``place_token``: ``{"type": "place_token", "company": "PRR", "hex": "F16", "city": 0,
  "private": "DH"}``; ``"open": true`` with a private whose token has an open variant
  (1870's GSC: the open port; private_variants.py)
* ``pass``: ``{"type": "pass", "company": "PRR"}``: end the current step
* ``run_routes``: ``{"type": "run_routes", "company": "PRR", "routes": [{"train": "3",
  "path": ["E19.s0", "E17.e4", "E17.e0", "F16.s0"]}]}`` (nodes as in ``routes``)
* ``dividend``: ``{"type": "dividend", "company": "PRR", "kind": "payout"}``
  (``payout``, ``withhold``, or ``half`` where the title has it)
* ``buy_train``: ``{"type": "buy_train", "company": "PRR", "train": "3"}``: from the bank;
  with ``"from": "pool"`` from the open market (trains discarded over the limit); with
  ``"from": "NYC", "price": 1`` from another company at the agreed price; with
  ``"trade_in": "4"`` from the bank, giving in a held train for the title's credit
  (1830's diesel: a 4, 5 or 6 for 300 off; ``train_offer.py``)
* ``discard_train``: ``{"type": "discard_train", "company": "NYC", "train": "3"}``: a
  company over the train limit after a phase change puts one train in the open market
* ``sell_shares``: ``{"type": "sell_shares", "company": "PRR", "of": "NYC", "count": 1}``:
  in the buy-train step of a company that must buy a train its treasury and its
  president's cash cannot pay for, the president sells shares to the pool
  (emergency.py)
* ``bankrupt``: ``{"type": "bankrupt", "company": "PRR"}``: the president cannot raise
  the price even by selling every share he may: the game ends (emergency.py)
* ``buy_private``: ``{"type": "buy_private", "company": "PRR", "private": "DH",
  "price": 140}``: the operating company buys a private from the player who owns it,
  at the agreed price (private_sale.py)
* ``exchange_private``: ``{"type": "exchange_private", "player": "P1", "private": "MH",
  "of": "NYC", "from": "ipo"}``: the player who owns the private exchanges it for one
  share of ``of`` from the IPO (``ipo``) or the pool (``pool``); the private closes. A
  player's act, at any step of the operating round: it has no ``company``
  (private_exchange.py)

A company's loans and rights (``take_loan``, ``repay_loan``, ``buy_right``, 1856):
``finance_actions.py``.

A whole game's player actions (``bid``, ``par``, ``buy_shares``, a player's ``pass`` and
``sell_shares``): ``player_actions.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate
from oracle.eighteen.model.finance_actions import FinanceAction, finance_action_from_json
from oracle.eighteen.model.player_actions import PlayerAction, player_action_from_json

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class LayTile:
    company: str
    hex: str
    tile: str
    rotation: int
    private: str = ""

    def to_json(self) -> JSON:
        out: JSON = {"type": "lay_tile", "company": self.company, "hex": self.hex,
                     "tile": self.tile, "rotation": self.rotation}
        if self.private:
            out["private"] = self.private
        return out


@dataclass(frozen=True, slots=True)
class PlaceToken:
    company: str
    hex: str
    city: int
    private: str = ""
    open: bool = False  # the private token's open variant (1870's open port)

    def to_json(self) -> JSON:
        out: JSON = {"type": "place_token", "company": self.company, "hex": self.hex,
                     "city": self.city}
        if self.private:
            out["private"] = self.private
        if self.open:
            out["open"] = True
        return out


@dataclass(frozen=True, slots=True)
class Pass:
    company: str

    def to_json(self) -> JSON:
        return {"type": "pass", "company": self.company}


@dataclass(frozen=True, slots=True)
class RunRoutes:
    company: str
    #: (train name, node names) per route
    routes: tuple[tuple[str, tuple[str, ...]], ...]

    def to_json(self) -> JSON:
        return {"type": "run_routes", "company": self.company,
                "routes": [{"train": t, "path": list(p)} for t, p in self.routes]}


@dataclass(frozen=True, slots=True)
class Dividend:
    company: str
    kind: str

    def to_json(self) -> JSON:
        return {"type": "dividend", "company": self.company, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class BuyTrain:
    company: str
    train: str
    source: str = ""  # "" the bank's depot, "pool" the open market, else a company
    price: int | None = None  # the agreed price, from a company only
    trade_in: str = ""  # a held train given in towards a train from the depot

    def to_json(self) -> JSON:
        out: JSON = {"type": "buy_train", "company": self.company, "train": self.train}
        if self.source:
            out["from"] = self.source
        if self.price is not None:
            out["price"] = self.price
        if self.trade_in:
            out["trade_in"] = self.trade_in
        return out


@dataclass(frozen=True, slots=True)
class DiscardTrain:
    company: str
    train: str

    def to_json(self) -> JSON:
        return {"type": "discard_train", "company": self.company, "train": self.train}


@dataclass(frozen=True, slots=True)
class SellShares:
    """The operating company's president sells ``count`` of his shares of ``of`` to
    the pool to raise a train's price (the emergency purchase: emergency.py)."""

    company: str
    of: str
    count: int

    def to_json(self) -> JSON:
        return {"type": "sell_shares", "company": self.company, "of": self.of,
                "count": self.count}


@dataclass(frozen=True, slots=True)
class Bankrupt:
    """The operating company's president cannot raise a train's price: the game ends
    (emergency.py)."""

    company: str

    def to_json(self) -> JSON:
        return {"type": "bankrupt", "company": self.company}


@dataclass(frozen=True, slots=True)
class BuyPrivate:
    """The operating company buys private ``private`` from the player who owns it, for
    ``price`` (private_sale.py)."""

    company: str
    private: str
    price: int

    def to_json(self) -> JSON:
        return {"type": "buy_private", "company": self.company, "private": self.private,
                "price": self.price}


@dataclass(frozen=True, slots=True)
class ExchangePrivate:
    """Player ``player`` exchanges private ``private`` for one share of ``of`` from
    ``source`` (``ipo`` or ``pool``); the private closes (private_exchange.py). The one
    action without an acting company."""

    player: str
    private: str
    of: str
    source: str

    def to_json(self) -> JSON:
        return {"type": "exchange_private", "player": self.player, "private": self.private,
                "of": self.of, "from": self.source}


Action = LayTile | PlaceToken | Pass | RunRoutes | Dividend | BuyTrain | DiscardTrain | \
    SellShares | Bankrupt | BuyPrivate | ExchangePrivate | PlayerAction | FinanceAction


def action_from_json(data: Any) -> Action:
    validate(data, "oracle.eighteen", "action.schema.json", what="action")
    kind = data["type"]
    played = player_action_from_json(data)  # a whole game's auction and stock rounds
    if played is not None:
        return played
    loan = finance_action_from_json(data)  # 1856's loans
    if loan is not None:
        return loan
    if kind == "lay_tile":
        return LayTile(data["company"], data["hex"], data["tile"], data["rotation"],
                       data.get("private", ""))
    if kind == "place_token":
        return PlaceToken(data["company"], data["hex"], data.get("city", 0),
                          data.get("private", ""), bool(data.get("open", False)))
    if kind == "pass":
        return Pass(data["company"])
    if kind == "run_routes":
        return RunRoutes(data["company"], tuple((r["train"], tuple(r["path"]))
                                                for r in data["routes"]))
    if kind == "dividend":
        return Dividend(data["company"], data["kind"])
    if kind == "buy_train":
        return BuyTrain(data["company"], data["train"], data.get("from", ""),
                        data.get("price"), data.get("trade_in", ""))
    if kind == "discard_train":
        return DiscardTrain(data["company"], data["train"])
    if kind == "sell_shares":
        return SellShares(data["company"], data["of"], data["count"])
    if kind == "bankrupt":
        return Bankrupt(data["company"])
    if kind == "buy_private":
        return BuyPrivate(data["company"], data["private"], data["price"])
    if kind == "exchange_private":
        return ExchangePrivate(data["player"], data["private"], data["of"], data["from"])
    raise MalformedInput("type", f"unknown action type {kind!r}")  # pragma: no cover
