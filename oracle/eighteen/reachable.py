"""Is a position one a whole game can reach? ``unreachable(title, position)`` lists every
invariant of whole-game play the position breaks, each naming the field and the rule.

Each condition is necessary, never sufficient: a position that breaks one is reached by
no sequence of legal actions from a new game; one that breaks none is not thereby shown
reachable (no move sequence is built). Each reads only what the title's data states
(phases, trains and their events, tile colours, the manifest, homes, the privates'
sale terms and blocked hexes); where the data is silent the condition says nothing.
The conditions, what play guarantees, and the source: ``CONDITIONS`` (docs/18xx.md,
"Reachable positions"). ``tests/eighteen/test_reachable.py`` holds them sound on seeded
random whole games of 1830 and 1870 and shows each one catching a position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cached_property, lru_cache
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.state import BonusToken, State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.reachable_track import components
from oracle.eighteen.whole.rights import FOR_SALE

JSON = dict[str, Any]

#: condition -> what whole-game play guarantees, and where the rule is published
CONDITIONS: dict[str, str] = {
    "home": "a company places its home token first in its first operating turn, before "
            "any track, token or train (published rules, operating turn order; 1825's "
            "variant minors start with their trains, ST-13)",
    "president": "only a company someone owns operates, holds tokens or buys trains "
                 "(a company is floated through its president's certificate)",
    "phase_trains": "trains are sold in order and each first purchase starts its phase: "
                    "no train of a later phase is held, and none the phase has rusted "
                    "(the title's train roster: starts_phase, rusted_by)",
    "tile_colours": "a tile is laid only in a colour the phase in force allows, and phases "
                    "never go back (the title's phases)",
    "tile_counts": "the tiles of a number laid and in the supply are at most the "
                   "manifest's (an upgrade returns the old tile to the supply)",
    "privates_closed": "the first train with the close_privates event closes every "
                       "private (the title's train events)",
    "privates_sold": "a whole game's private auction sells every private before the first "
                     "stock round (whole-game titles: 1830's and 1870's auction)",
    "certificates": "a private sold with a president's certificate gives its company a "
                    "president for good, and one that is only the certificate closes as "
                    "it is taken (the title's private certificates: 1830's B&O, 1870's SLSF)",
    "private_sales": "a company owns a private only by buying it in a phase its sale terms "
                     "name (whole-game titles: no terms means never)",
    "blocked_hexes": "no tile goes on a hex a private keeps free while a player owns it, "
                     "and no company ever sells a private back to a player (TP-DH30-03, "
                     "TP-WSR56-01)",
    "presidents": "the president holds at least as many shares as any other player "
                  "(a player holding more takes the presidency)",
    "track": "every tile is laid joined by track to a station of the laying company, "
             "or by a private's power on its own hex (TP-DH30-01, TP-WSR56-01, "
             "TP-PFB35-01); track is never removed",
    "bonus_tokens": "a bonus token is placed by its private's token power, one per "
                    "private, on a hex the power names, worth the power's bonus (1856's rights: "
                    "on the right's hexes, for at most three companies), and a "
                    "private that closes on its token is closed once the token is down "
                    "(TP-BONUS-01)",
    "stations": "a station token is placed where the company's track reaches from its "
                "home, or by a private's power on its hex (TP-DH30-02, TP-NF35-01, "
                "TP-PFB35-02, TP-WSR56-02, TP-WS18GA-01)",
}


@lru_cache(maxsize=32)
def _start_trains(title: str, options: tuple[tuple[str, str], ...],
                  players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The trains each company holds in a new game (1825's single-track minors)."""
    position = API.new_game(list(players), {"title": title, **dict(options)})
    return {c["id"]: tuple(c["trains"]) for c in position["companies"]}


