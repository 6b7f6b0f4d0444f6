"""What a Rocket position always keeps, written once (issue 9 item 4).

Shares, supplementary shares, tiles, stations, passengers, city tokens and money are
never created or lost. ``Tally`` holds the counts those totals are made of; it is taken
from the oracle's ``State`` (``of_state``, for ``codec.check_consistent``: every decoded
position and every action in the random-game tests) or from any engine's canonical JSON
(``of_json``, for ``conservation``: every action a scenario sends). ``totals`` says
which totals fail within one position, ``changes`` what went back between two (money,
laid tiles and stations on the board only ever grow). The constants live in
``oracle.rocket.state``; the schema's bounds are held equal to them by
tests/rocket/test_invariants.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

from oracle.rocket.state import PASSENGERS, SHARES_PER_LINE, STATIONS_PER_PLAYER, TILES, State

JSON = dict[str, Any]


class Violation(NamedTuple):
    """One broken total: the canonical-JSON field it shows in, why, and the ruling."""

    field: str
    message: str
    ruling: str = ""

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


class LineCount(NamedTuple):
    line: str
    pile: int
    held: int  # real shares in players' hands
    discarded: int


class PlayerCount(NamedTuple):
    player: str
    money: int
    stations: int  # on the board
    passengers: int


class CityCount(NamedTuple):
    city: str
    have: tuple[str, ...]  # on the city and in hand, sorted (a multiset)
    want: tuple[str, ...]  # the board's three, sorted


class Tally(NamedTuple):
    lines: tuple[LineCount, ...]
    players: tuple[PlayerCount, ...]
    cities: tuple[CityCount, ...]
    supplementary_held: int
    supplementary_issued: int
    tiles_laid: int
    tiles_elsewhere: int
    tiles_left: int
    imaginary_tiles: int
    passengers_left: int
    bank_paid: int


def of_state(state: State) -> Tally:
    holdings = state.holdings
    held_tokens: dict[str, list[str]] = {}
    for h in holdings:
        for city, industry, n in h.tokens:
            held_tokens.setdefault(city, []).extend([industry] * n)
    industries = state.board.industries
    cities = [CityCount(city, tuple(sorted([*on_city, *held_tokens.get(city, ())])),
                        tuple(sorted(industries[city])))
              for city, on_city in zip(state.board.cities, state.city_tokens, strict=True)]
    return Tally(
        lines=tuple(LineCount(ln.id, ln.pile, sum(h.real[li] for h in holdings), ln.discarded)
                    for li, ln in enumerate(state.lines)),
        players=tuple(PlayerCount(p, h.money, len(h.stations), h.passengers)
                      for p, h in zip(state.players, holdings, strict=True)),
        cities=tuple(cities),
        supplementary_held=sum(sum(h.supplementary) for h in holdings),
        supplementary_issued=state.supplementary_issued,
        tiles_laid=sum(len(ln.track) for ln in state.lines), tiles_elsewhere=state.tiles_elsewhere,
        tiles_left=state.tiles_left, imaginary_tiles=state.imaginary_tiles,
        passengers_left=state.passengers, bank_paid=state.bank_paid)


def _tokens(on_city: Iterable[str], held: Iterable[dict[str, int]]) -> tuple[str, ...]:
    out = list(on_city)
    for per in held:
        for industry, n in per.items():
            if 0 <= n <= 3:
                out.extend([industry] * n)
            else:  # a count no hand can hold: kept as a marker that matches no token
                out.append(f"{n} x {industry}")
    return tuple(sorted(out))


def of_json(position: JSON) -> Tally:
    """The counts of a canonical position (KeyError/TypeError if a field is missing)."""
    holdings = position["holdings"]
    supply = position["supply"]
    return Tally(
        lines=tuple(LineCount(lid, ln["pile"], sum(h["shares"].get(lid, {}).get("real", 0)
                                                   for h in holdings.values()), ln["discarded"])
                    for lid, ln in position["lines"].items()),
        players=tuple(PlayerCount(p, h["money"], len(h["stations"]), h["passengers"])
                      for p, h in holdings.items()),
        cities=tuple(CityCount(city, _tokens(position["city_tokens"].get(city, []),
                                             [h["tokens"].get(city, {})
                                              for h in holdings.values()]),
                               tuple(sorted(industries)))
                     for city, industries in position["board"]["industries"].items()),
        supplementary_held=sum(s["supplementary"] for h in holdings.values()
                               for s in h["shares"].values()),
        supplementary_issued=supply["supplementary_issued"],
        tiles_laid=sum(len(ln["track"]) for ln in position["lines"].values()),
        tiles_elsewhere=supply["tiles_elsewhere"], tiles_left=supply["tiles_left"],
        imaginary_tiles=supply["imaginary_tiles"], passengers_left=supply["passengers"],
        bank_paid=supply["bank_paid"])


def totals(t: Tally) -> list[Violation]:
    """The totals ``t`` breaks, in the order codec.check_consistent reports them."""
    out: list[Violation] = []
    for ln in t.lines:
        if ln.pile + ln.held + ln.discarded != SHARES_PER_LINE:
            out.append(Violation(f"lines.{ln.line}.pile",
                                 f"pile {ln.pile} + held {ln.held} + discarded {ln.discarded} "
                                 f"real shares; a line has exactly {SHARES_PER_LINE}",
                                 "SR-SUP-02"))
    for p in t.players:
        if p.stations > STATIONS_PER_PLAYER:
            out.append(Violation(f"holdings.{p.player}.stations",
                                 f"{p.stations} stations; each player has "
                                 f"{STATIONS_PER_PLAYER}, never more", "SR-STA-02"))
    if t.supplementary_held != t.supplementary_issued:
        out.append(Violation("supply.supplementary_issued",
                             f"players hold {t.supplementary_held} supplementary shares, "
                             f"{t.supplementary_issued} issued"))
    passengers = t.passengers_left + sum(p.passengers for p in t.players)
    if passengers != PASSENGERS:
        out.append(Violation("supply.passengers",
                             f"{passengers} passenger tokens; there are {PASSENGERS}"))
    if t.tiles_laid + t.tiles_elsewhere + t.tiles_left != TILES + t.imaginary_tiles:
        out.append(Violation("supply.tiles_left",
                             f"{t.tiles_laid} tiles laid + {t.tiles_elsewhere} elsewhere + "
                             f"{t.tiles_left} left is not {TILES}"
                             + (f" + {t.imaginary_tiles} imaginary" if t.imaginary_tiles else "")))
    if t.imaginary_tiles > 1:
        out.append(Violation("supply.imaginary_tiles", "at most the one 61st tile", "SR-MRG-04"))
    money = sum(p.money for p in t.players)
    if money != t.bank_paid:
        out.append(Violation("supply.bank_paid", f"players hold {money} but the bank paid "
                             f"{t.bank_paid}: money comes only from the bank"))
    for c in t.cities:
        if c.have != c.want:
            out.append(Violation(f"city_tokens.{c.city}",
                                 f"tokens on the city and in hand {dict(Counter(c.have))} "
                                 f"must be its three tokens {list(c.want)}"))
    return out


def changes(before: Tally, after: Tally) -> list[Violation]:
    """What went back between two positions of one game: tiles to the supply, money or
    stations off the board, players appearing or leaving."""
    out: list[Violation] = []
    if after.tiles_left > before.tiles_left:
        out.append(Violation("supply.tiles_left", "tiles came back to the supply"))
    if after.tiles_elsewhere != before.tiles_elsewhere:
        out.append(Violation("supply.tiles_elsewhere", "tiles laid off the drawn board changed"))
    old = {p.player: p for p in before.players}
    for p in after.players:
        was = old.get(p.player)
        if was is None:
            out.append(Violation(f"holdings.{p.player}", "a player appeared"))
            continue
        if p.money < was.money:
            out.append(Violation(f"holdings.{p.player}.money", "money went back to the bank"))
        if p.stations < was.stations:
            out.append(Violation(f"holdings.{p.player}.stations", "a station left the board"))
    if {p.player for p in after.players} != set(old):
        out.append(Violation("players", "the players changed"))
    return out
