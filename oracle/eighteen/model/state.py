"""The position: an immutable value with one canonical JSON form.

``State.from_json(state.to_json()) == state`` for every canonical state; the JSON
Schema is ``position.schema.json`` in this package.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from oracle.eighteen.model.finance import Finance
from oracle.eighteen.model.game_round import GameRound

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    cash: int

    def to_json(self) -> JSON:
        return {"id": self.id, "cash": self.cash}


@dataclass(frozen=True, slots=True)
class Company:
    id: str
    president: str | None
    treasury: int
    tokens_left: int
    trains: tuple[str, ...]
    share_price: int
    #: the price's cell on the title's market, (row, column); None where not modelled
    market: tuple[int, int] | None = None
    #: who holds the company's shares (player IDs, "ipo", "pool"), sorted; () where not
    #: modelled (dividends then go to the treasury only)
    shares: tuple[tuple[str, int], ...] = ()
    #: 1870 (DS-09..DS-13): how the one connection run ended, None before it:
    #: "placed" (a new destination token on the destination), "promoted" (a token
    #: already there became it, DS-13), "charter" (kept as the $100 token, DS-11)
    destination: str | None = None
    #: the held trains that are obsolete (18AL's 4 once the 7 is bought), sorted, a
    #: part of ``trains``: they run once more and leave after the company's next
    #: dividend (obsolete.py)
    obsolete: tuple[str, ...] = ()
    #: the company is in its first operating round (1870's MRBC home lay,
    #: private_variants.py): set by whoever floats it, cleared when its turn ends
    first_round: bool = False
    #: the par price (a whole game's company once its president's certificate is
    #: bought: its IPO shares sell at it); None where not modelled
    par: int | None = None
    #: 1856's capitalisation, escrow, loans and start (``model/finance.py``); None
    #: where the title has none
    finance: Finance | None = None
    #: the company closed (1870: its price reached a closing cell; whole/closure.py):
    #: it has no president, shares, price or assets left and never operates again
    closed: bool = False

    def to_json(self) -> JSON:
        out: JSON = {"id": self.id, "president": self.president, "treasury": self.treasury,
                     "tokens_left": self.tokens_left, "trains": list(self.trains),
                     "share_price": self.share_price}
        if self.market is not None:
            out["market"] = list(self.market)
        if self.shares:
            out["shares"] = dict(self.shares)
        if self.destination is not None:
            out["destination"] = self.destination
        if self.obsolete:
            out["obsolete"] = sorted(self.obsolete)
        if self.first_round:
            out["first_round"] = True
        if self.par is not None:
            out["par"] = self.par
        if self.finance is not None:
            out["finance"] = self.finance.to_json()
        if self.closed:
            out["closed"] = True
        return out

    @staticmethod
    def from_json(c: JSON) -> Company:
        market = c.get("market")
        return Company(c["id"], c["president"], c["treasury"], c["tokens_left"],
                       tuple(c["trains"]), c["share_price"],
                       (int(market[0]), int(market[1])) if market is not None else None,
                       tuple(sorted(c.get("shares", {}).items())), c.get("destination"),
                       tuple(sorted(c.get("obsolete", ()))), bool(c.get("first_round", False)),
                       c.get("par"),
                       Finance.from_json(c["finance"]) if "finance" in c else None,
                       bool(c.get("closed", False)))


@dataclass(frozen=True, slots=True)
class PrivateState:
    id: str
    owner: str | None  # a player ID, a company ID, or None (still in the bank)
    closed: bool = False
    tile_used: bool = False
    token_used: bool = False
    token_lost: bool = False  # TP-DH30-04: another company tiled the hex

    def to_json(self) -> JSON:
        return {"id": self.id, "owner": self.owner, "closed": self.closed,
                "tile_used": self.tile_used, "token_used": self.token_used,
                "token_lost": self.token_lost}


@dataclass(frozen=True, slots=True, order=True)
class LaidTile:
    hex: str
    tile: str
    rotation: int

    def to_json(self) -> JSON:
        return {"hex": self.hex, "tile": self.tile, "rotation": self.rotation}


@dataclass(frozen=True, slots=True, order=True)
class Token:
    hex: str
    city: int
    company: str

    def to_json(self) -> JSON:
        return {"hex": self.hex, "city": self.city, "company": self.company}


@dataclass(frozen=True, slots=True, order=True)
class BonusToken:
    hex: str
    private: str
    company: str
    value: int
    #: what it adds for every other company (1870's open port, private_variants.py)
    others: int = 0

    def to_json(self) -> JSON:
        out: JSON = {"hex": self.hex, "private": self.private, "company": self.company,
                     "value": self.value}
        if self.others:
            out["others"] = self.others
        return out


@dataclass(frozen=True, slots=True)
class Turn:
    """The operating company's turn: which step, and what it has used so far."""

    company: str | None
    step: str
    tile_lays: int = 0  # normal tile lays used this turn
    tokened: bool = False  # the turn's one token lay used
    special_tiles: tuple[str, ...] = ()  # privates whose tile power was used this turn
    revenue: int = 0  # the run's revenue, carried from the route step to the dividend step
    #: in a connection run (1870, DS-04/05/07): the company whose turn ended before
    #: it, or None when the runs open the operating round (a stock-round connection)
    after: str | None = None
    #: 1825 single track (ST-02): the hexes of this turn's yellow single-track lays
    single_track_hexes: tuple[str, ...] = ()
    #: privates whose token power was used this turn (private_variants.py)
    special_tokens: tuple[str, ...] = ()
    #: hexes of this turn's free home lay (1870's MRBC): not upgraded in the same turn
    home_lay_hexes: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        out: JSON = {"company": self.company, "step": self.step, "tile_lays": self.tile_lays,
                     "tokened": self.tokened, "special_tiles": list(self.special_tiles)}
        if self.step in ("dividend", "connection_dividend"):
            out["revenue"] = self.revenue
        if self.step.startswith("connection_"):
            out["after"] = self.after
        if self.single_track_hexes:
            out["single_track_hexes"] = list(self.single_track_hexes)
        if self.special_tokens:
            out["special_tokens"] = list(self.special_tokens)
        if self.home_lay_hexes:
            out["home_lay_hexes"] = list(self.home_lay_hexes)
        return out


