"""The operating turn's mechanism: legality and effects of each action.

Nothing here names a private or a title: the private records
(``oracle.eighteen.model.privates``) and the title data say what a power allows, and
these functions read them. Rulings are cited where a check rests on one.

A ``Rules`` object is what the API calls; a mutant is a subclass overriding one
small method, or the same class given changed title data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen import (
    destinations,
    emergency,
    excess,
    operating,
    private_exchange,
    private_sale,
    private_variants,
    rounds,
    token_costs,
)
from oracle.eighteen.connection import CONNECTION_STEPS, CONNECTIONS, ConnectionRules
from oracle.eighteen.mechanisms import (
    destination_slot,
    obsolete,
    river,
    tile_lays,
    token_distance,
    water_borders,
)
from oracle.eighteen.model.actions import (
    Action,
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    DiscardTrain,
    Dividend,
    ExchangePrivate,
    LayTile,
    Pass,
    PlaceToken,
    RunRoutes,
    SellShares,
)
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.borders import crossing_edges, off_map_edges
from oracle.eighteen.model.city_map import city_now, move_tokens
from oracle.eighteen.model.privates import OWNING_COMPANY, PrivateDef, TilePower, TokenPower
from oracle.eighteen.model.state import (
    BonusToken,
    Company,
    LaidTile,
    PrivateState,
    State,
    Token,
    Turn,
)
from oracle.eighteen.model.tiles import TileDef, stop_mapping, upgrade_problem
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.routes.graph import Reach, TrackGraph, end_node, hex_content
from oracle.eighteen.single_track import SingleTrack
from oracle.eighteen.titles import TITLES


def refuse(code: str, reason: str, ruling: str = "") -> IllegalAction:
    return IllegalAction(code, ruling, reason)


@lru_cache(maxsize=512)
def _reach(board: MapDef, state: State, company: str,
           passable: frozenset[Token] = frozenset()) -> Reach:
    return TrackGraph(board, state, passable=passable).reach(company)


class Rules:
    """Legality and effects, reading title data and private records."""

    #: 1825's single-track variant (ST-01..ST-13); a mutant swaps in a changed one
    single_track: SingleTrack = SingleTrack()

    def __init__(self, titles: Mapping[str, TitleData] | None = None,
                 connections: ConnectionRules | None = None) -> None:
        self.titles: Mapping[str, TitleData] = titles if titles is not None else TITLES
        #: 1870's connection runs (oracle/eighteen/connection.py)
        self.connections = connections if connections is not None else CONNECTIONS

    # -- data lookups ----------------------------------------------------------
    def title(self, state: State) -> TitleData:
        """The title as the position's options make it (1825 single track adds tiles
        and minors: ``single_track.title_for``)."""
        return self.single_track.title_for(self.titles[state.title], state.options)

    def private_defs(self, state: State) -> dict[str, PrivateDef]:
        return self.title(state).resolved_privates(dict(state.options))

    def reach(self, state: State, company: str) -> Reach:
        title = self.title(state)  # DS-12 option: extra-slot destination tokens
        return _reach(title.map, state, company, destination_slot.outside_slots(title, state))

    def phase_colours(self, state: State) -> tuple[str, ...]:
        phase = self.title(state).phase(state.phase)
        return phase.colours if phase else ()

    def first_step(self, state: State, company_id: str) -> str:
        """Home token first if the company has none on the map and its home is here."""
        cdef = self.title(state).company(company_id)
        has_token = any(t.company == company_id for t in state.tokens)
        if cdef is not None and cdef.home in self.title(state).map.hexes and not has_token:
            return "home"
        return "track"

    # -- the dispatcher (the operating turn composed from steps) ----------------
    def apply(self, state: State, action: Action) -> State:
        """The checked path: refuse with a reason code, or return the new state."""
        if isinstance(action, ExchangePrivate):  # a player's, at any step (no company)
            return private_exchange.exchange(self, state, action)
        if state.turn.step == excess.STEP:
            # the discards after a phase change are made by the companies over the
            # limit, not only the operating one (excess.py)
            if not isinstance(action, DiscardTrain):
                raise refuse("train/discard_first", "companies over the train limit "
                             "discard first")
            if state.company(action.company) is None:
                raise MalformedInput("company", f"unknown company {action.company!r}")
            return excess.discard(self, state, action)
        if isinstance(action, DiscardTrain):
            raise refuse("train/not_over_limit", "no company must discard now")
        company = self._operating(state, action.company)
        step = state.turn.step
        if step != "done" and step not in self.title(state).operating_steps:
            raise refuse("step/not_in_title", f"{state.title} has no {step} step")
        for handler in STEP_HANDLERS.get(step, ()):
            if handler.handles(action):
                return handler.process(self, state, company, action)
        raise refuse("step/wrong_step", f"no such action in the {step} step")

    def _operating(self, state: State, company_id: str) -> Company:
        company = state.company(company_id)
        if company is None:
            raise MalformedInput("company", f"unknown company {company_id!r}")
        if state.turn.company != company_id:
            if state.turn.step in CONNECTION_STEPS:
                # DS-05 (runs opening the round) or DS-07 (runs between turns)
                raise refuse("connection/runs_first",
                             f"{state.turn.company}'s connection run comes first",
                             "DS-05" if state.turn.after is None else "DS-07")
            raise refuse("turn/not_operating", f"{company_id} is not the operating company")
        return company

    # -- shared checks -----------------------------------------------------------
    def hex_or_malformed(self, state: State, hex_id: str) -> None:
        if hex_id not in self.title(state).map.hexes:
            raise MalformedInput("hex", f"hex {hex_id!r} is not on the {state.title} map")

    def check_upgrade(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
        board = self.title(state).map
        old, old_rotation = hex_content(board, state, hex_id)
        label = board.hexes[hex_id].label_for(tile.colour, old.label)
        halt = self.single_track.halt_upgrade(state, old, old_rotation, tile, rotation, label)
        problem, ruling = halt if halt is not None else \
            (upgrade_problem(old, old_rotation, tile, rotation, label), "")
        if problem is not None:
            raise refuse(problem, f"tile {tile.id} may not replace what is on {hex_id}", ruling)

    def check_borders(self, state: State, hex_id: str, tile: TileDef, rotation: int) -> None:
        """No track may run to an impassable border edge, nor off the map (base rules,
        no ruling ID; borders.py)."""
        crossed = crossing_edges(self.title(state).map, hex_id, tile, rotation)
        if crossed:
            raise refuse("tile/crosses_border",
                         f"tile {tile.id} at rotation {rotation} on {hex_id} runs track "
                         f"across the border at edge {crossed[0]}")
        old, old_rotation = hex_content(self.title(state).map, state, hex_id)
        kept = frozenset((end[1] + old_rotation) % 6 for path in old.paths for end in path
                         if end[0] == "e")
        off = off_map_edges(self.title(state).map, hex_id, tile, rotation, kept)
        if off:
            raise refuse("tile/off_map", f"tile {tile.id} at rotation {rotation} on {hex_id} "
                         f"runs track off the map at edge {off[0]}")

    def tile_connected(self, state: State, company: str, hex_id: str, tile: TileDef,
                       rotation: int) -> bool:
        board = self.title(state).map
        reach = self.reach(state, company)
        for path in tile.paths:
            for end in path:
                node = end_node(board, hex_id, end, rotation)
                if node[0] == "side" and node in reach.sides:
                    return True
                if node[0] == "stop" and (hex_id, node[2]) in reach.token_stops:
                    return True
        return False

    def terrain_cost(self, state: State, hex_id: str) -> int:
        """Terrain is paid when the first tile goes on the hex."""
        if state.laid(hex_id) is not None:
            return 0
        return self.title(state).map.hexes[hex_id].cost

    def blocked_by(self, state: State, hex_id: str) -> str:
        """The private keeping ``hex_id`` free of tile lays, or "" (TP-DH30-03)."""
        players = {p.id for p in state.players}
        for pdef in self.private_defs(state).values():
            pstate = state.private(pdef.id)
            if pdef.blocks_hex(hex_id) and pstate is not None and not pstate.closed \
                    and pstate.owner in players:
                return pdef.id
        return ""

    def may_use(self, state: State, pdef: PrivateDef, company: Company) -> bool:
        """Who may use a private's powers (TP-DH30-03, TP-NF35-01, TP-PFB35-01)."""
        pstate = state.private(pdef.id)
        if pstate is None or pstate.owner is None:
            return False
        if pdef.usable_by == OWNING_COMPANY:
            return pstate.owner == company.id
        owner_player = pstate.owner
        owning_company = state.company(pstate.owner)
        if owning_company is not None:
            owner_player = owning_company.president or ""
        return company.president is not None and company.president == owner_player

    def cites(self, state: State, private_id: str, aspect: str) -> str:
        """The ruling a refusal about private ``private_id``'s ``aspect`` cites ("" when
        no private is involved)."""
        pdef = self.private_defs(state).get(private_id) if private_id else None
        return pdef.ruling(aspect) if pdef is not None else ""

    def step_allows(self, when: str, step: str) -> bool:
        """``when`` of a power against the current step (TP-NF35-02)."""
        if when == "turn":
            return step in ("track", "token")
        return when == step

    def check_private(self, state: State, company: Company,
                      private_id: str) -> tuple[PrivateDef, PrivateState]:
        pdef = self.private_defs(state).get(private_id)
        pstate = state.private(private_id)
        if pdef is None or pstate is None:
            raise MalformedInput("private", f"no private {private_id!r} in this position")
        if pstate.closed:
            raise refuse("private/closed", f"{private_id} is closed", pdef.ruling("closed"))
        if not self.may_use(state, pdef, company):
            raise refuse("private/not_owner", f"{company.id} may not use {private_id}",
                         pdef.ruling("use"))
        return pdef, pstate

    def power_hex_ok(self, hexes: tuple[str, ...], hex_id: str) -> bool:
        """A power acts on its own hex(es) only."""
        return hex_id in hexes

    def token_expired(self, state: State, pdef: PrivateDef, pstate: PrivateState) -> bool:
        """The token of a private whose powers may not be split over turns is gone
        once a turn with its tile lay has ended (TP-DH30-04)."""
        sep = pdef.separate_execution
        return pstate.tile_used and sep is not None and not sep.token_in_later_turn \
            and pdef.id not in state.turn.special_tiles

    def tile_is_laid(self, state: State, pdef: PrivateDef, hex_id: str) -> bool:
        """``requires_tile_laid``: some tile is on the hex, laid by anyone (TP-PFB35-02)."""
        return state.laid(hex_id) is not None

    def closes_now(self, pdef: PrivateDef, pstate: PrivateState) -> bool:
        rule = pdef.closes
        return (rule == "any" and (pstate.tile_used or pstate.token_used)) or \
            (rule == "tile" and pstate.tile_used) or (rule == "token" and pstate.token_used) \
            or (rule == "all" and pstate.tile_used and pstate.token_used)

    def after_tile_laid(self, state: State, hex_id: str, via: str) -> State:
        """A tile on a private's token hex not laid by that private's own power ends
        a token power that does not survive it (TP-DH30-04)."""
        for pdef in self.private_defs(state).values():
            pstate = state.private(pdef.id)
            sep = pdef.separate_execution
            if pstate is None or pdef.token is None or sep is None or pdef.id == via:
                continue
            if hex_id in pdef.token.hexes and not sep.token_survives_other_tile \
                    and not pstate.token_used:
                state = state.with_private(replace(pstate, token_lost=True))
        return state

    def pay(self, state: State, company: Company, amount: int) -> State:
        if amount > company.treasury:
            raise refuse("money/insufficient",
                         f"{company.id} has {company.treasury}, needs {amount}")
        if amount == 0:
            return state
        state = state.with_company(replace(company, treasury=company.treasury - amount))
        return replace(state, bank=state.bank + amount)

    # -- tile lays -----------------------------------------------------------------
    def lay_tile(self, state: State, company: Company, action: LayTile,
                 power: TilePower | None, via: str) -> State:
        """Place a tile after the checks common to normal and special lays."""
        tile = self.title(state).map.tile(action.tile)
        if tile is None:
            raise MalformedInput("tile", f"unknown tile {action.tile!r}")
        private_variants.check_no_upgrade(state, action.hex)  # 1870's MRBC home lay
        extra = power is not None and power.extra
        allowance = self.title(state).tile_lays
        if not extra and not tile_lays.lays_left(allowance, state.turn.tile_lays):
            # ST-02: a second yellow single-track tile next to the first one
            extra = power is None and self.single_track.second_lay(self, state, company,
                                                              action.hex, tile)
            if not extra:
                raise refuse("tile/no_lays_left", "the turn's tile lay is used",
                             self.cites(state, via, "tile"))
        if not extra:  # 1870: the second lay is yellow only (tile_lays.py)
            tile_lays.check_later_lay(allowance, state.turn.tile_lays, tile,
                                      self.cites(state, via, "tile"))
        if tile.colour not in self.phase_colours(state):
            raise refuse("phase/colour_not_available",
                         f"{tile.colour} tiles are not available in phase {state.phase}",
                         self.cites(state, via, "tile"))
        if state.supply_of(tile.id) <= 0:
            raise refuse("tile/none_left", f"no tile {tile.id} left")
        self.check_upgrade(state, action.hex, tile, action.rotation)
        self.check_borders(state, action.hex, tile, action.rotation)
        river.check_lay(state, action.hex, tile, action.rotation)  # 1870's Mississippi
        water_borders.check_lay(self.title(state), state, action.hex, tile, action.rotation)
        self.single_track.check_lay(self, state, company, action.hex, tile, action.rotation)
        if (power is None or power.connected) and not self.tile_connected(
                state, company.id, action.hex, tile, action.rotation):
            raise refuse("tile/not_connected", f"{company.id} does not reach {action.hex}")
        cost = 0 if power is not None and power.free else self.single_track.lay_cost(
            self, state, company, action.hex, tile, self.terrain_cost(state, action.hex))
        if power is not None and power.discount:  # 1870's MRBC: $40 off the terrain
            cost = max(0, cost - power.discount)
        state = self.pay(state, company, cost)
        # tokens follow their city when the upgrade renumbers it (city_map.py)
        before, before_rotation = hex_content(self.title(state).map, state, action.hex)
        mapping = stop_mapping(before, before_rotation, tile, action.rotation)
        if mapping is not None:
            state = replace(state, tokens=move_tokens(state, action.hex, mapping))
        old = state.laid(action.hex)
        supply = dict(state.supply)
        supply[tile.id] -= 1
        if old is not None:
            supply[old.tile] = supply.get(old.tile, 0) + 1
        tiles = (*(t for t in state.tiles if t.hex != action.hex),
                 LaidTile(action.hex, tile.id, action.rotation))
        turn = state.turn
        if not extra:
            turn = replace(turn, tile_lays=tile_lays.used_after(allowance, turn.tile_lays, tile))
        state = replace(state, tiles=tiles, supply=tuple(supply.items()), turn=turn).canonical()
        state = self.single_track.after_lay(state, action.hex, tile, power is not None)
        return self.after_tile_laid(state, action.hex, via)

    def normal_tile(self, state: State, company: Company, action: LayTile) -> State:
        if state.turn.step != "track":
            raise refuse("step/wrong_step", "tiles are laid in the tile-lay step")
        self.hex_or_malformed(state, action.hex)
        blocker = self.blocked_by(state, action.hex)
        if blocker:
            raise refuse("hex/blocked", f"{action.hex} is blocked while a player owns {blocker}",
                         self.cites(state, blocker, "blocks"))
        return self.lay_tile(state, company, action, None, "")

    def special_tile(self, state: State, company: Company, action: LayTile) -> State:
        self.hex_or_malformed(state, action.hex)
        pdef, pstate = self.check_private(state, company, action.private)
        power = pdef.tile
        if power is None:
            raise refuse("private/no_tile_power", f"{pdef.id} gives no tile lay",
                         pdef.ruling("tile"))
        if not self.power_hex_ok(power.hexes(), action.hex):
            raise refuse("private/wrong_hex", f"{pdef.id} lays only on "
                         f"{', '.join(power.hexes())}",
                         pdef.ruling("tile"))
        if not self.step_allows(power.when, state.turn.step):
            raise refuse("step/wrong_step", f"{pdef.id}'s tile comes in the tile-lay step",
                         pdef.ruling("tile"))
        if pstate.tile_used:
            raise refuse("private/used", f"{pdef.id} has laid its tile", pdef.ruling("tile"))
        sep = pdef.separate_execution
        if pstate.token_used and sep is not None and sep.tile_after_token is False:
            raise refuse("private/tile_after_token",
                         f"{pdef.id}'s tile power is gone after its token",
                         pdef.ruling("tile_after_token"))
        tile = self.title(state).map.tile(action.tile)
        if tile is None:
            raise MalformedInput("tile", f"unknown tile {action.tile!r}")
        if (power.tile and tile.id not in power.tile) or \
                (power.colour and tile.colour != power.colour):
            raise refuse("private/wrong_tile", f"{pdef.id} may not lay tile {tile.id}",
                         pdef.ruling("tile"))
        home = private_variants.home_lay(self, state, company, power, action)
        state = self.lay_tile(state, company, action, home or power, pdef.id)
        if home is not None:  # 1870's MRBC: free and extra at home, no upgrade this round
            state = private_variants.after_home_lay(state, action.hex)
        pstate = replace(pstate, tile_used=True)
        pstate = replace(pstate, closed=self.closes_now(pdef, pstate))
        turn = replace(state.turn, special_tiles=(*state.turn.special_tiles, pdef.id))
        return replace(state.with_private(pstate), turn=turn)

    # -- token lays ----------------------------------------------------------------
    def check_city(self, state: State, company: Company, hex_id: str, city: int,
                   home: bool = False) -> None:
        board = self.title(state).map
        tile, _ = hex_content(board, state, hex_id)
        if city >= len(tile.stops) or not tile.stops[city].holds_tokens:
            raise refuse("token/no_such_city", f"{hex_id} has no city {city}")
        here = [t for t in state.tokens if t.hex == hex_id and t.city == city]
        if home:  # DS-12: a destination token leaves the home slot to its company
            outside = destinations.destination_tokens(self.title(state), state)
            here = [t for t in here if t not in outside]
        else:  # DS-12, option destination_token_slot=extra: it fills no slot at all
            outside = destination_slot.outside_slots(self.title(state), state)
            here = [t for t in here if t not in outside]
        if len(here) >= tile.stops[city].slots:
            raise refuse("token/city_full", f"city {city} on {hex_id} is full")
        if not home:
            waiting = self.homes_waiting(state, company.id, hex_id, city)
            if waiting and len(here) + len(waiting) >= tile.stops[city].slots:
                raise refuse("token/home_reserved",
                             f"city {city} on {hex_id} keeps a slot for the home of "
                             f"{', '.join(waiting)}")
        if any(t.hex == hex_id and t.company == company.id for t in state.tokens):
            raise refuse("token/already_in_hex", f"{company.id} already has a token on {hex_id}")

    def homes_waiting(self, state: State, company_id: str, hex_id: str,
                      city: int) -> list[str]:
        """Other companies whose home is this city and whose home token is not down
        yet (a closed company, with no token left and none on the map, waits for
        nothing). Their slots are kept: another company may not take the last free
        ones (1870 rules 7.3.1; tobymao reserves every company's home slot from the
        start of the game in every title here)."""
        waiting = []
        for cdef in self.title(state).companies:
            if cdef.id == company_id or cdef.home != hex_id or cdef.home_city is None or \
                    city_now(self.title(state).map, state, hex_id, cdef.home_city) != city:
                continue
            placed = any(t.company == cdef.id for t in state.tokens)
            c = state.company(cdef.id)
            if not placed and c is not None and c.tokens_left > 0:
                waiting.append(cdef.id)
        return waiting

    def check_home_reserved(self, state: State, company: Company, hex_id: str) -> None:
        """An unplaced home keeps others out of its hex (1835 L6; TP-PFB35-02)."""
        hdef = self.title(state).map.hexes[hex_id]
        if not hdef.unlaid_home_blocks_tokens:
            return
        for cdef in self.title(state).companies:
            if cdef.home == hex_id and cdef.id != company.id and not any(
                    t.company == cdef.id and t.hex == hex_id for t in state.tokens):
                raise refuse("token/home_not_placed",
                             f"{cdef.id} has not placed its home on {hex_id}", "TP-PFB35-02")

    def token_cost(self, state: State, company: Company) -> int:
        if company.destination is not None:  # DS-11, DS-13: the $100 token
            return destinations.token_price(self.title(state), state, company)
        cdef = self.title(state).company(company.id)
        costs = cdef.token_costs if cdef else (0,)
        placed = sum(1 for t in state.tokens if t.company == company.id)
        return costs[min(placed, len(costs) - 1)]

    def token_cost_at(self, state: State, company: Company, hex_id: str,
                      city: int = 0) -> int:
        """The price of the company's next token on ``hex_id``: by distance from
        home where the charter says so (1835, ``token_costs``; counted along track
        under option ``token_distance`` ``track``, ``token_distance``), else the list."""
        title = self.title(state)
        cdef = title.company(company.id)
        if cdef is not None and cdef.token_cost_per_hex and company.destination is None \
                and any(t.company == company.id for t in state.tokens):
            if token_distance.along_track(state):
                return token_distance.price(title, state, cdef, hex_id, city)
            return token_costs.by_distance(title, cdef, hex_id)
        return self.token_cost(state, company)

    def put_token(self, state: State, company: Company, action: PlaceToken,
                  power: TokenPower | None, via: str = "") -> State:
        extra = power is not None and power.extra
        if not extra and state.turn.tokened:
            raise refuse("token/already_laid", "the turn's token lay is used",
                         self.cites(state, via, "token"))
        if company.tokens_left <= 0:
            raise refuse("token/none_left", f"{company.id} has no token left")
        self.check_city(state, company, action.hex, action.city)
        self.check_home_reserved(state, company, action.hex)
        if (power is None or power.connected) and \
                (action.hex, action.city) not in self.reach(state, company.id).stops:
            raise refuse("token/not_connected", f"{company.id} does not reach {action.hex}")
        cost = 0 if power is not None and power.free else \
            self.token_cost_at(state, company, action.hex, action.city)
        state = self.pay(state, company, cost)
        company = state.company(company.id) or company
        state = state.with_company(replace(company, tokens_left=company.tokens_left - 1))
        tokens = (*state.tokens, Token(action.hex, action.city, company.id))
        turn = state.turn if extra else replace(state.turn, tokened=True)
        return replace(state, tokens=tokens, turn=turn).canonical()

    def normal_token(self, state: State, company: Company, action: PlaceToken) -> State:
        if state.turn.step != "token":
            raise refuse("step/wrong_step", "tokens are placed in the token-lay step")
        self.hex_or_malformed(state, action.hex)
        return self.put_token(state, company, action, None)

    def special_token(self, state: State, company: Company, action: PlaceToken) -> State:
        self.hex_or_malformed(state, action.hex)
        pdef, pstate = self.check_private(state, company, action.private)
        power = pdef.token
        if power is None:
            raise refuse("private/no_token_power", f"{pdef.id} gives no token",
                         pdef.ruling("token"))
        if not self.power_hex_ok(power.hexes, action.hex):
            raise refuse("private/wrong_hex", f"{pdef.id} places only on {', '.join(power.hexes)}",
                         pdef.ruling("token"))
        if not self.step_allows(power.when, state.turn.step):
            raise refuse("step/wrong_step", f"{pdef.id}'s token does not come in this step",
                         pdef.ruling("token_timing"))
        private_variants.check_open(pdef, power, action)  # 1870's open port
        if private_variants.replaces_open(state, power, pdef, action):
            return private_variants.replace_open(state, action, pdef, pstate)
        if pstate.token_used:
            raise refuse("private/used", f"{pdef.id} has placed its token", pdef.ruling("token"))
        if pstate.token_lost:
            raise refuse("private/token_lost",
                         f"another company tiled {action.hex}; {pdef.id}'s token is gone",
                         pdef.ruling("token_lost"))
        if self.token_expired(state, pdef, pstate):
            raise refuse("private/token_expired",
                         f"{pdef.id}'s token only comes in the turn of its tile lay",
                         pdef.ruling("token_lost"))
        if power.requires_tile_laid and not self.tile_is_laid(state, pdef, action.hex):
            raise refuse("token/requires_tile", f"{pdef.id}'s token needs a tile on {action.hex}",
                         pdef.ruling("requires_tile"))
        if power.bonus:
            state = self.put_bonus(state, company, action, pdef, power)
        else:
            state = self.put_token(state, company, action, power, pdef.id)
        pstate = replace(pstate, token_used=True)
        pstate = replace(pstate, closed=self.closes_now(pdef, pstate) and not action.open)
        return private_variants.used_token(state.with_private(pstate), pdef.id)

    def put_bonus(self, state: State, company: Company, action: PlaceToken, pdef: PrivateDef,
                  power: TokenPower) -> State:
        """A bonus token takes no slot and none of the company's tokens (TP-BONUS-01)."""
        phases = [p.name for p in self.title(state).phases]
        gone = power.bonus_removed_in_phase
        if gone and gone in phases and state.phase in phases and \
                phases.index(state.phase) >= phases.index(gone):
            raise refuse("phase/bonus_removed", f"{pdef.id}'s token leaves the map in phase {gone}",
                         pdef.ruling("token"))
        if power.connected:
            if not company.trains:
                raise refuse("private/needs_train", f"{company.id} owns no train",
                             pdef.ruling("token"))
            reach = self.reach(state, company.id)
            tile, _ = hex_content(self.title(state).map, state, action.hex)
            if not any((action.hex, i) in reach.stops for i in range(len(tile.stops))):
                raise refuse("token/not_connected", f"{company.id} does not reach {action.hex}",
                             pdef.ruling("token"))
        bonus = (*state.bonus_tokens, BonusToken(action.hex, pdef.id, company.id, power.bonus,
                                                 private_variants.others_value(power, action)))
        return replace(state, bonus_tokens=bonus).canonical()

    def home_token(self, state: State, company: Company, action: PlaceToken) -> State:
        cdef = self.title(state).company(company.id)
        self.hex_or_malformed(state, action.hex)
        if cdef is None or action.hex != cdef.home or \
                (cdef.home_city is not None and action.city != city_now(
                    self.title(state).map, state, action.hex, cdef.home_city)):
            raise refuse("token/not_home", f"{company.id}'s home token goes on its home city",
                         self.single_track.company_ruling(state, company.id))
        if company.tokens_left <= 0:
            raise refuse("token/none_left", f"{company.id} has no token left")
        self.check_city(state, company, action.hex, action.city, home=True)
        state = state.with_company(replace(company, tokens_left=company.tokens_left - 1))
        tokens = (*state.tokens, Token(action.hex, action.city, company.id))
        return replace(state, tokens=tokens, turn=replace(state.turn, step="track")).canonical()

    def pass_step(self, state: State, company: Company, action: Pass) -> State:
        step = state.turn.step
        if step == "home":
            raise refuse("step/home_token_first", "the home token comes first")
        if step == "track":
            nxt = self.next_step(state, step)
            if nxt == "done":
                return self.end_turn(state, company)
            return replace(state, turn=replace(state.turn, step=nxt))
        if step == "token":
            return operating.after_token(self, state, company)
        if step == "route":
            return operating.skip_run(state)
        if step == "dividend":
            raise refuse("dividend/choose", "the dividend step needs a choice")
        if step == "buy_train":
            return operating.end_buying(self, state, company)
        if step == "connection_token":
            return self.connections.keep(self, state, company)
        if step == "connection_route":
            return self.connections.no_run(self, state, company)
        if step == "connection_dividend":
            raise refuse("dividend/choose", "the dividend step needs a choice", "DS-16")
        return self.end_turn(state, company)

    def next_step(self, state: State, step: str) -> str:
        """The step after ``step`` in the title's operating turn ("done" after the last)."""
        steps = self.title(state).operating_steps
        i = steps.index(step) + 1 if step in steps else len(steps)
        return steps[i] if i < len(steps) else "done"

    def end_turn(self, state: State, company: Company) -> State:
        """The turn is over: 1870's connection runs come first (DS-07), then the next
        company."""
        state = private_variants.turn_over(state, company.id)  # its first round is over
        if self.connections.applies(self.title(state)):
            return self.connections.after_turn(self, state, company.id)
        return self.next_company(state, company.id)

    def next_company(self, state: State, company_id: str) -> State:
        order = list(state.operating_order)
        nxt = order[order.index(company_id) + 1] if company_id in order and \
            order.index(company_id) + 1 < len(order) else None
        if nxt is None:
            return rounds.after_last_turn(self, state)
        return replace(state, turn=Turn(nxt, self.first_step(state, nxt)))


