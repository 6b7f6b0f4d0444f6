"""The 18xx oracle behind the game-neutral GameAPI: everything crosses as JSON."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.core.options import OptionSpec, resolve_options
from oracle.core.pinning import Pins
from oracle.core.schema import check_players, load_schema, validate
from oracle.eighteen import (
    position_facts,
    private_exchange,
    private_sale,
    train_offer,
)
from oracle.eighteen.conservation import conservation
from oracle.eighteen.lay_candidates import lay_candidates
from oracle.eighteen.mechanisms import (
    connection_withhold,
    destination_connection,
    destination_slot,
    emergency,
    excess,
    half_pay,
    ledge,
    obsolete,
    single_track,
    token_distance,
    train_doubling,
    water_borders,
)
from oracle.eighteen.model.actions import (
    Action,
    BuyTrain,
    Dividend,
    Pass,
    PlaceToken,
    RunRoutes,
    action_from_json,
)
from oracle.eighteen.model.state import Company, Player, PrivateState, State, Turn
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import OPTIONS, POSITION_OPTIONS
from oracle.eighteen.queries import QUERIES, query
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.rules import STEP_NAMES, Rules
from oracle.eighteen.whole import brown_ipo as whole_brown_ipo
from oracle.eighteen.whole import candidates as whole_candidates
from oracle.eighteen.whole import escrow as whole_escrow
from oracle.eighteen.whole import first_priority as whole_first_priority
from oracle.eighteen.whole import formation, loans, or_protection, rights
from oracle.eighteen.whole import reissue as whole_reissue
from oracle.eighteen.whole import sequence as whole_sequence
from oracle.eighteen.whole import values as whole_values

JSON = dict[str, Any]
PACKAGE = "oracle.eighteen"
SCHEMA = "position.schema.json"


class EighteenAPI(Pins[State]):
    """The GameAPI for game ``"18xx"``. A mutant passes other ``rules``."""

    name = "18xx"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        #: the last state ``candidates`` answered, and its answer: states are immutable,
        #: so the same object has the same candidates (a caller that lists the legal
        #: actions and probes the candidates of one pinned position asks twice)
        self._candidates: tuple[State, tuple[Action, ...]] | None = None

    # -- GameAPI -------------------------------------------------------------------
    def options(self) -> Sequence[OptionSpec]:
        return OPTIONS

    def position_schema(self) -> JSON:
        """The position schema with the title enum filled in from the title table and
        the step enum from the step table (``turn/registry.py``)."""
        schema = copy.deepcopy(load_schema(PACKAGE, SCHEMA))
        schema["properties"]["title"] = {"enum": list(self.rules.titles)}
        schema["properties"]["turn"]["properties"]["step"] = {"enum": list(STEP_NAMES)}
        return schema

    def validate_action(self, action: JSON) -> None:
        """The check an adapter's legal action goes through (oracle/protocol/reply_checks.py):
        the action schema, then the decoder (``model/actions.py``)."""
        action_from_json(action)

    def title_with_options(self, title_id: str, options: Mapping[str, str]) -> TitleData:
        """The title as these options make it, after every title-specific option check
        (each option's module refuses a reading its title does not have, naming the
        option): the one list of those checks."""
        chosen = dict(options)
        single_track.check_options(title_id, chosen)
        train_doubling.check_options(title_id, chosen)
        title = self.rules.single_track.title_for(self.rules.titles[title_id], chosen)
        for module in (obsolete, token_distance, half_pay, water_borders,
                       destination_slot, ledge, whole_brown_ipo,
                       whole_first_priority, connection_withhold, whole_escrow,
                       destination_connection, whole_reissue):
            module.check_options(title, chosen)
        return title

    def new_game(self, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        chosen = resolve_options(OPTIONS, options)
        title = self.title_with_options(chosen["title"], chosen)
        if len(set(players)) != len(players) or not players:
            raise MalformedInput("players", "player IDs must be distinct and at least one")
        check_players(players, PACKAGE, SCHEMA)
        shared = sorted(set(players) & {c.id for c in title.companies})
        if shared:  # ``load`` refuses a player and a company with one ID
            raise MalformedInput("players", f"{', '.join(shared)}: the ID of a company "
                                 f"of {title.id}")
        cash = starting_cash(title, len(players))
        state = State(
            title=title.id,
            options=tuple(sorted((o.name, chosen[o.name]) for o in POSITION_OPTIONS)),
            phase=title.phases[0].name,
            bank=title.bank - cash * len(players),
            players=tuple(Player(p, cash) for p in players),
            companies=tuple(Company(c.id, None, 0, c.tokens, (), 0) for c in title.companies),
            privates=tuple(PrivateState(p.id, None) for p in title.privates),
            tiles=(), tokens=(), bonus_tokens=(),
            supply=tuple(sorted(title.supply.items())),
            operating_order=(),
            turn=Turn(None, "done"),
        )
        state = self.rules.single_track.starting_trains(state)
        if title.whole is not None:  # a whole game: the private auction first
            depot = tuple(sorted((t.name, t.count) for t in title.trains))
            state = whole_sequence.new_game(depot, state)
        return state.to_json()

    def validate(self, position: JSON) -> None:
        self.load(position)

    def legal_actions(self, position: JSON) -> list[JSON]:
        state = self.load(position)
        plan = self.rules.plan(state)
        out: list[JSON] = []
        for action in self.candidates(state):
            try:
                self.rules.apply(state, action)
            except IllegalAction:
                continue
            if plan.listed(state.turn.step, action):
                out.append(action.to_json())
        return out

    def apply(self, position: JSON, action: JSON) -> JSON:
        state = self.rules.apply(self.load(position), action_from_json(action))
        after = state.to_json()
        self.returned(after, state)  # pinned questions skip loading and the schema
        return after

    def scores(self, position: JSON) -> JSON:
        """Cash and treasuries; in a whole game also each player's value (cash, shares
        at the market price, open privates at face value: ``whole/values.py``)."""
        state = self.load(position)
        out: JSON = {"players": {p.id: p.cash for p in state.players},
                     "companies": {c.id: c.treasury for c in state.companies}}
        if state.game is not None:
            out["values"] = whole_values.values(self.rules.title(state), state)
        return out

    def conservation(self, before: JSON, after: JSON) -> list[str]:
        return conservation(before, after)

    def canonical(self, position: JSON) -> JSON:
        """The one canonical form of a valid position (sorted tiles, tokens, supply)."""
        return self.load(position).to_json()

    def queries(self) -> Sequence[str]:
        return (*QUERIES, "connection")

    def query(self, position: JSON, name: str, args: JSON) -> JSON:
        """A named question about a position (``routes``, ``revenue``: see queries.py;
        ``connection``: 1870 destinations)."""
        state = self.load(position)
        if name == "connection":
            return self.connection_query(state, args)
        return query(self.rules.title(state), state, name, args,
                     self.rules.connections.doubles_fn(self.rules, state))

    def game_over(self, position: JSON) -> bool:
        """This oracle plays operating turns: it is over when the round is done, or
        with ``round`` in the position when the set's last round is (rounds.py). With
        ``bank_broken`` that is also the end of the game (bank.py). A bankruptcy
        ends it inside a turn (``ended``, emergency.py): the turn is then done."""
        return self.load(position).turn.step == "done"

    # -- loading -------------------------------------------------------------------
    def load(self, position: JSON) -> State:
        """Schema, then the facts a schema cannot see; names the bad field."""
        pinned = self.pinned_state(position)  # the caller vouches it is unchanged
        if pinned is not None:
            return pinned
        validate(position, PACKAGE, SCHEMA)
        state = State.from_json(position)
        title = self.rules.titles.get(state.title)
        if title is None:
            raise MalformedInput("title", f"unknown title {state.title!r}")
        resolve_options(POSITION_OPTIONS, dict(state.options), field="options")
        title = self.title_with_options(title.id, dict(state.options))
        position_facts.check(title, state)
        return state

    # -- candidate actions for legal_actions ---------------------------------------
    def candidates(self, state: State) -> list[Action]:
        """The actions ``legal_actions`` tries on ``state`` (``_candidates``), worked
        out once per state object."""
        last = self._candidates
        if last is not None and last[0] is state:
            return list(last[1])
        found = self._candidates_of(state)
        self._candidates = (state, tuple(found))
        return found

    def _candidates_of(self, state: State) -> list[Action]:
        if formation.forming(state) is not None:  # 1856: the CGR formation's decisions
            return formation.candidates(self.rules, state)
        company_id = state.turn.company
        if company_id is None or or_protection.deciding(state.game):
            # a whole game's auction or stock round, a price protection, or nothing
            return whole_candidates.candidates(self.rules, state)
        title = self.rules.title(state)
        exchanges = private_exchange.candidates(self.rules, state)  # a player's, any step
        out: list[Action] = [Pass(company_id), *exchanges]
        cdef = title.company(company_id)
        if state.turn.step == excess.STEP:
            return [*excess.candidates(self.rules, state), *exchanges]
        out += private_sale.candidates(self.rules, state, company_id)
        out += loans.candidates(self.rules, state, company_id)  # 1856
        out += rights.candidates(state, company_id, tuple(title.whole.rights)
                                 if title.whole is not None else ())
        if state.turn.step == loans.STEP:
            return out
        if state.turn.step in ("route", "dividend", "buy_train"):
            return out + self.train_candidates(state, company_id)
        if state.turn.step.startswith("connection_"):
            return out + self.connection_candidates(state, company_id)
        if state.turn.step == "home":
            if cdef is not None and cdef.home in title.map.hexes:
                tile, _ = hex_content(title.map, state, cdef.home)
                out += [PlaceToken(company_id, cdef.home, i) for i in range(len(tile.stops))]
            return out
        return out + self.lay_candidates(state, company_id)

    def lay_candidates(self, state: State, company_id: str) -> list[Action]:
        """The lay steps' actions (``lay_candidates.py``); ``apply`` keeps the legal."""
        return lay_candidates(self.rules, state, company_id)

    def train_candidates(self, state: State, company_id: str) -> list[Action]:
        """The train steps' actions: of the many possible runs, only the best one
        (the ``revenue`` query checks any other); every dividend kind; the
        trains the bank sells, with each trade-in (``train_offer.py``)."""
        title = self.rules.title(state)
        if state.turn.step == "route":
            best = query(title, state, "routes", {"company": company_id})
            return [RunRoutes(company_id, tuple((r["train"], tuple(r["path"]))
                                                for r in best["routes"]))]
        if state.turn.step == "dividend":
            return [Dividend(company_id, k) for k in ("payout", "withhold", "half")]
        company = state.company(company_id)
        bank: list[Action] = list(train_offer.candidates(title, state, company)) \
            if company is not None else []
        pool: list[Action] = [BuyTrain(company_id, t, "pool")
                              for t in sorted(set(state.pool_trains))]
        sales: list[Action] = list(emergency.candidates(state, company)) \
            if company is not None else []
        return bank + pool + sales


    def connection_query(self, state: State, args: JSON) -> JSON:
        """``connection`` ``{"company": "SSW"}`` -> ``{"eligible": bool, "made": how the
        run ended or null, "route": the home -> destination route or null}`` (1870,
        DS-01..DS-03, DS-06, DS-09)."""
        company_id = args.get("company")
        company = state.company(company_id) if isinstance(company_id, str) else None
        if company is None:
            raise MalformedInput("args.company", "a company ID of the position")
        connections = self.rules.connections
        route = connections.run_for(self.rules, state, company.id) \
            if connections.applies(self.rules.title(state)) else None
        return {"eligible": route is not None, "made": company.destination,
                "route": route.to_json() if route is not None else None}

    def connection_candidates(self, state: State, company_id: str) -> list[Action]:
        """A connection run's actions: the destination token on each stop of the
        destination; the company's best connection run (the ``routes`` query with
        ``connection_run``), and the run home -> destination the eligibility found
        alone; both dividends."""
        title = self.rules.title(state)
        connections = self.rules.connections
        step = state.turn.step
        if step == "connection_token":
            cdef = title.company(company_id)
            where = cdef.destination if cdef is not None else ""
            if where not in title.map.hexes:
                return []
            tile, _ = hex_content(title.map, state, where)
            return [PlaceToken(company_id, where, i) for i in range(len(tile.stops))]
        if step == "connection_route":
            out: list[Action] = []
            best = query(title, state, "routes", {"company": company_id, "connection_run": True},
                         connections.doubles_fn(self.rules, state))
            out.append(RunRoutes(company_id, tuple((r["train"], tuple(r["path"]))
                                                   for r in best["routes"])))
            route = connections.connecting(self.rules, state, company_id)
            if route is not None:
                made = route.to_json()
                alone = RunRoutes(company_id, ((made["train"], tuple(made["path"])),))
                if alone not in out:
                    out.append(alone)
            return out
        return [Dividend(company_id, k) for k in ("payout", "withhold", "half")]




def starting_cash(title: TitleData, players: int) -> int:
    """Each player's starting cash. More players than the title's table lists are
    refused, not given nothing: 1870 is for 2 to 6 players (the published rules,
    section 3.3, starting capital 2100 / players, and tobymao g_1870 STARTING_CASH
    list no seventh player), so no 7-player cash is made up. Fewer than it lists
    still start with none (test positions build two-player games of every title;
    not a published game)."""
    if title.starting_cash and players > max(title.starting_cash):
        counts = sorted(title.starting_cash)
        raise MalformedInput("players", f"{title.id} is for {counts[0]} to {counts[-1]} "
                             f"players, not {players} (its starting cash table)")
    return title.starting_cash.get(players, 0)


#: the object ``oracle.games`` registers
API = EighteenAPI()

__all__ = ["API", "EighteenAPI", "conservation"]