#: laid tiles read by a scan below this many; else through an index per tuple of tiles
_SCANNED = 8
#: id(tiles) -> (the tuple, hex -> its first laid tile): a tile listing asks ``laid`` of
#: hundreds of hexes per position, and a tuple of tiles lives on, unchanged, in every
#: state an action that lays no tile makes. The tuple is held so its id stays its own.
_LAID: dict[int, tuple[tuple[LaidTile, ...], dict[str, LaidTile]]] = {}


def _laid_index(tiles: tuple[LaidTile, ...]) -> tuple[tuple[LaidTile, ...], dict[str, LaidTile]]:
    index: dict[str, LaidTile] = {}
    for tile in tiles:
        index.setdefault(tile.hex, tile)  # the first, as a scan finds it
    if len(_LAID) >= 256:
        _LAID.clear()
    found = _LAID[id(tiles)] = (tiles, index)
    return found


@dataclass(frozen=True, slots=True)
class State:
    title: str
    options: tuple[tuple[str, Any], ...]
    phase: str
    bank: int
    players: tuple[Player, ...]
    companies: tuple[Company, ...]
    privates: tuple[PrivateState, ...]
    tiles: tuple[LaidTile, ...]
    tokens: tuple[Token, ...]
    bonus_tokens: tuple[BonusToken, ...]
    supply: tuple[tuple[str, int], ...]
    operating_order: tuple[str, ...]
    turn: Turn
    #: trains left in the bank by type, sorted by name (None: unlimited; the roster
    #: order is the title's). A position with a depot plays the train steps (route,
    #: dividend, buy_train) after the token step; one without stops after the token
    #: step, as before trains existed.
    depot: tuple[tuple[str, int | None], ...] | None = None
    #: trains in the open market (the bank pool), sorted: discarded over the train
    #: limit after a phase change, for sale at face value (docs/18xx.md)
    pool_trains: tuple[str, ...] = ()
    #: the bank's cash ran out (bank.py): the game ends when the set of operating
    #: rounds does; ``bank`` may then be below zero
    bank_broken: bool = False
    #: which operating round of its set the position is in, (k, n): round k of n
    #: (rounds.py); None where the position does not say (one round, as before)
    round: tuple[int, int] | None = None
    #: the game ended inside a turn, and why (``bankruptcy``: emergency.py); None
    #: while it goes on
    ended: str | None = None
    #: a whole game's round (auction, stock, operating: ``model/game_round.py``);
    #: None for a position that is one operating turn
    game: GameRound | None = None
    #: the order the companies came to their market cells, earliest first: a company
    #: whose price moves to another cell goes to the end (whole games; ties in the
    #: operating order go to the earlier, ``operating.operating_order``); None where
    #: not kept
    market_order: tuple[str, ...] | None = None

    # -- lookups -------------------------------------------------------------
    def company(self, company_id: str) -> Company | None:
        return next((c for c in self.companies if c.id == company_id), None)

    def player(self, player_id: str) -> Player | None:
        return next((p for p in self.players if p.id == player_id), None)

    def private(self, private_id: str) -> PrivateState | None:
        return next((p for p in self.privates if p.id == private_id), None)

    def laid(self, hex_id: str) -> LaidTile | None:
        tiles = self.tiles
        if len(tiles) < _SCANNED:
            return next((t for t in tiles if t.hex == hex_id), None)
        found = _LAID.get(id(tiles))
        if found is None or found[0] is not tiles:
            found = _laid_index(tiles)
        return found[1].get(hex_id)

    def supply_of(self, tile: str) -> int:
        return dict(self.supply).get(tile, 0)

    # -- functional updates ---------------------------------------------------
    def with_company(self, company: Company) -> State:
        state = replace(self, companies=tuple(company if c.id == company.id else c
                                              for c in self.companies))
        old = self.company(company.id)
        if self.market_order is not None and old is not None and old.market != company.market:
            # a company that reaches a cell stacks behind those already there
            state = replace(state, market_order=(
                *(c for c in self.market_order if c != company.id), company.id))
        return state

    def with_private(self, private: PrivateState) -> State:
        return replace(self, privates=tuple(private if p.id == private.id else p
                                            for p in self.privates))

    def canonical(self) -> State:
        """Sort the parts whose order carries no meaning."""
        return replace(self, options=tuple(sorted(self.options)),
                       tiles=tuple(sorted(self.tiles)), tokens=tuple(sorted(self.tokens)),
                       bonus_tokens=tuple(sorted(self.bonus_tokens)),
                       supply=tuple(sorted(self.supply)),
                       pool_trains=tuple(sorted(self.pool_trains)))

    # -- JSON -----------------------------------------------------------------
    def to_json(self) -> JSON:
        return {
            "game": "18xx",
            "title": self.title,
            "options": dict(self.options),
            "phase": self.phase,
            "bank": self.bank,
            "players": [p.to_json() for p in self.players],
            "companies": [c.to_json() for c in self.companies],
            "privates": [p.to_json() for p in self.privates],
            "tiles": [t.to_json() for t in sorted(self.tiles)],
            "tokens": [t.to_json() for t in sorted(self.tokens)],
            "bonus_tokens": [t.to_json() for t in sorted(self.bonus_tokens)],
            "supply": dict(sorted(self.supply)),
            "operating_order": list(self.operating_order),
            "turn": self.turn.to_json(),
            **({"depot": dict(self.depot)} if self.depot is not None else {}),
            **({"pool_trains": sorted(self.pool_trains)} if self.pool_trains else {}),
            **({"bank_broken": True} if self.bank_broken else {}),
            **({"round": {"operating": self.round[0], "of": self.round[1]}}
               if self.round is not None else {}),
            **({"ended": self.ended} if self.ended is not None else {}),
            **({"game_round": self.game.to_json()} if self.game is not None else {}),
            **({"market_order": list(self.market_order)}
               if self.market_order is not None else {}),
        }

    @staticmethod
    def from_json(data: JSON) -> State:
        """Build from JSON already checked against the schema."""
        turn = data["turn"]
        return State(
            title=data["title"],
            options=tuple(sorted(data["options"].items())),
            phase=data["phase"],
            bank=data["bank"],
            players=tuple(Player(p["id"], p["cash"]) for p in data["players"]),
            companies=tuple(Company.from_json(c) for c in data["companies"]),
            privates=tuple(PrivateState(p["id"], p["owner"], p["closed"], p["tile_used"],
                                        p["token_used"], p["token_lost"])
                           for p in data["privates"]),
            tiles=tuple(sorted(LaidTile(t["hex"], t["tile"], t["rotation"])
                               for t in data["tiles"])),
            tokens=tuple(sorted(Token(t["hex"], t["city"], t["company"])
                                for t in data["tokens"])),
            bonus_tokens=tuple(sorted(BonusToken(t["hex"], t["private"], t["company"],
                                                 t["value"], t.get("others", 0))
                                      for t in data["bonus_tokens"])),
            supply=tuple(sorted(data["supply"].items())),
            operating_order=tuple(data["operating_order"]),
            turn=Turn(turn["company"], turn["step"], turn["tile_lays"], turn["tokened"],
                      tuple(turn["special_tiles"]),
                      turn.get("revenue", 0)
                      if turn["step"] in ("dividend", "connection_dividend") else 0,
                      turn.get("after") if turn["step"].startswith("connection_") else None,
                      tuple(turn.get("single_track_hexes", ())),
                      tuple(turn.get("special_tokens", ())),
                      tuple(turn.get("home_lay_hexes", ()))),
            depot=tuple(sorted(data["depot"].items())) if "depot" in data else None,
            pool_trains=tuple(sorted(data.get("pool_trains", ()))),
            bank_broken=bool(data.get("bank_broken", False)),
            round=(int(data["round"]["operating"]), int(data["round"]["of"]))
            if "round" in data else None,
            ended=data.get("ended"),
            game=GameRound.from_json(data["game_round"]) if "game_round" in data else None,
            market_order=tuple(data["market_order"]) if "market_order" in data else None,
        )
