"""The facts of a position its schema cannot see (``EighteenAPI.load`` checks the
schema first): the IDs, the companies and privates the title has, the tiles, the
tokens and their slots, the money, the trains and the turn. Each refusal names the
bad field (``MalformedInput``); the checks run in this order, so the first bad field
is the one named."""

from __future__ import annotations

from collections import Counter

from oracle.core.errors import MalformedInput
from oracle.eighteen.mechanisms import obsolete
from oracle.eighteen.mechanisms.destinations import destination_tokens, extra_tokens
from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.turn.registry import STEP_NAMES

#: the steps without an operating company: the turn is over, or a whole game is in its
#: private auction or a stock round (oracle/eighteen/whole)
PLAYERS_STEPS = ("done", "auction", "stock")


def check(title: TitleData, state: State) -> None:
    """Refuse the first fact of ``state`` that ``title`` (as its options make it)
    does not allow."""
    if title.phase(state.phase) is None:
        raise MalformedInput("phase", f"{state.phase!r} is not a phase of {title.id}")
    player_ids = [p.id for p in state.players]
    company_ids = [c.id for c in state.companies]
    _companies(title, state, player_ids, company_ids)
    known_privates = _privates(title, state, player_ids, company_ids)
    _tiles(title, state)
    _tokens(title, state, company_ids)
    for b in state.bonus_tokens:
        if b.private not in known_privates or b.company not in company_ids:
            raise MalformedInput("bonus_tokens", "unknown private or company")
    for cid in state.operating_order:
        if cid not in company_ids:
            raise MalformedInput("operating_order", f"unknown company {cid!r}")
    if state.bank < 0 and not state.bank_broken:
        raise MalformedInput("bank", "below zero only once the bank is broken")
    _money_adds_up(title, state)
    _trains(title, state)
    obsolete.check_position(title, state)
    _turn(state, company_ids)
    _game(title, state, player_ids)


def _companies(title: TitleData, state: State, player_ids: list[str],
               company_ids: list[str]) -> None:
    _distinct("players", player_ids)
    _distinct("companies", company_ids)
    if set(player_ids) & set(company_ids):
        raise MalformedInput("players", "a player and a company share an ID")
    for c in state.companies:
        cdef = title.company(c.id)
        if cdef is None:
            raise MalformedInput("companies", f"{c.id} is not a company of {title.id}")
        if c.president is not None and c.president not in player_ids:
            raise MalformedInput(f"companies.{c.id}.president", "not a player")
        placed = sum(1 for t in state.tokens if t.company == c.id)
        if placed + c.tokens_left > cdef.tokens + extra_tokens(c) + _giving_up(state, c.id):
            raise MalformedInput(f"companies.{c.id}.tokens_left",
                                 f"more than the charter's {cdef.tokens} tokens")
        if c.destination is not None and not cdef.destination:
            raise MalformedInput(f"companies.{c.id}.destination", "no destination")
        if c.closed and (c.president or c.shares or c.trains or c.treasury or placed
                         or c.market is not None):  # 1870 (whole/closure.py)
            raise MalformedInput(f"companies.{c.id}.closed", "a closed company has no "
                                 "president, shares, trains, cash, price or map token")


def _privates(title: TitleData, state: State, player_ids: list[str],
              company_ids: list[str]) -> list[str]:
    """The title's private IDs, once the position's privates are its own."""
    known_privates = sorted(p.id for p in title.privates)
    _distinct("privates", [p.id for p in state.privates])
    unknown = sorted({p.id for p in state.privates} - set(known_privates))
    if unknown:  # a private the title lacks; one it has may be left out (not in play)
        raise MalformedInput("privates", f"{', '.join(unknown)}: not a private of "
                             f"{title.id} (its privates: {', '.join(known_privates)})")
    for p in state.privates:
        if p.owner is not None and p.owner not in player_ids + company_ids:
            raise MalformedInput(f"privates.{p.id}.owner", f"unknown owner {p.owner!r}")
    return known_privates


