"""Token lays: the home token, the normal token, a private's token (placed or a
bonus), the city's slots and reservations, and the token's price."""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen import private_variants, token_costs
from oracle.eighteen.mechanisms import destination_slot, destinations, token_distance
from oracle.eighteen.model.actions import PlaceToken
from oracle.eighteen.model.city_map import city_now
from oracle.eighteen.model.privates import PrivateDef, TokenPower
from oracle.eighteen.model.state import BonusToken, Company, State, Token
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext


class TokenLays(Mechanism):
    """The base turn's rules of a station token: whether a city takes it (its slots,
    the homes it keeps, a destination token's slot: DS-12) and the charter's list price
    (the $100 destination token: DS-11, DS-13). Every title has it
    (``turn/registry.py``, ``BASE_RULES``); the rules object asks it."""

    name = "token_lays"

    def check_city(self, rules: RulesContext, state: State, company: Company, hex_id: str,
                   city: int, home: bool = False) -> None:
        board = rules.title(state).map
        tile, _ = hex_content(board, state, hex_id)
        if city >= len(tile.stops) or not tile.stops[city].holds_tokens:
            raise refuse("token/no_such_city", f"{hex_id} has no city {city}")
        here = [t for t in state.tokens if t.hex == hex_id and t.city == city]
        if home:  # DS-12: a destination token leaves the home slot to its company
            outside = destinations.destination_tokens(rules.title(state), state)
            here = [t for t in here if t not in outside]
        else:  # DS-12, option destination_token_slot=extra: it fills no slot at all
            outside = destination_slot.outside_slots(rules.title(state), state)
            here = [t for t in here if t not in outside]
        if len(here) >= tile.stops[city].slots:
            raise refuse("token/city_full", f"city {city} on {hex_id} is full")
        if not home:
            waiting = rules.homes_waiting(state, company.id, hex_id, city)
            if waiting and len(here) + len(waiting) >= tile.stops[city].slots:
                raise refuse("token/home_reserved",
                             f"city {city} on {hex_id} keeps a slot for the home of "
                             f"{', '.join(waiting)}")
        if any(t.hex == hex_id and t.company == company.id for t in state.tokens):
            raise refuse("token/already_in_hex", f"{company.id} already has a token on {hex_id}")

    def token_cost(self, rules: RulesContext, state: State, company: Company) -> int:
        if company.destination is not None:  # DS-11, DS-13: the $100 token
            return destinations.token_price(rules.title(state), state, company)
        cdef = rules.title(state).company(company.id)
        costs = cdef.token_costs if cdef else (0,)
        placed = sum(1 for t in state.tokens if t.company == company.id)
        return costs[min(placed, len(costs) - 1)]


def homes_waiting(rules: RulesContext, state: State, company_id: str, hex_id: str,
                  city: int) -> list[str]:
    """Other companies whose home is this city and whose home token is not down
    yet (a closed company, with no token left and none on the map, waits for
    nothing). Their slots are kept: another company may not take the last free
    ones (1870 rules 7.3.1; tobymao reserves every company's home slot from the
    start of the game in every title here)."""
    waiting = []
    for cdef in rules.title(state).companies:
        if cdef.id == company_id or cdef.home != hex_id or cdef.home_city is None or \
                city_now(rules.title(state).map, state, hex_id, cdef.home_city) != city:
            continue
        placed = any(t.company == cdef.id for t in state.tokens)
        c = state.company(cdef.id)
        if not placed and c is not None and c.tokens_left > 0:
            waiting.append(cdef.id)
    return waiting


def check_home_reserved(rules: RulesContext, state: State, company: Company, hex_id: str) -> None:
    """An unplaced home keeps others out of its hex (1835 L6; TP-PFB35-02)."""
    hdef = rules.title(state).map.hexes[hex_id]
    if not hdef.unlaid_home_blocks_tokens:
        return
    for cdef in rules.title(state).companies:
        if cdef.home == hex_id and cdef.id != company.id and not any(
                t.company == cdef.id and t.hex == hex_id for t in state.tokens):
            raise refuse("token/home_not_placed",
                         f"{cdef.id} has not placed its home on {hex_id}", "TP-PFB35-02")


def token_cost_at(rules: RulesContext, state: State, company: Company, hex_id: str,
                  city: int = 0) -> int:
    """The price of the company's next token on ``hex_id``: by distance from
    home where the charter says so (1835, ``token_costs``; counted along track
    under option ``token_distance`` ``track``, ``token_distance``), else the list."""
    title = rules.title(state)
    cdef = title.company(company.id)
    if cdef is not None and cdef.token_cost_per_hex and company.destination is None \
            and any(t.company == company.id for t in state.tokens):
        if token_distance.along_track(state):
            return token_distance.price(title, state, cdef, hex_id, city)
        return token_costs.by_distance(title, cdef, hex_id)
    return rules.token_cost(state, company)


