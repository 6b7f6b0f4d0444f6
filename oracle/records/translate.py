"""Record action -> railrules actions (docs/replay.md, "Translation").

``Translator.translate(played, position)`` reads only the record and the current
position JSON (any engine's), plus the title's map and tile data; it keeps what the
record implies and a position does not say: where each tile instance lies
(``board.Board``), who holds each train instance (``trains``), where each share
certificate lies (``certificates.Certificates``). ``translate(played, None)`` only
follows the record (the actions before a turn cut from the middle of a game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from oracle.records import own_shares
from oracle.records.board import Board, tile_number
from oracle.records.certificates import Certificates
from oracle.records.reader import Played, Record, RecordError, Untranslatable, played
from oracle.records.titles import (
    PRIVATE_SHARES,
    RIGHTS,
    TRAIN_INSTANCES,
    UNMODELLED,
    Names,
    title_data,
)
from oracle.records.turns import company_turns

JSON = dict[str, Any]
Handler = Callable[["Translator", Played, JSON | None], list[JSON]]


#: the privates whose first assignment is the open variant of their token (1870's GSC:
#: oracle/eighteen/private_variants.py)
OPEN_VARIANT: dict[str, tuple[str, ...]] = {"1870": ("GSC",)}


__all__ = ["Translator", "Unmodelled", "Untranslatable", "operating"]


class Unmodelled(RecordError):
    """A record action of a rule we do not model (``titles.UNMODELLED``): the replay
    stops at it, naming the rule."""


def operating(position: JSON | None) -> str | None:
    """The company whose operating turn it is, if any (none in a whole game's auction
    or stock round, ``game_round.kind``, whatever ``turn`` still names)."""
    game_round = (position or {}).get("game_round") or {}
    if game_round.get("kind", "operating") != "operating":
        return None
    turn = (position or {}).get("turn") or {}
    company = turn.get("company")
    return str(company) if company is not None else None


class Translator:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.title = title_data(record)
        self.names = Names(self.title)
        self.players = record.player_ids()
        self.board = Board(self.title)
        self.certs = Certificates()
        #: (entry id, auto index) of a president's emergency sale -> the company whose
        #: turn it falls in (``turns.py``: a sale the same company's act follows)
        self.emergency = {(p.id, p.auto): turn.company for turn in company_turns(
            self.modelled(played(record)), self.names, len(record.players))
            for p in turn.actions
            if p.data.get("type") == "sell_shares" and p.data.get("entity_type") == "player"}
        #: train instance -> ``pool`` or the company holding it (absent: the depot)
        self.trains: dict[str, str] = {}
        #: private -> the hex it was last assigned to (1870's tokens)
        self.assigned: dict[str, str] = {}
        #: the company that acted last (whose turn a private's power falls in)
        self.operating: str | None = None

    # -- names -----------------------------------------------------------------------
    def player(self, p: Played) -> str:
        key = str(p.data.get("entity"))
        if key not in self.players:
            raise RecordError(f"{p.where()}: unknown player {p.data.get('entity')!r}")
        return self.players[key]

    def company(self, p: Played, field: str = "entity") -> str:
        return self.names.company(p.data.get(field), p.where())

    def train(self, instance: str) -> str:
        """A train instance's type: ``'2-1'`` -> ``'2'``, or as the title's table of the
        platform's instances says (``titles.TRAIN_INSTANCES``: 1856's ``2-5`` is a 2')."""
        return TRAIN_INSTANCES.get(self.title.id, {}).get(instance) or tile_number(instance)

    def acting(self, p: Played, position: JSON | None) -> str:
        """The company acting: the entry's corporation, or for a private's power
        (``entity_type`` company) the company operating."""
        if p.data.get("entity_type") == "company":
            company = operating(position) if position is not None else self.operating
            if company is None:
                raise RecordError(f"{p.where()}: a private's power outside a company's turn")
            return company
        return self.company(p)

    def handler(self, kind: str) -> Handler | None:
        """The translation of a record action type for this title (loans only where the
        title has them: 1856)."""
        if kind in LOAN_TYPES and (self.title.whole is None or self.title.whole.loans is None):
            return None
        return HANDLERS.get(kind)

    # -- the one entry point ------------------------------------------------------------
    def modelled(self, actions: list[Played]) -> list[Played]:
        """The played actions before the first of a rule we do not model."""
        cut = next((i for i, p in enumerate(actions) if self.unmodelled(p)), len(actions))
        return actions[:cut]

    def unmodelled(self, p: Played) -> str | None:
        """Why the entry is of a rule we do not model, or None."""
        table = UNMODELLED.get(self.title.id, {})
        for key in (p.data.get("type"), p.data.get("entity"), p.data.get("corporation")):
            if isinstance(key, str) and key in table:
                return table[key]
        return None

    def translate(self, p: Played, position: JSON | None) -> list[JSON]:
        why = self.unmodelled(p)
        if why is not None:
            raise Unmodelled(f"{p.where()}: {why}")
        handler = self.handler(str(p.data["type"]))
        if handler is None:
            raise Untranslatable(f"{p.where()}: action type {p.data['type']!r} is not "
                                 f"translated for {self.record.title}")
        if p.data.get("entity_type") == "corporation":
            self.operating = self.company(p)
        return handler(self, p, position)

    def check(self, p: Played) -> None:
        """The names an entry uses, checked before anything is played (a malformed
        record names what is wrong before the engine starts)."""
        data, where = p.data, p.where()
        if self.unmodelled(p) is not None:
            return  # played up to it, where the replay stops
        if self.handler(str(data["type"])) is None:
            raise Untranslatable(f"{where}: action type {data['type']!r} is not translated "
                                 f"for {self.record.title}")
        if data.get("entity_type") == "corporation":
            self.names.company(data.get("entity"), where)
        elif data.get("entity_type") == "player":
            self.player(p)
        if "corporation" in data:
            self.names.company(data["corporation"], where)
        for cert in data.get("shares") or []:
            self.names.certificate(cert, where)
        if "company" in data:
            self.names.private(data["company"], where)