def _tiles(title: TitleData, state: State) -> None:
    _distinct("tiles", [t.hex for t in state.tiles])
    for t in state.tiles:
        if t.hex not in title.map.hexes:
            raise MalformedInput("tiles", f"hex {t.hex} is not on the {title.id} map")
        if t.tile not in title.map.catalogue:
            raise MalformedInput("tiles", f"unknown tile {t.tile!r}")
    for tile_id in dict(state.supply):
        if tile_id not in title.map.catalogue:
            raise MalformedInput("supply", f"unknown tile {tile_id!r}")


def _tokens(title: TitleData, state: State, company_ids: list[str]) -> None:
    slots: Counter[tuple[str, int]] = Counter()
    outside = destination_tokens(title, state)  # DS-12: they take no slot
    for tok in state.tokens:
        if tok.hex not in title.map.hexes:
            raise MalformedInput("tokens", f"hex {tok.hex} is not on the {title.id} map")
        if tok.company not in company_ids:
            raise MalformedInput("tokens", f"unknown company {tok.company!r}")
        tile, _ = hex_content(title.map, state, tok.hex)
        if tok in outside and tok.city < len(tile.stops):
            continue
        if tok.city >= len(tile.stops) or not tile.stops[tok.city].holds_tokens:
            raise MalformedInput("tokens", f"{tok.hex} has no city {tok.city}")
        slots[(tok.hex, tok.city)] += 1
        if slots[(tok.hex, tok.city)] > tile.stops[tok.city].slots:
            raise MalformedInput("tokens", f"too many tokens in {tok.hex} city {tok.city}")


def _trains(title: TitleData, state: State) -> None:
    known_trains = {t.name for t in title.trains}
    for name in state.pool_trains:
        if name not in known_trains:
            raise MalformedInput("pool_trains", f"{state.title} has no train {name!r}")
    for c in state.companies:
        for name in c.trains:
            if name not in known_trains:
                raise MalformedInput(f"companies.{c.id}.trains",
                                     f"{state.title} has no train {name!r}")


def _turn(state: State, company_ids: list[str]) -> None:
    turn = state.turn
    if turn.step not in STEP_NAMES:
        raise MalformedInput("turn.step", f"unknown step {turn.step!r} (known: "
                             f"{', '.join(STEP_NAMES)})")
    if (turn.company is None) != (turn.step in PLAYERS_STEPS):
        raise MalformedInput("turn", "a turn has a company exactly when it is not done "
                             "(nor a whole game's auction or stock round)")
    if state.ended is not None and turn.step != "done":
        raise MalformedInput("ended", "a game that ended has no turn going on")
    if turn.company is not None and turn.company not in company_ids:
        raise MalformedInput("turn.company", f"unknown company {turn.company!r}")
    if turn.after is not None and turn.after not in company_ids:
        raise MalformedInput("turn.after", f"unknown company {turn.after!r}")
    if state.round is not None and state.round[0] > state.round[1]:
        raise MalformedInput("round", f"round {state.round[0]} of a set of "
                             f"{state.round[1]}")


