"""Private companies' special powers as records.

The attribute model is the one the seeds use (seed 001, seed 003): a tile power
has ``tile``, ``when``, ``extra``, ``connected``, ``free``, ``reserved``; a token
power has ``when``, ``extra``, ``connected``, ``free``, ``reserved``,
``requires_tile_laid``; a private with both has ``closes`` and
``separate_execution``. ``usable_by`` says who may use the powers.

One generic mechanism (``oracle.eighteen.rules``) reads these records; nothing
in the code names a particular private.

``reserved`` (seeds 001 and 003): on a tile power, the hex kept for the power's own
tile lay; on a token power, a city slot kept for the private, like a home token's
kept slot. The seeds list it "no" for every private they cover (the D&H's hex is
kept free only while a player owns it, which is ``blocks``) and note that no private
has a reserved slot. The field is read as that: ``PrivateDef`` refuses a record
with ``reserved`` true, since no mechanism here keeps such a hex or slot (a title
that needs one needs that mechanism first), rather than accepting it and ignoring it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: ``when`` values: "track" = the tile-lay step; "token" = the token-lay step;
#: "turn" = any time in the company's turn (tile-lay or token-lay step); "whole_turn" =
#: any step of the turn from the tile lay on, also after the company bought the private
#: in its train step (1870's cattle and port tokens, as 18xx.games plays them).
WHEN_VALUES = ("track", "token", "turn", "whole_turn")
#: the steps of a turn in which a "whole_turn" power may act
WHOLE_TURN_STEPS = ("track", "token", "route", "dividend", "buy_train")
#: ``closes`` values: when using a power closes the private.
CLOSES_VALUES = ("never", "tile", "token", "any", "all")
#: ``usable_by`` values.
OWNING_COMPANY = "owning_company"
OWNING_PLAYERS_COMPANIES = "owning_players_companies"


@dataclass(frozen=True, slots=True)
class TilePower:
    hex: str
    tile: tuple[str, ...]  # the tile numbers allowed; empty = any tile of ``colour``
    colour: str  # "" = any colour the phase allows
    when: str
    extra: bool
    connected: bool
    free: bool
    reserved: bool
    #: further hexes the power acts on (1870's MRBC: the river hexes)
    also_hexes: tuple[str, ...] = ()
    #: taken off the lay's terrain cost (1870's MRBC: $40); 0 = none
    discount: int = 0
    #: companies for which a lay of this power on their home hex in their first
    #: operating round is free and extra, and the hex is not upgraded in that round
    #: (1870's MRBC for MP and SSW; private_variants.py)
    home_lay_for: tuple[str, ...] = ()

    def hexes(self) -> tuple[str, ...]:
        """Every hex the power acts on."""
        return (self.hex, *self.also_hexes)


@dataclass(frozen=True, slots=True)
class TokenPower:
    hexes: tuple[str, ...]
    when: str
    extra: bool
    connected: bool
    free: bool
    reserved: bool
    requires_tile_laid: bool | None  # None: not applicable (a preprinted tile is there)
    #: a bonus token (TP-BONUS-01) adds ``bonus`` to runs through the hex and
    #: takes no station slot; 0 = a station token.
    bonus: int = 0
    #: the phase in which bonus tokens leave the map ("" = never)
    bonus_removed_in_phase: str = ""
    #: the token's open variant (1870's open port, private_variants.py) adds
    #: ``bonus`` for the owning company and this for every other company, and does
    #: not close the private; 0 = no open variant
    open_bonus: int = 0


@dataclass(frozen=True, slots=True)
class SeparateExecution:
    """Can the two powers be used apart (seed 001, "Separate execution")?"""

    #: may the token power be used in a later turn than the tile power
    token_in_later_turn: bool
    #: does the token power survive a tile another company lays on the hex
    token_survives_other_tile: bool
    #: may the tile power still be used after the token power (None = open)
    tile_after_token: bool | None


@dataclass(frozen=True, slots=True)
class SaleTerms:
    """When the operating company may buy the private from a player (private_sale.py):
    in one of ``phases``, by one of ``buyers`` (empty: any company), for a price from
    ``min_price`` to ``max_price``."""

    phases: tuple[str, ...]
    min_price: int
    max_price: int
    buyers: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"phases": list(self.phases), "min_price": self.min_price,
                "max_price": self.max_price, "buyers": list(self.buyers)}


#: ``ExchangePower.sources`` values: the bank's unsold shares, the bank pool
EXCHANGE_SOURCES = ("ipo", "pool")


@dataclass(frozen=True, slots=True)
class ExchangePower:
    """The player who owns the private may exchange it for one share of ``company``
    from one of ``sources`` (``EXCHANGE_SOURCES``), if he then holds at most
    ``max_percent`` of that company, a limit that does not hold while the company's
    price is in one of the market zones ``limit_lifted_in``; the private closes
    (private_exchange.py; 1830's M&H: NYC, from the IPO or the pool, 60%, lifted in the
    orange and brown zones)."""

    company: str
    sources: tuple[str, ...]
    max_percent: int
    limit_lifted_in: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"company": self.company, "sources": list(self.sources),
                "max_percent": self.max_percent,
                "limit_lifted_in": list(self.limit_lifted_in)}


def half_to_double(value: int, phases: tuple[str, ...]) -> SaleTerms:
    """The usual terms: from half the face value (rounded up) to twice it."""
    return SaleTerms(phases=phases, min_price=-(-value // 2), max_price=2 * value)


@dataclass(frozen=True, slots=True)
class PrivateDef:
    id: str
    name: str
    value: int
    revenue: int
    usable_by: str
    #: the hex a player-owned private keeps free of other tile lays ("" = none)
    blocks: str
    tile: TilePower | None
    token: TokenPower | None
    closes: str
    separate_execution: SeparateExecution | None
    #: aspect -> the catalogue ruling a refusal on that aspect cites. Aspects: ``tile``,
    #: ``token``, ``token_timing``, ``blocks``, ``use`` (who may use it), ``closed``,
    #: ``token_lost``, ``requires_tile``, ``tile_after_token``.
    rulings: tuple[tuple[str, str], ...] = ()
    #: further hexes kept free while a player owns it (1830 B&O: I13 as well as I15)
    also_blocks: tuple[str, ...] = ()
    #: when a company may buy it from a player (private_sale.py); () = never
    #: (1830's B&O, 1870's SLSF)
    sale: tuple[SaleTerms, ...] = ()
    #: it closes when this company buys its first train (1830's B&O private); ""
    closes_on_train_of: str = ""
    #: its owning player may exchange it for a share (private_exchange.py; 1830's M&H)
    exchange: ExchangePower | None = None

    def __post_init__(self) -> None:
        """The record's words come from fixed vocabularies; a typo is refused at once."""
        whens = [p.when for p in (self.tile, self.token) if p is not None]
        if self.closes not in CLOSES_VALUES or any(w not in WHEN_VALUES for w in whens) or \
                self.usable_by not in (OWNING_COMPANY, OWNING_PLAYERS_COMPANIES):
            raise ValueError(f"private {self.id}: closes/when/usable_by outside the vocabulary")
        if any(p is not None and p.reserved for p in (self.tile, self.token)):
            raise ValueError(f"private {self.id}: a reserved hex or slot is not modelled "
                             "(blocks keeps a hex free while a player owns the private)")
        if self.exchange is not None and (not self.exchange.sources or any(
                s not in EXCHANGE_SOURCES for s in self.exchange.sources)):
            raise ValueError(f"private {self.id}: exchange sources outside the vocabulary")

    def blocks_hex(self, hex_id: str) -> bool:
        """Does a player owning this private keep ``hex_id`` free of tile lays?"""
        return bool(hex_id) and hex_id in (self.blocks, *self.also_blocks)

    def ruling(self, aspect: str) -> str:
        """The ruling to cite when a use of this private is refused on ``aspect``."""
        return dict(self.rulings).get(aspect, "")

    def to_json(self) -> dict[str, object]:
        """The record as data (for documentation and the adapter's hello)."""
        def power(p: TilePower | TokenPower | None) -> object:
            if p is None:
                return None
            out: dict[str, object] = {}
            for name in p.__slots__:
                value = getattr(p, name)
                out[name] = list(value) if isinstance(value, tuple) else value
            return out
        sep = self.separate_execution
        return {
            "id": self.id, "name": self.name, "value": self.value, "revenue": self.revenue,
            "usable_by": self.usable_by, "blocks": self.blocks,
            "tile": power(self.tile), "token": power(self.token), "closes": self.closes,
            "separate_execution": None if sep is None else {
                "token_in_later_turn": sep.token_in_later_turn,
                "token_survives_other_tile": sep.token_survives_other_tile,
                "tile_after_token": sep.tile_after_token},
            "also_blocks": list(self.also_blocks),
            "sale": [t.to_json() for t in self.sale],
            "closes_on_train_of": self.closes_on_train_of,
            "exchange": None if self.exchange is None else self.exchange.to_json(),
        }
