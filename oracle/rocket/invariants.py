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
from collections.abc import Callable, Iterable
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


class Holders(NamedTuple):
    """Who holds what a total counts, for the message of a broken one (it names the
    holder of a wrong amount, not only the sums)."""

    #: line -> (player, real shares) for each player holding some
    shares: dict[str, tuple[tuple[str, int], ...]]
    #: (player, supplementary shares on every line) for each player holding some
    supplementary: tuple[tuple[str, int], ...]
    #: city -> its own tokens, then (player, tokens) for each player holding some of its
    tokens: dict[str, tuple[tuple[str, tuple[str, ...]], ...]]


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
    #: made only for a message: every decode takes a tally, and few break a total
    holders: Callable[[], Holders] = lambda: Holders({}, (), {})


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
        passengers_left=state.passengers, bank_paid=state.bank_paid,
        holders=lambda: _holders_of_state(state))


def _holders_of_state(state: State) -> Holders:
    hands = list(zip(state.players, state.holdings, strict=True))
    tokens: dict[str, list[tuple[str, str]]] = {}
    for p, h in hands:
        for city, industry, n in h.tokens:
            tokens.setdefault(city, []).extend([(p, industry)] * n)
    return Holders(
        shares={ln.id: tuple((p, h.real[li]) for p, h in hands if h.real[li])
                for li, ln in enumerate(state.lines)},
        supplementary=tuple((p, sum(h.supplementary)) for p, h in hands if any(h.supplementary)),
        tokens={city: _where(on_city, tokens.get(city, ()))
                for city, on_city in zip(state.board.cities, state.city_tokens, strict=True)})


def _where(on_city: Iterable[str], in_hand: Iterable[tuple[str, str]]
           ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A city's tokens by holder: the city itself, then each player holding some."""
    hands: dict[str, list[str]] = {}
    for player, token in in_hand:
        hands.setdefault(player, []).append(token)
    return (("the city", tuple(on_city)),
            *((p, tuple(sorted(ts))) for p, ts in hands.items()))


def _tokens(on_city: Iterable[str], held: Iterable[dict[str, int]]) -> tuple[str, ...]:
    out = list(on_city)
    for per in held:  # ``_hand``'s loop, inline: every decode of a position runs it
        for industry, n in per.items():
            if 0 <= n <= 3:
                out.extend([industry] * n)
            else:
                out.append(f"{n} x {industry}")
    return tuple(sorted(out))


def _hand(per: dict[str, int]) -> list[str]:
    """One hand's tokens of one city."""
    out: list[str] = []
    for industry, n in per.items():
        if 0 <= n <= 3:
            out.extend([industry] * n)
        else:  # a count no hand can hold: kept as a marker that matches no token
            out.append(f"{n} x {industry}")
    return out


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
        bank_paid=supply["bank_paid"], holders=lambda: _holders_of_json(position))


def _holders_of_json(position: JSON) -> Holders:
    holdings = position["holdings"]
    supplementary = ((p, sum(s["supplementary"] for s in h["shares"].values()))
                     for p, h in holdings.items())
    return Holders(
        shares={lid: tuple((p, n) for p, h in holdings.items()
                           if (n := h["shares"].get(lid, {}).get("real", 0)))
                for lid in position["lines"]},
        supplementary=tuple((p, n) for p, n in supplementary if n),
        tokens={city: _where(position["city_tokens"].get(city, []),
                             [(p, t) for p, h in holdings.items()
                              for t in _hand(h["tokens"].get(city, {}))])
                for city in position["board"]["industries"]})


def _pounds(amount: int) -> str:
    return f"-£{-amount:,}" if amount < 0 else f"£{amount:,}"


def _each(counts: Iterable[tuple[str, object]]) -> str:
    """`` (p1 2, p2 1)``: who holds what, for a message (empty when nobody does)."""
    shown = ", ".join(f"{who} {n}" for who, n in counts)
    return f" ({shown})" if shown else ""


def _money_moves(before: Tally, after: Tally) -> str:
    """Whose money changed since ``before`` and what the bank paid meanwhile, so a sum
    that does not add up names the holder whose amount is off."""
    was = {p.player: p.money for p in before.players}
    moved = [f"{p.player} has {_pounds(abs(p.money - was[p.player]))} "
             f"{'more' if p.money > was[p.player] else 'less'}"
             for p in after.players if p.player in was and p.money != was[p.player]]
    paid = f"the bank paid {_pounds(after.bank_paid - before.bank_paid)} more"
    who = ", ".join(moved) or "no player's money changed"
    return f"; since the position before, {who} and {paid}"