def _game(title: TitleData, state: State, player_ids: list[str]) -> None:
    """A whole game's round (``model/game_round.py``) stands where its turn does."""
    game = state.game
    if game is None:
        if state.turn.step in ("auction", "stock"):
            raise MalformedInput("turn.step", f"{state.turn.step}: only in a whole game")
        return
    if title.whole is None:
        raise MalformedInput("game_round", f"{title.id} is not played as a whole game here")
    wanted = {"auction": "auction", "stock": "stock"}.get(game.kind)
    if wanted is not None and state.turn.step != wanted and state.ended is None:
        raise MalformedInput("turn.step", f"the {game.kind} round's step is {wanted}")
    if wanted is None and state.turn.step in ("auction", "stock"):
        raise MalformedInput("turn.step", "an operating round's step")
    named = [game.priority, game.acting, game.last_actor, game.resume_after,
             *(b.player for b in game.bids), *(p for p, _ in game.sold),
             *(who for s in game.protection for who in (s.seller, s.president))]
    for who in named:
        if who is not None and who not in player_ids:
            raise MalformedInput("game_round", f"unknown player {who!r}")
    deciding = game.kind == "operating" and bool(game.protection)  # or_protection.py
    if not deciding and (game.acting is None) == (wanted is not None and state.ended is None):
        raise MalformedInput("game_round.acting", "a player acts exactly in the auction "
                             "and the stock rounds")
    privates = {p.id for p in title.privates}
    for b in game.bids:
        if b.private not in privates:
            raise MalformedInput("game_round.bids", f"unknown private {b.private!r}")
    order = list(state.market_order or ())
    _distinct("market_order", order)
    known = {c.id for c in state.companies if c.market is not None}
    if set(order) - known:
        raise MalformedInput("market_order", f"{sorted(set(order) - known)}: no company with "
                             "a market cell")
    national = title.whole.national
    for c in state.companies:
        most = national.max_shares if national is not None and c.id == national.company.id \
            else 10
        if sum(n for _, n in c.shares) > most:
            raise MalformedInput(f"companies.{c.id}.shares", f"more than {most} shares")
    _formation(state, player_ids)


def _giving_up(state: State, company_id: str) -> int:
    """The tokens a national forming holds beyond its charter until its president
    removes them (1856's CGR: ``model/formation.py``)."""
    formation = state.game.formation if state.game is not None else None
    if formation is None or formation.national != company_id:
        return 0
    return len(formation.removing) + formation.excess


def _formation(state: State, player_ids: list[str]) -> None:
    """A national's formation (1856's CGR) stands in an operating round: its deciders
    are companies of the position, its national one once they have all decided."""
    game = state.game
    formation = game.formation if game is not None else None
    if formation is None or game is None:
        return
    if game.kind != "operating" or state.ended is not None:
        raise MalformedInput("game_round.formation", "only in an operating round going on")
    if formation.trigger not in player_ids:
        raise MalformedInput("game_round.formation.trigger", f"unknown player "
                             f"{formation.trigger!r}")
    known = {c.id for c in state.companies}
    for cid in (*formation.deciding, *formation.merging):
        if cid not in known and (formation.deciding or cid not in formation.merging):
            raise MalformedInput("game_round.formation", f"unknown company {cid!r}")
    formed = formation.national in known
    if formed == bool(formation.deciding) or (formation.deciding and (
            formation.removing or formation.excess or formation.discarding)):
        raise MalformedInput("game_round.formation", "the national forms once every "
                             "company in debt is decided on, and then decides alone")


def _money_adds_up(title: TitleData, state: State) -> None:
    """Money is conserved (docs/18xx.md, "Conservation"): the bank's cash, the
    players' cash and the companies' treasuries, the only places a position holds
    money, add up to the title's total (``title.bank``: the bank's cash before
    ``new_game`` gives the players theirs out of it), as every action keeps them
    (``conservation``). A broken bank's cash below zero is what it has paid beyond its
    own and counts as such. Named ``bank``: the holder that makes up the rest; the
    message names every player's cash and every treasury holding any, so the holder of
    a wrong amount shows."""
    players = sum(p.cash for p in state.players)
    companies = sum(c.treasury for c in state.companies)
    held = state.bank + players + companies
    if held != title.bank:
        each = ", ".join(f"{p.id} {p.cash}" for p in state.players)
        treasuries = ", ".join(f"{c.id} {c.treasury}" for c in state.companies if c.treasury)
        treasuries = f" ({treasuries})" if treasuries else ""
        raise MalformedInput("bank", f"bank {state.bank} + players {players} ({each}) + "
                             f"companies {companies}{treasuries} = {held}, not {title.bank} "
                             f"({title.id}'s total)")


def _distinct(field: str, ids: list[str]) -> None:
    dup = [i for i, n in Counter(ids).items() if n > 1]
    if dup:
        raise MalformedInput(field, f"duplicate IDs {dup}")