class Handler:
    """One kind of action inside a step."""

    def handles(self, action: Action) -> bool:
        raise NotImplementedError

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        raise NotImplementedError


class HomeTokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and not action.private

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.home_token(state, company, action)


class TrackStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, LayTile) and not action.private

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.normal_tile(state, company, action)


class TokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and not action.private

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.normal_token(state, company, action)


class SpecialTrackStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, LayTile) and bool(action.private)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.special_tile(state, company, action)


class SpecialTokenStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken) and bool(action.private)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.special_token(state, company, action)


class PassStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, Pass)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.pass_step(state, company, action)


class RunStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, RunRoutes)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return operating.run_routes(rules, state, company, action)


class DividendStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, Dividend)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        # obsolete trains leave once their company's dividend step is over (obsolete.py)
        return obsolete.retire(operating.pay_dividend(rules, state, company, action),
                               company.id)


class ConnectionTokenStep(Handler):
    """DS-10..DS-13: the destination token on the destination (``place_token``)."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, PlaceToken)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.connections.place(rules, state, company, action)


class TrainsWaitStep(Handler):
    """DS-10: trains do not run before the destination token is decided."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, RunRoutes)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.connections.run_before_token(rules, state, company, action)


class ConnectionRunStep(Handler):
    """DS-15, DS-06: one train home -> destination."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, RunRoutes)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.connections.run(rules, state, company, action)


class ConnectionDividendStep(Handler):
    """DS-16: full dividend or withhold, never half."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, Dividend)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return rules.connections.dividend(rules, state, company, action)


