"""Records for the parts of a title that trains, routes and money need: train types,
phases with their rusting and limits, off-board values by phase, and the stock market.

These are plain data (filled from a title's data files by the loader); the mechanisms
that read them (route search, revenue, dividends, train purchase) live elsewhere.
Stop kinds a train may count: ``city``, ``town``, ``offboard``, ``halt``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Allowance:
    """One part of a train's reach: it may visit up to ``visit`` stops of ``kinds`` and
    is paid for up to ``pay`` of them (``pay < visit`` lets a train skip stops, as
    1825's U3 and 1870's later trains do where the title says so). 99 means unlimited."""

    kinds: frozenset[str]
    visit: int
    pay: int


@dataclass(frozen=True, slots=True)
class TrainType:
    """A train as the roster publishes it (``2``, ``3T``, ``U3``, ``8``, ``D``...)."""

    name: str
    distance: tuple[Allowance, ...]
    price: int
    count: int | None  # None: unlimited (a diesel-type train)
    #: the train whose first purchase rusts this one (None: never rusts)
    rusted_by: str | None = None
    #: the train whose first purchase makes this one obsolete (runs once more, then goes)
    obsolete_by: str | None = None
    #: the phase the first purchase of this train starts (None: no change)
    starts_phase: str | None = None
    #: the train may run only on single-track-capable routes etc. (title-specific flags)
    flags: frozenset[str] = frozenset()
    #: the first phase in which the train may be bought (None: when its turn comes)
    available_from: str | None = None
    #: trade-in allowances: (train given in, price reduction), e.g. 1830's diesel
    trade_in: tuple[tuple[str, int], ...] = ()
    #: events the first purchase triggers (``close_privates``, ``remove_tokens``...)
    events: tuple[str, ...] = ()
    #: stop kinds whose value the train counts twice (18AL's 4D; ``train_doubling``)
    doubles: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class PhaseDef:
    """A phase: the colours it allows and the train limit for each company type."""

    name: str
    colours: tuple[str, ...]
    train_limit: int
    #: colour used to pick off-board values (``yellow``, ``green``, ``brown``, ``gray``)
    offboard_colour: str = "yellow"
    #: limits by company type where the title prints several (1835: minor, major,
    #: prussian); ``train_limit`` is then the majors' limit
    limits_by_type: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class OffboardValue:
    """A red off-board area's revenue, by the phase colour in force."""

    by_colour: tuple[tuple[str, int], ...]

    def value(self, colour: str) -> int:
        table = dict(self.by_colour)
        if colour in table:
            return table[colour]
        # a later colour than the area lists pays the last listed value
        return self.by_colour[-1][1]


@dataclass(frozen=True, slots=True)
class MarketCell:
    price: int
    #: "" ordinary, or a zone such as "par", "yellow", "orange", "brown", "close"
    zone: str = ""


@dataclass(frozen=True, slots=True)
class MarketDef:
    """The stock market as a grid (row 0 at the top); ``None`` is a space off the chart.
    A one-row market is a 1D market (1870 and 1825 are 2D)."""

    rows: tuple[tuple[MarketCell | None, ...], ...] = field(hash=False)

    def cell(self, row: int, col: int) -> MarketCell | None:
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]):
            return self.rows[row][col]
        return None


@dataclass(frozen=True, slots=True)
class CompanyDef:
    id: str
    name: str
    home: str  # home hex ("" if the home is outside the modelled map region)
    home_city: int | None  # None: the company chooses the city when it places its home
    token_costs: tuple[int, ...]  # one entry per token; the first is the home token
    destination: str = ""  # destination hex (1870), "" if none
    float_percent: int | None = None  # share percentage sold to float, if published
    par: int | None = None  # a fixed par price, if the title prints one
    #: when set, every token after the home token costs this much per hex of
    #: straight-line distance from the home hex (1835; ``token_costs`` module)
    token_cost_per_hex: int = 0

    @property
    def tokens(self) -> int:
        return len(self.token_costs)
