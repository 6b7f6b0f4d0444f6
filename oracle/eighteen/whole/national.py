"""The CGR forms from the companies merged into it (1856; 18xx.games's ``g_1856``:
``merge_major``, ``post_corp_nationalization``, ``national_share_swap``,
``calculate_national_price``, ``national_token_swap``), once every company in debt has
been decided on (``formation.py``):

* it takes their trains (all of them: its president then discards, ``national_turn.py``), their
  cash and their bridge and tunnel rights (a second right of one private goes back
  to the bank); their loans and any other bonus token go; they leave the game, and
  the privates they owned (all closed by now) with them;
* its shares: each player, in seating order from the president of the company that
  bought the first 6, gets one share for each two he held of the merged companies
  (their shares summed); an odd share, and the pool's shares likewise two for one, go
  to the pool; ten shares at first, twenty (each half a certificate) when the exchange
  hands out more than ten; the rest stay in its IPO. Its president is the first in
  that order given the most shares;
* its price: the average of the merged companies' prices (the lowest left out when
  more than two merged), rounded down to $5, then the top row's price nearest it (a
  tie goes up), at least $100; its IPO sells at that price (the money to the bank);
* its tokens: each merged company's home token becomes one of its own, then each of
  their other tokens not on one of those home hexes, one a city; where it then holds
  two on one hex, and for any over its ten, its president removes them
  (``national_turn.py``);
  it keeps the rest of its ten on its charter, at $100 each;
* it operates in the round at hand right after the company whose train formed it when
  none of the merged companies has operated yet; else from the next round, by its
  price (it takes the turn order's place of the buyer when the buyer merged, whose
  turn then ends).

A president given one share alone holds the president's certificate at half until he
buys the other (the platform's "false presidency": ``false_president.py``). A formation
with more home tokens than the CGR's ten (every company merging; the rules leave it
undefined, the platform says) is not modelled: the game ends there (``ended``:
``cgr_formation``) and is scored as it stands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from oracle.eighteen.model.finance import FULL, Finance
from oracle.eighteen.model.formation import Formation
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.state import Company, State, Token, Turn
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.model.whole_def import NationalDef
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import national_turn
from oracle.eighteen.whole.holdings import IPO, POOL, PRESIDENT_UNITS

#: how the position records a game ended at a CGR formation not modelled (above)
FORMATION = "cgr_formation"

def national_of(title: TitleData) -> NationalDef:
    assert title.whole is not None and title.whole.national is not None
    return title.whole.national


def form(rules: TurnContext, state: State, formation: Formation) -> State:
    """Every company in debt decided on: the CGR forms from those merged, or never."""
    if not formation.merging:
        return national_turn.finish(rules, state, None)
    title = rules.title(state)
    ndef = national_of(title)
    merged = [c for c in state.companies if c.id in formation.merging]
    merged.sort(key=lambda c: formation.merging.index(c.id))
    shares, president = exchange(state, ndef, formation.trigger, merged)
    tokens, removing, homes = token_swap(title, ndef, state, merged)
    if president is None or homes > ndef.company.tokens:
        return replace(national_turn.finish(rules, state, None), ended=FORMATION,
                       turn=Turn(None, "done"))
    half = dict(shares)[president] < PRESIDENT_UNITS  # false_president.py
    assert title.market is not None
    cell = start_cell(title.market, ndef, [c.share_price for c in merged])
    price = title.market.rows[cell[0]][cell[1]].price  # type: ignore[union-attr]
    keep = ndef.company.tokens
    trains = tuple(t for c in merged for t in c.trains)
    cgr = Company(ndef.company.id, president, sum(c.treasury for c in merged),
                  max(keep - len(tokens) + len(removing), 0), trains, price, cell,
                  _half(shares) if half else shares, par=price,
                  finance=Finance(FULL, started=True, owes_share=half,
                                  permanent=national_turn.any_permanent(title, trains)))
    state, turn_over = _take_over(rules, state, merged, cgr, tokens)
    formation = replace(formation, removing=removing,
                        excess=max(len(tokens) - len(removing) - keep, 0),
                        turn_over=turn_over)
    formation = replace(formation, discarding=national_turn.may_discard(
        rules, state, state.company(cgr.id) or cgr))
    return national_turn.finish(rules, state, formation)


def _half(shares: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The president's certificate at half: one share fewer in all (the IPO's)."""
    return tuple((h, n - 1 if h == IPO else n) for h, n in shares if h != IPO or n > 1)