# -- the handlers: record action -> railrules actions ------------------------------------
def _pass(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    if p.data.get("entity_type") == "player":
        return [{"type": "pass", "player": t.player(p)}]
    company = t.acting(p, position)
    if company in _deciding(position)[:1]:  # 1856: the president pays the debt
        return [{"type": "pay_off_loans", "company": company}]
    return [{"type": "pass", "company": company}]


def _deciding(position: JSON | None) -> list[str]:
    """The companies whose presidents decide on the CGR formation (1856), the first now."""
    formation = ((position or {}).get("game_round") or {}).get("formation") or {}
    return [str(c) for c in formation.get("deciding", ())]


def _merge(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1856's CGR formation: the company in debt merges into the CGR."""
    return [{"type": "merge", "company": t.company(p, "corporation")}]


def _remove_token(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1856: the CGR gives up one of its tokens (two on a hex, or over its charter)."""
    hex_id, city = t.board.city_hex(str(p.data.get("city")), p.where())
    if position is None:
        return []
    return [{"type": "remove_token", "company": t.company(p), "hex": hex_id,
             "city": t.board.stop_index(position, hex_id, city)}]


def _bid(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """A bid; a private that brings a share (``titles.PRIVATE_SHARES``) brings it to its
    last bidder: the auction's winner."""
    player = t.player(p)
    private = t.names.private(p.data.get("company"), p.where())
    cert = PRIVATE_SHARES.get(t.title.id, {}).get(private)
    if cert is not None:
        t.certs.grant(player, t.names.certificate(cert, p.where())[0], cert)
    return [{"type": "bid", "player": player, "private": private,
             "price": int(p.data["price"])}]


def _par(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    player, company = t.player(p), t.company(p, "corporation")
    price = str(p.data.get("share_price", "")).split(",")[0]
    if not price.isdigit():
        raise RecordError(f"{p.where()}: share_price {p.data.get('share_price')!r} is "
                          f"not like '100,0,6'")
    t.certs.par(player, company, f"{p.data['corporation']}_0")
    return [{"type": "par", "player": player, "company": company, "price": int(price)}]


def _buy_shares(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    if p.data.get("entity_type") == "corporation":  # 1870: a company buys back its own
        return own_shares.buy_back(t, p, position)
    if p.data.get("entity_type") != "player":
        raise Untranslatable(f"{p.where()}: a {p.data.get('entity_type')} buying shares "
                             f"is not translated")
    player, out = t.player(p), []
    shares = list(p.data.get("shares") or [])
    if int(p.data.get("percent", 0)) != 10 * len(shares) or not shares:
        raise Untranslatable(f"{p.where()}: buy_shares of {p.data.get('percent')}% in "
                             f"{shares}: only 10% certificates are translated")
    for cert in shares:
        company, cid = t.names.certificate(cert, p.where())
        source = t.certs.buy(player, company, cid)
        out.append({"type": "buy_shares", "player": player, "company": company,
                    "from": source})
    return out[:1] if _protecting(position, player, out[0]["company"]) else out


def _protecting(position: JSON | None, player: str, company: str) -> bool:
    """The player protects a sale's price (1870): one ``buy_shares`` takes all the
    shares sold (``game_round.protection``)."""
    game_round = (position or {}).get("game_round") or {}
    waiting = game_round.get("protection") or []
    return bool(waiting) and game_round.get("acting") == player \
        and waiting[0].get("company") == company


def _sell_shares(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    if p.data.get("entity_type") == "corporation":  # 1870: a company reissues its own
        return own_shares.reissue(t, p, position)
    player = t.player(p)
    shares = list(p.data.get("shares") or [])
    if not shares:
        raise RecordError(f"{p.where()}: sell_shares lists no shares")
    company = t.names.certificate(shares[0], p.where())[0]
    percent = int(p.data.get("percent", 0))
    t.certs.sell(player, company, shares, percent)
    seller = t.emergency.get((p.id, p.auto))  # an emergency sale in a company's turn
    if seller is not None:
        return [{"type": "sell_shares", "company": seller, "of": company,
                 "count": percent // 10}]
    return [{"type": "sell_shares", "player": player, "of": company, "count": percent // 10}]


def _lay_tile(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    hex_id, instance = str(p.data.get("hex")), str(p.data.get("tile"))
    if hex_id not in t.title.map.hexes:
        raise RecordError(f"{p.where()}: hex {hex_id!r} is not on the {t.title.id} map")
    t.board.lay(instance, hex_id)
    out: JSON = {"type": "lay_tile", "company": t.acting(p, position), "hex": hex_id,
                 "tile": tile_number(instance), "rotation": int(p.data.get("rotation", 0))}
    if p.data.get("entity_type") == "company":
        out["private"] = t.names.private(p.data["entity"], p.where())
    return [out] if position is not None else []


def _place_token(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    hex_id, city = t.board.city_hex(str(p.data.get("city")), p.where())
    if position is None:
        return []
    company, stop = t.acting(p, position), t.board.stop_index(position, hex_id, city)
    if {"hex": hex_id, "city": stop, "company": company} in position.get("tokens", []):
        return []  # the home token: laid in the engine's home step, before the tile
    out: JSON = {"type": "place_token", "company": company, "hex": hex_id, "city": stop}
    if p.data.get("entity_type") == "company":
        out["private"] = t.names.private(p.data["entity"], p.where())
    return [out]


def _run_routes(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    company = t.company(p)
    if position is None:
        return []
    routes = [{"train": t.train(str(r.get("train"))),
               "path": t.board.route_path(position, r, p.where())}
              for r in p.data.get("routes") or []]
    return [{"type": "run_routes", "company": company, "routes": routes}]


def _dividend(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    return [{"type": "dividend", "company": t.company(p), "kind": str(p.data.get("kind"))}]


def _buy_train(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    company, instance = t.company(p), str(p.data.get("train"))
    out: JSON = {"type": "buy_train", "company": company, "train": t.train(instance)}
    held = t.trains.get(instance)
    if held == "pool":
        out["from"] = "pool"
    elif held is not None:
        out["from"], out["price"] = held, int(p.data.get("price", 0))
    if p.data.get("exchange"):
        out["trade_in"] = t.train(str(p.data["exchange"]))
        t.trains[str(p.data["exchange"])] = "traded"
    t.trains[instance] = company
    return [out]


def _discard_train(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    company, instance = t.company(p), str(p.data.get("train"))
    t.trains[instance] = "pool"
    return [{"type": "discard_train", "company": company, "train": t.train(instance)}]


def _buy_company(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    if p.data.get("entity_type") != "corporation":
        raise Untranslatable(f"{p.where()}: a player buying a private outside the auction "
                             f"is not translated")
    return [{"type": "buy_private", "company": t.company(p),
             "private": t.names.private(p.data.get("company"), p.where()),
             "price": int(p.data.get("price", 0))}]


def _bankrupt(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    company = t.company(p) if p.data.get("entity_type") == "corporation" else \
        operating(position)
    if company is None:
        raise Untranslatable(f"{p.where()}: a bankruptcy outside a company's turn")
    return [{"type": "bankrupt", "company": company}]


def _choose(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1870's destination token: on the map (a token on the destination hex) or kept
    on the charter (a pass)."""
    company, choice = t.company(p), p.data.get("choice")
    cdef = t.title.company(company)
    if choice == "Map" and cdef is not None and cdef.destination:
        return [{"type": "place_token", "company": company, "hex": cdef.destination}]
    if choice == "Charter":
        return [{"type": "pass", "company": company}]
    raise Untranslatable(f"{p.where()}: choice {choice!r} is not translated")


def _assign(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1870's token privates: a private assigned to a hex puts its token there (the
    SCC's cattle, the GSC's port: the first assignment of the GSC is the open port, a
    second one on the same hex the closed port)."""
    if p.data.get("entity_type") != "company" or p.data.get("target_type") != "hex":
        raise Untranslatable(f"{p.where()}: assign of a {p.data.get('entity_type')} to a "
                             f"{p.data.get('target_type')} is not translated")
    private, hex_id = t.names.private(p.data["entity"], p.where()), str(p.data["target"])
    first = private not in t.assigned
    t.assigned[private] = hex_id
    if position is None:
        return []
    cities = [i for i, s in enumerate(t.board.content(position, hex_id).stops)
              if s.holds_tokens]
    out: JSON = {"type": "place_token", "company": t.acting(p, position), "hex": hex_id,
                 "city": cities[0] if cities else 0, "private": private}
    if first and private in OPEN_VARIANT.get(t.title.id, ()):
        out["open"] = True
    return [out]


def _loan(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1856's loans: the company takes one (``take_loan``) or repays one
    (``payoff_loan``); which of the bank's loans is the platform's bookkeeping."""
    kind = "take_loan" if p.data["type"] == "take_loan" else "repay_loan"
    return [{"type": kind, "company": t.company(p)}]


def _special_buy(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """1856's bridge or tunnel right bought by a company (``description``)."""
    what = str(p.data.get("description", ""))
    private = RIGHTS.get(t.title.id, {}).get(what)
    if private is None:
        raise Untranslatable(f"{p.where()}: special_buy {what!r} is not translated")
    return [{"type": "buy_right", "company": t.company(p), "private": private}]


def _platform(t: Translator, p: Played, position: JSON | None) -> list[JSON]:
    """The platform's own bookkeeping: 1870's ``destination_connection`` check (the
    engine makes the connection run in its own steps) and ``end_game`` (a table ending
    its game by hand: the values are compared where it stands). No player's act."""
    return []


LOAN_TYPES = frozenset({"take_loan", "payoff_loan"})

HANDLERS: dict[str, Handler] = {
    "pass": _pass, "bid": _bid, "par": _par, "buy_shares": _buy_shares,
    "sell_shares": _sell_shares, "lay_tile": _lay_tile, "place_token": _place_token,
    "run_routes": _run_routes, "dividend": _dividend, "buy_train": _buy_train,
    "discard_train": _discard_train, "buy_company": _buy_company, "bankrupt": _bankrupt,
    "choose": _choose, "assign": _assign, "destination_connection": _platform,
    "end_game": _platform, "take_loan": _loan, "payoff_loan": _loan,
    "special_buy": _special_buy, "merge": _merge, "remove_token": _remove_token,
}