class _Facts:
    """What the conditions share: the title as the options make it, the phase index."""

    def __init__(self, position: JSON) -> None:
        self.state: State = API.load(position)
        self.title: TitleData = API.title_with_options(self.state.title,
                                                       dict(self.state.options))
        self.order = [p.name for p in self.title.phases]
        self.phase = self.order.index(self.state.phase)
        self.privates = self.title.resolved_privates(dict(self.state.options))
        self.start = _start_trains(self.state.title, self.state.options,
                                   tuple(p.id for p in self.state.players))

    @cached_property
    def group(self) -> dict[str, int]:
        """Each hex with track or a station -> its joined group (``reachable_track``)."""
        return components(self.title, self.state)

    def index(self, phase: str | None) -> int | None:
        return self.order.index(phase) if phase in self.order else None

    def home(self, company: str) -> str:
        cdef = self.title.company(company)
        return cdef.home if cdef is not None and cdef.home in self.title.map.hexes else ""

    def tokens_of(self, company: str) -> list[str]:
        return [t.hex for t in self.state.tokens if t.company == company]

    def private_token_hexes(self) -> set[str]:
        return {h for p in self.privates.values() if p.token is not None
                for h in p.token.hexes}

    def private_tile_hexes(self) -> set[str]:
        return {h for p in self.privates.values() if p.tile is not None
                for h in p.tile.hexes()}

    def operated(self, company: str) -> list[str]:
        """Why ``company`` has operated, as far as the position shows."""
        c = self.state.company(company)
        why = []
        if c is not None and Counter(c.trains) - Counter(self.start.get(company, ())):
            why.append("holds trains it did not start with")
        if self.tokens_of(company):
            why.append("holds station tokens")
        turn = self.state.turn
        if turn.company == company and turn.step != "home":
            why.append(f"is in its {turn.step} step")
        return why


def _home(f: _Facts) -> list[str]:
    out = []
    for c in f.state.companies:
        home = f.home(c.id)
        if home and home not in f.tokens_of(c.id) and f.operated(c.id):
            out.append(f"companies[{c.id}]: {' and '.join(f.operated(c.id))} but has no "
                       f"token on its home {home}")
    return out


def _president(f: _Facts) -> list[str]:
    out = [f"companies[{c.id}].president: none, yet it {' and '.join(f.operated(c.id))}"
           for c in f.state.companies if c.president is None and f.operated(c.id)]
    turn = f.state.company(f.state.turn.company or "")
    if turn is not None and turn.president is None and not f.operated(turn.id):
        out.append(f"companies[{turn.id}].president: none, yet it is in its "
                   f"{f.state.turn.step} step")
    return out


def _phase_trains(f: _Facts) -> list[str]:
    held = [(f"companies[{c.id}].trains", t) for c in f.state.companies for t in c.trains]
    held += [("pool_trains", t) for t in f.state.pool_trains]
    out = []
    for where, name in held:
        train = f.title.train(name)
        if train is None:
            continue
        starts = [i for i in (f.index(train.starts_phase), f.index(train.available_from))
                  if i is not None]
        start = max(starts, default=None)
        if start is not None and start > f.phase:
            out.append(f"{where}: a {name} train in phase {f.state.phase}, before its "
                       f"phase {f.order[start]}")
        rust = f.title.train(train.rusted_by) if train.rusted_by else None
        rusts_at = f.index(rust.starts_phase) if rust is not None else None
        if rusts_at is not None and rusts_at <= f.phase:
            out.append(f"{where}: a {name} train in phase {f.state.phase}; the first "
                       f"{train.rusted_by} train (phase {f.order[rusts_at]}) rusted it")
    return out


def _tile_colours(f: _Facts) -> list[str]:
    phase = f.title.phases[f.phase]
    out = []
    for t in f.state.tiles:
        tile = f.title.map.tile(t.tile)
        if tile is not None and tile.colour not in phase.colours:
            out.append(f"tiles[{t.hex}]: a {tile.colour} tile {t.tile} in phase "
                       f"{phase.name}, which allows {', '.join(phase.colours)}")
    return out