def exchange(state: State, ndef: NationalDef, trigger: str,
             merged: list[Company]) -> tuple[tuple[tuple[str, int], ...], str | None]:
    """The CGR's shares (holder -> shares) and its president."""
    held: Counter[str] = Counter()
    market = 0
    for company in merged:
        for holder, count in company.shares:
            if holder == POOL:
                market += count
            elif state.player(holder) is not None:
                held[holder] += count
    seats = [p.id for p in state.players]
    first = seats.index(trigger) if trigger in seats else 0
    left, best, president = ndef.max_shares, 0, None
    awarded: dict[str, int] = {}
    for player in seats[first:] + seats[:first]:
        if player not in held:
            continue
        got = min(held[player] // ndef.exchange_units, left)
        market += held[player] % ndef.exchange_units
        left -= got
        awarded[player] = got
        if got > best:
            president, best = player, got
    pooled = min(market // ndef.exchange_units, left)
    left -= pooled
    total = ndef.max_shares if left < ndef.max_shares // 2 else ndef.max_shares // 2
    out = {**awarded, POOL: pooled, IPO: total - (ndef.max_shares - left)}
    return tuple(sorted((h, n) for h, n in out.items() if n)), president


def start_cell(market: MarketDef, ndef: NationalDef, prices: list[int]) -> tuple[int, int]:
    """The top row's cell nearest the merged companies' average price (the lowest left
    out of more than two), rounded down to $5; a tie goes up; at least ``min_price``."""
    prices = list(prices)
    if len(prices) > 2:
        prices.remove(min(prices))
    average = sum(prices) // (5 * len(prices)) * 5
    cells = [(c, cell.price) for c, cell in enumerate(market.rows[0])
             if cell is not None and cell.price >= ndef.min_price]
    col, _ = min(cells, key=lambda cp: (abs(cp[1] - average), -cp[1]))
    return 0, col


def token_swap(title: TitleData, ndef: NationalDef, state: State,
               merged: list[Company]) -> tuple[tuple[Token, ...], tuple[str, ...], int]:
    """The CGR's tokens in place of the merged companies' (their homes first, then one a
    city elsewhere off those home hexes), the hexes where it holds two (one to
    remove each), and how many homes it took over."""
    ids = [c.id for c in merged]
    homes: list[Token] = []
    for cid in ids:
        cdef = title.company(cid)
        home = next((t for t in state.tokens if t.company == cid and cdef is not None
                     and t.hex == cdef.home), None)
        if home is not None:
            homes.append(Token(home.hex, home.city, ndef.company.id))
    home_hexes = {t.hex for t in homes}
    tokens = list(homes)
    for cid in ids:
        for t in state.tokens:
            if t.company == cid and t.hex not in home_hexes and \
                    not any((x.hex, x.city) == (t.hex, t.city) for x in tokens):
                tokens.append(Token(t.hex, t.city, ndef.company.id))
    count = Counter(t.hex for t in tokens)
    removing = tuple(h for h in dict.fromkeys(t.hex for t in tokens)
                     for _ in range(count[h] - 1))
    return tuple(tokens), removing, len(homes)


def _take_over(rules: TurnContext, state: State, merged: list[Company], cgr: Company,
               tokens: tuple[Token, ...]) -> tuple[State, bool]:
    """The merged companies leave the game; the CGR joins it in their place. Whether
    the company whose turn it is merged (its turn ends with the formation)."""
    ids = [c.id for c in merged]
    rights = rules.title(state).whole.rights  # type: ignore[union-attr]
    bonus = [b for b in state.bonus_tokens if b.company not in ids]
    for cid in ids:  # a right the CGR holds already goes back to the bank
        taken = {b.private for b in bonus if b.company == cgr.id}
        bonus += [replace(b, company=cgr.id) for b in state.bonus_tokens
                  if b.company == cid and b.private in rights and b.private not in taken]
    privates = tuple(replace(p, owner=None, closed=True) if p.owner in ids else p
                     for p in state.privates)
    order, turn_over = _order(state, ids, cgr.id)
    market_order = None if state.market_order is None else \
        (*(c for c in state.market_order if c not in ids), cgr.id)
    turn = replace(state.turn, company=cgr.id) if turn_over else state.turn
    state = replace(state, companies=(*(c for c in state.companies if c.id not in ids), cgr),
                    tokens=(*(t for t in state.tokens if t.company not in ids), *tokens),
                    bonus_tokens=tuple(bonus), privates=privates, operating_order=order,
                    market_order=market_order, turn=turn)
    return state.canonical(), turn_over


def _order(state: State, ids: list[str], cgr: str) -> tuple[tuple[str, ...], bool]:
    """This round's operating order with the CGR in it: right after the company whose
    turn it is when none of the merged has operated yet; in its place when it merged;
    else just before it (it operates from the next round)."""
    order = list(state.operating_order)
    current = state.turn.company
    if current in ids:
        order[order.index(current)] = cgr
        return tuple(c for c in order if c not in ids), True
    at = order.index(current) if current in order else 0
    merged_at = [order.index(c) for c in ids if c in order]
    slot = at + 1 if merged_at and at < min(merged_at) else at
    order.insert(slot, cgr)
    return tuple(c for c in order if c not in ids), False