def put_token(rules: RulesContext, state: State, company: Company, action: PlaceToken,
              power: TokenPower | None, via: str = "") -> State:
    extra = power is not None and power.extra
    if not extra and state.turn.tokened:
        raise refuse("token/already_laid", "the turn's token lay is used",
                     rules.cites(state, via, "token"))
    if company.tokens_left <= 0:
        raise refuse("token/none_left", f"{company.id} has no token left")
    rules.check_city(state, company, action.hex, action.city)
    rules.check_home_reserved(state, company, action.hex)
    if (power is None or power.connected) and \
            (action.hex, action.city) not in rules.reach(state, company.id).stops:
        raise refuse("token/not_connected", f"{company.id} does not reach {action.hex}")
    cost = 0 if power is not None and power.free else \
        rules.token_cost_at(state, company, action.hex, action.city)
    state = rules.pay(state, company, cost)
    company = state.company(company.id) or company
    state = state.with_company(replace(company, tokens_left=company.tokens_left - 1))
    tokens = (*state.tokens, Token(action.hex, action.city, company.id))
    turn = state.turn if extra else replace(state.turn, tokened=True)
    return replace(state, tokens=tokens, turn=turn).canonical()


def normal_token(rules: RulesContext, state: State, company: Company, action: PlaceToken) -> State:
    if state.turn.step != "token":
        raise refuse("step/wrong_step", "tokens are placed in the token-lay step")
    rules.hex_or_malformed(state, action.hex)
    return rules.put_token(state, company, action, None)


def special_token(rules: RulesContext, state: State, company: Company, action: PlaceToken) -> State:
    rules.hex_or_malformed(state, action.hex)
    pdef, pstate = rules.check_private(state, company, action.private)
    power = pdef.token
    if power is None:
        raise refuse("private/no_token_power", f"{pdef.id} gives no token",
                     pdef.ruling("token"))
    if not rules.power_hex_ok(power.hexes, action.hex):
        raise refuse("private/wrong_hex", f"{pdef.id} places only on {', '.join(power.hexes)}",
                     pdef.ruling("token"))
    if not rules.step_allows(power.when, state.turn.step):
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
    if rules.token_expired(state, pdef, pstate):
        raise refuse("private/token_expired",
                     f"{pdef.id}'s token only comes in the turn of its tile lay",
                     pdef.ruling("token_lost"))
    if power.requires_tile_laid and not rules.tile_is_laid(state, pdef, action.hex):
        raise refuse("token/requires_tile", f"{pdef.id}'s token needs a tile on {action.hex}",
                     pdef.ruling("requires_tile"))
    if power.bonus:
        state = rules.put_bonus(state, company, action, pdef, power)
    else:
        state = rules.put_token(state, company, action, power, pdef.id)
    pstate = replace(pstate, token_used=True)
    pstate = replace(pstate, closed=rules.closes_now(pdef, pstate) and not action.open)
    return private_variants.used_token(state.with_private(pstate), pdef.id)


def put_bonus(rules: RulesContext, state: State, company: Company, action: PlaceToken,
              pdef: PrivateDef, power: TokenPower) -> State:
    """A bonus token takes no slot and none of the company's tokens (TP-BONUS-01)."""
    phases = [p.name for p in rules.title(state).phases]
    gone = power.bonus_removed_in_phase
    if gone and gone in phases and state.phase in phases and \
            phases.index(state.phase) >= phases.index(gone):
        raise refuse("phase/bonus_removed", f"{pdef.id}'s token leaves the map in phase {gone}",
                     pdef.ruling("token"))
    if power.connected:
        if not company.trains:
            raise refuse("private/needs_train", f"{company.id} owns no train",
                         pdef.ruling("token"))
        reach = rules.reach(state, company.id)
        tile, _ = hex_content(rules.title(state).map, state, action.hex)
        if not any((action.hex, i) in reach.stops for i in range(len(tile.stops))):
            raise refuse("token/not_connected", f"{company.id} does not reach {action.hex}",
                         pdef.ruling("token"))
    bonus = (*state.bonus_tokens, BonusToken(action.hex, pdef.id, company.id, power.bonus,
                                             private_variants.others_value(power, action)))
    return replace(state, bonus_tokens=bonus).canonical()


def home_token(rules: RulesContext, state: State, company: Company, action: PlaceToken) -> State:
    cdef = rules.title(state).company(company.id)
    rules.hex_or_malformed(state, action.hex)
    if cdef is None or action.hex != cdef.home or \
            (cdef.home_city is not None and action.city != city_now(
                rules.title(state).map, state, action.hex, cdef.home_city)):
        raise refuse("token/not_home", f"{company.id}'s home token goes on its home city",
                     rules.single_track.company_ruling(state, company.id))
    if company.tokens_left <= 0:
        raise refuse("token/none_left", f"{company.id} has no token left")
    rules.check_city(state, company, action.hex, action.city, home=True)
    state = state.with_company(replace(company, tokens_left=company.tokens_left - 1))
    tokens = (*state.tokens, Token(action.hex, action.city, company.id))
    return replace(state, tokens=tokens, turn=replace(state.turn, step="track")).canonical()


TOKEN_LAYS = TokenLays()