def _tile_counts(f: _Facts) -> list[str]:
    count = Counter(t.tile for t in f.state.tiles) + Counter(dict(f.state.supply))
    return [f"supply[{tile}]: {f.state.supply_of(tile)} in the supply and "
            f"{n - f.state.supply_of(tile)} laid, the manifest holds "
            f"{f.title.supply.get(tile, 0)}"
            for tile, n in sorted(count.items()) if n > f.title.supply.get(tile, 0)]


def _privates_closed(f: _Facts) -> list[str]:
    closing = [t for t in f.title.trains if "close_privates" in t.events
               and (at := f.index(t.starts_phase)) is not None and at <= f.phase]
    if not closing:
        return []
    return [f"privates[{p.id}]: open in phase {f.state.phase}; the first "
            f"{closing[0].name} train closed every private" for p in f.state.privates
            if not p.closed]


def _privates_sold(f: _Facts) -> list[str]:
    if f.title.whole is None or (f.state.game is not None and f.state.game.kind == "auction"):
        return []
    return [f"privates[{p.id}].owner: none after the private auction" for p in f.state.privates
            if p.owner is None and not p.closed]


def _certificates(f: _Facts) -> list[str]:
    if f.title.whole is None:
        return []
    out = []
    for cert in f.title.whole.private_certificates:
        private = f.state.private(cert.private)
        company = f.state.company(cert.company)
        if private is None or private.owner is None or company is None:
            continue
        # a closed company (1870: whole/closure.py) has no president any more
        if cert.president and company.president is None and not company.closed:
            out.append(f"companies[{company.id}].president: none, yet {cert.private}, "
                       f"sold, brought its president's certificate")
        if cert.closes_private and not private.closed:
            out.append(f"privates[{cert.private}]: open, yet it closed as its buyer took "
                       f"the {company.id} certificate")
    return out


def _private_sales(f: _Facts) -> list[str]:
    companies = {c.id for c in f.state.companies}
    out = []
    for p in f.state.privates:
        pdef = f.privates.get(p.id)
        if pdef is None or p.owner not in companies:
            continue
        terms = [t for t in pdef.sale if not t.buyers or p.owner in t.buyers]
        firsts = [i for t in terms for i in (f.index(ph) for ph in t.phases) if i is not None]
        if not firsts and f.title.whole is not None:
            out.append(f"privates[{p.id}].owner: {p.owner}, but no company buys {p.id}")
        elif firsts and min(firsts) > f.phase:
            out.append(f"privates[{p.id}].owner: {p.owner} in phase {f.state.phase}; "
                       f"companies buy {p.id} from phase {f.order[min(firsts)]}")
    return out


def _blocked_hexes(f: _Facts) -> list[str]:
    players = {p.id for p in f.state.players}
    out = []
    for p in f.state.privates:
        pdef = f.privates.get(p.id)
        if pdef is None or p.closed or p.owner not in players:
            continue
        for hex_id in filter(None, (pdef.blocks, *pdef.also_blocks)):
            if f.state.laid(hex_id) is not None:
                out.append(f"tiles[{hex_id}]: a tile on the hex {p.id} keeps free while "
                           f"its owner {p.owner}, a player, holds it")
    return out


def _presidents(f: _Facts) -> list[str]:
    out = []
    for c in f.state.companies:
        holders = {k: n for k, n in c.shares if k in {p.id for p in f.state.players}}
        if c.president is None or not holders:
            continue  # a share before a president: 1830's C&A brings a PRR share
        top = max(holders.values())
        if holders.get(c.president, 0) < top:
            out.append(f"companies[{c.id}].president: {c.president} holds "
                       f"{holders.get(c.president, 0)} shares, another player {top}")
    return out


def _track(f: _Facts) -> list[str]:
    # a closed company's stations left the map (1870: whole/closure.py), so its track
    # may be joined to none now: no claim once one has closed
    if any(c.closed for c in f.state.companies):
        return []
    group = f.group
    anchors = {t.hex for t in f.state.tokens} | f.private_tile_hexes() | \
        {h for h, d in f.title.map.hexes.items() if d.exits}
    anchored = {group[h] for h in anchors if h in group}
    return [f"tiles[{t.hex}]: tile {t.tile} is joined by track to no station and is on "
            "no private's hex" for t in f.state.tiles
            if t.hex in group and group[t.hex] not in anchored]