class SellSharesStep(Handler):
    """The emergency purchase: the president sells shares (emergency.py)."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, SellShares)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return emergency.sell(rules, state, company, action)


class BankruptStep(Handler):
    """The president cannot raise a train's price: the game ends (emergency.py)."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, Bankrupt)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return emergency.bankrupt(rules, state, company, action)


class BuyTrainStep(Handler):
    def handles(self, action: Action) -> bool:
        return isinstance(action, BuyTrain)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        # 1830's B&O private closes when the B&O buys a train (private_sale.py)
        return private_sale.after_train_bought(
            rules, operating.buy_train(rules, state, company, action), company.id)


class BuyPrivateStep(Handler):
    """A company buys a private from a player in any step of its own turn after the
    home token (private_sale.py)."""

    def handles(self, action: Action) -> bool:
        return isinstance(action, BuyPrivate)

    def process(self, rules: Rules, state: State, company: Company, action: Any) -> State:
        return private_sale.buy_private(rules, state, company, action)


#: step name -> the handlers active in it, in order (explicit, no reflection); a
#: title's ``operating_steps`` says which steps its turn has. Special powers are
#: offered in both lay steps; each checks its own ``when`` (TP-NF35-02).
STEP_HANDLERS: dict[str, tuple[Handler, ...]] = {
    "home": (HomeTokenStep(), PassStep()),
    "track": (SpecialTrackStep(), SpecialTokenStep(), TrackStep(), BuyPrivateStep(),
              PassStep()),
    "token": (SpecialTrackStep(), SpecialTokenStep(), TokenStep(), BuyPrivateStep(),
              PassStep()),
    "route": (RunStep(), BuyPrivateStep(), PassStep()),
    "dividend": (DividendStep(), BuyPrivateStep(), PassStep()),
    "buy_train": (BuyTrainStep(), SellSharesStep(), BankruptStep(), BuyPrivateStep(),
                  PassStep()),
    excess.STEP: (),  # Rules.apply sends discard_train to excess.py
    # 1870 connection runs between turns (oracle/eighteen/connection.py)
    "connection_token": (ConnectionTokenStep(), TrainsWaitStep(), PassStep()),
    "connection_route": (ConnectionRunStep(), PassStep()),
    "connection_dividend": (ConnectionDividendStep(), PassStep()),
    "done": (),
}