def totals(t: Tally, before: Tally | None = None) -> list[Violation]:
    """The totals ``t`` breaks, in the order codec.check_consistent reports them. Each
    message names who holds what (a player's shares, money, tokens), not only the sums;
    with ``before`` (the position the action was applied to), money that does not add up
    also names whose amount changed."""
    out: list[Violation] = []
    for ln in t.lines:
        if ln.pile + ln.held + ln.discarded != SHARES_PER_LINE:
            out.append(Violation(f"lines.{ln.line}.pile",
                                 f"pile {ln.pile} + held {ln.held}"
                                 f"{_each(t.holders().shares.get(ln.line, ()))} + "
                                 f"discarded {ln.discarded} real shares; a line has exactly "
                                 f"{SHARES_PER_LINE}", "SR-SUP-02"))
    for p in t.players:
        if p.stations > STATIONS_PER_PLAYER:
            out.append(Violation(f"holdings.{p.player}.stations",
                                 f"{p.player} has {p.stations} stations; each player has "
                                 f"{STATIONS_PER_PLAYER}, never more", "SR-STA-02"))
    if t.supplementary_held != t.supplementary_issued:
        held = _each(t.holders().supplementary)
        out.append(Violation("supply.supplementary_issued",
                             f"players hold {t.supplementary_held} supplementary shares{held}, "
                             f"{t.supplementary_issued} issued"))
    passengers = t.passengers_left + sum(p.passengers for p in t.players)
    if passengers != PASSENGERS:
        where = _each([("supply", t.passengers_left),
                       *((p.player, p.passengers) for p in t.players if p.passengers)])
        out.append(Violation("supply.passengers",
                             f"{passengers} passenger tokens{where}; there are {PASSENGERS}"))
    if t.tiles_laid + t.tiles_elsewhere + t.tiles_left != TILES + t.imaginary_tiles:
        out.append(Violation("supply.tiles_left",
                             f"{t.tiles_laid} tiles laid + {t.tiles_elsewhere} elsewhere + "
                             f"{t.tiles_left} left is not {TILES}"
                             + (f" + {t.imaginary_tiles} imaginary" if t.imaginary_tiles else "")))
    if t.imaginary_tiles > 1:
        out.append(Violation("supply.imaginary_tiles", "at most the one 61st tile", "SR-MRG-04"))
    money = sum(p.money for p in t.players)
    if money != t.bank_paid:
        moves = _money_moves(before, t) if before is not None else ""
        out.append(Violation("supply.bank_paid",
                             f"money does not add up: players hold {_pounds(money)}"
                             f"{_each((p.player, _pounds(p.money)) for p in t.players)} but "
                             f"the bank paid {_pounds(t.bank_paid)}: money comes only from "
                             f"the bank{moves}"))
    for c in t.cities:
        if c.have != c.want:
            where = _each((f"{who} holds" if i else "on the city", list(ts))
                          for i, (who, ts) in enumerate(t.holders().tokens.get(c.city, ())))
            out.append(Violation(f"city_tokens.{c.city}",
                                 f"tokens on the city and in hand {dict(Counter(c.have))} "
                                 f"must be its three tokens {list(c.want)}{where}"))
    return out


def changes(before: Tally, after: Tally) -> list[Violation]:
    """What went back between two positions of one game: tiles to the supply, money or
    stations off the board, players appearing or leaving."""
    out: list[Violation] = []
    if after.tiles_left > before.tiles_left:
        out.append(Violation("supply.tiles_left", "tiles came back to the supply "
                             f"({before.tiles_left} left before, {after.tiles_left} after)"))
    if after.tiles_elsewhere != before.tiles_elsewhere:
        out.append(Violation("supply.tiles_elsewhere", "tiles laid off the drawn board changed "
                             f"({before.tiles_elsewhere} before, {after.tiles_elsewhere} after)"))
    old = {p.player: p for p in before.players}
    for p in after.players:
        was = old.get(p.player)
        if was is None:
            out.append(Violation(f"holdings.{p.player}", f"a player appeared: {p.player}"))
            continue
        if p.money < was.money:
            out.append(Violation(f"holdings.{p.player}.money",
                                 f"money went back to the bank: {p.player} has "
                                 f"{_pounds(p.money)}, had {_pounds(was.money)}"))
        if p.stations < was.stations:
            out.append(Violation(f"holdings.{p.player}.stations",
                                 f"a station left the board: {p.player} has {p.stations}, "
                                 f"had {was.stations}"))
    if {p.player for p in after.players} != set(old):
        out.append(Violation("players", "the players changed"))
    return out