def _stations(f: _Facts) -> list[str]:
    group = f.group
    free = f.private_token_hexes()
    out = []
    for t in f.state.tokens:
        home = f.home(t.company)
        if not home or t.hex == home or t.hex in free or home not in f.tokens_of(t.company):
            continue
        if group.get(t.hex) != group.get(home):
            out.append(f"tokens[{t.hex}]: {t.company}'s station is joined by no track to "
                       f"its home {home}")
    return out


def _bonus_tokens(f: _Facts) -> list[str]:
    rights = f.title.whole.rights if f.title.whole is not None else {}
    out = []
    for b in f.state.bonus_tokens:
        if b.private in rights:
            out += _right_token(f, b, rights[b.private])
            continue
        pdef = f.privates.get(b.private)
        power = pdef.token if pdef is not None else None
        where = f"bonus_tokens[{b.hex}]"
        if pdef is None or power is None or not power.bonus:
            out.append(f"{where}: {b.private} places no bonus token")
            continue
        if b.hex not in power.hexes:
            out.append(f"{where}: not a hex {b.private}'s token goes on")
        if b.value != power.bonus or b.others not in (0, power.open_bonus):
            out.append(f"{where}: worth {b.value}/{b.others}, {b.private}'s token is "
                       f"{power.bonus}/{power.open_bonus}")
        if (placed := sum(t.private == b.private for t in f.state.bonus_tokens)) > 1:
            out.append(f"{where}: {b.private} places one token, {placed} found")
        private = f.state.private(b.private)
        # the open variant (1870's open port, others > 0) leaves its private open
        if pdef.closes in ("token", "any") and not b.others and private is not None \
                and not private.closed:
            out.append(f"{where}: {b.private} open, yet placing its token closed it")
    return out


def _right_token(f: _Facts, b: BonusToken, right: tuple[tuple[str, ...], int]) -> list[str]:
    """1856's bridge and tunnel rights (whole/rights.py): a token on each of the right's
    hexes for the private's buyer and for at most ``FOR_SALE`` companies more."""
    hexes, bonus = right
    where = f"bonus_tokens[{b.hex}]"
    out = []
    if b.hex not in hexes or b.value != bonus or b.others:
        out.append(f"{where}: not {b.private}'s right ({bonus} on {', '.join(hexes)})")
    holders = {t.company for t in f.state.bonus_tokens
               if t.private == b.private and t.hex == b.hex}
    if len(holders) > 1 + FOR_SALE:
        out.append(f"{where}: {len(holders)} companies hold {b.private}'s right")
    return out


CHECKS: dict[str, Callable[[_Facts], list[str]]] = {
    "home": _home, "president": _president, "phase_trains": _phase_trains,
    "tile_colours": _tile_colours, "tile_counts": _tile_counts,
    "privates_closed": _privates_closed, "privates_sold": _privates_sold,
    "certificates": _certificates, "private_sales": _private_sales, "blocked_hexes": _blocked_hexes,
    "presidents": _presidents, "track": _track, "stations": _stations,
    "bonus_tokens": _bonus_tokens,
}


def unreachable(title: str, position: Mapping[str, Any]) -> list[str]:
    """Every whole-game invariant ``position`` (an 18xx position of ``title``) breaks,
    as ``"<condition>: <field>: <why>"``; empty when it breaks none. A position ``load``
    refuses raises its ``MalformedInput`` (money that does not add up is one)."""
    if position.get("title") != title:
        raise ValueError(f"the position is of {position.get('title')!r}, not {title!r}")
    facts = _Facts(dict(position))
    return [f"{name}: {problem}" for name, check in CHECKS.items() for problem in check(facts)]
