"""Random Rocket games under any option reading, checked after every action.

``option_combinations()`` draws a value for every declared option (both editions
included); ``option_games()`` draws one together with a board and a game (players
and a seed). ``play_checked`` plays the game with a policy that always makes
progress when it can and checks, after every action: the position's totals
(check_consistent), what only grows or shrinks, conservation on the canonical
JSON, the JSON round trip, that ``apply`` accepts exactly what ``legal_actions``
lists (on near misses), and liveness (see ``action_bound``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from oracle.core import hexgrid
from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket import codec
from oracle.rocket.actions import (
    Action,
    CallVeto,
    Defend,
    Move,
    PlaceStation,
    TakeToken,
    VetoBid,
)
from oracle.rocket.board import Board
from oracle.rocket.conservation import violations
from oracle.rocket.notation import default_board, default_industries
from oracle.rocket.options import SPECS
from oracle.rocket.places import CITY, PLACES
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    State,
)
from tests.rocket.boards import OTHERS, STARTS, small_boards
from tests.sweep import Tally

RULES = Rules()
#: actions that use up something the supply holds a bounded amount of
PROGRESS = frozenset({Move.type, TakeToken.type, PlaceStation.type})
Options = dict[str, Any]


def all_combinations() -> list[Options]:
    """Every combination of every declared option's values (512 today)."""
    names = [s.name for s in SPECS]
    return [dict(zip(names, values, strict=True))
            for values in itertools.product(*(s.choices for s in SPECS))]


def combination_key(options: Options) -> str:
    return ",".join(f"{k}={options[k]}" for k in sorted(options))


def option_combinations() -> st.SearchStrategy[Options]:
    return st.fixed_dictionaries({s.name: st.sampled_from(s.choices) for s in SPECS})


def seeded_board(seed: int) -> Board:
    """A small random board from a seed, drawn as ``small_boards`` draws one (for
    sweeps that must visit every option combination, which Hypothesis does not
    promise)."""
    rng = random.Random(seed)
    rows, cols = rng.randint(3, 7), rng.randint(4, 9)
    spaces = [hexgrid.make_id(r, c) for r in range(rows) for c in range(cols)]
    water = {s for s in spaces if rng.randint(0, 9) == 0}
    land = [s for s in spaces if s not in water]
    chosen = rng.sample(STARTS, rng.randint(2, 4)) + rng.sample(OTHERS, rng.randint(1, 4))
    if len(land) < len(chosen) + 4:
        land, water = spaces, set()
    places = dict(zip(chosen, rng.sample(land, len(chosen)), strict=True))
    industries = {p: default_industries()[p] for p in chosen if PLACES[p].kind == CITY}
    return Board(name="random", approximate=False, land=frozenset(land),
                 water=frozenset(water), places=places, industries=industries)


@dataclass(frozen=True)
class OptionGame:
    options: Options
    board: Board
    players: int
    seed: int


def option_games(options: st.SearchStrategy[Options] | None = None,
                 boards: st.SearchStrategy[Board] | None = None) -> st.SearchStrategy[OptionGame]:
    """An option combination, a board (a small random one or the default board),
    a player count and a seed for the game."""
    boards = boards if boards is not None else st.one_of(
        small_boards(), st.builds(default_board))
    return st.builds(OptionGame, options if options is not None else option_combinations(),
                     boards, st.integers(2, 4), st.integers(0, 2**32 - 1))


def action_bound(state: State) -> int:
    """The most actions a game from ``state`` can take when every player makes
    progress whenever he can. Every completed move lays a tile except a line's
    first move out of its starting town, and the game ends when the tiles run out;
    a move takes at most players + 2 actions (move, veto call, one bid or pass per
    other player, defence or concession); a token or a placed station takes one.
    A player with no progress left passes or moves a station, at most once a turn
    after a progress action (liveness is checked action by action in
    ``play_checked``), hence the factor two."""
    unstarted = sum(1 for ln in state.lines if not ln.started)
    moves = state.tiles_left + unstarted
    per_move = len(state.players) + 2
    tokens = sum(len(t) for t in state.city_tokens)
    stations = sum(STATIONS_PER_PLAYER - len(h.stations) for h in state.holdings)
    return 2 * (moves * per_move + tokens + stations) + 2


def progress_first(rules: Rules, state: State, rng: random.Random,
                   legal: list[Action]) -> Action:
    """A random legal action, a progress action whenever there is one, a veto
    round asked for one time in four."""
    if state.phase == VETO_WINDOW:
        calls = [a for a in legal if isinstance(a, CallVeto)]
        rest = [a for a in legal if not isinstance(a, CallVeto)]
        return rng.choice(calls if rest == [] or rng.random() < 0.25 else rest)
    progress = [a for a in legal if a.type in PROGRESS]
    if state.phase == ACTION and progress:
        kinds = sorted({a.type for a in progress})
        kind = rng.choice(kinds)
        return rng.choice([a for a in progress if a.type == kind])
    return rng.choice(legal)


def near_misses(state: State, rng: random.Random) -> Iterator[Action]:
    """Actions close to legal ones, for the apply = legal_actions check."""
    player = state.players[state.active]
    spaces = sorted(state.board.land)
    if state.phase == ACTION:
        for ln in state.board.lines:
            yield Move(player, ln, rng.choice(spaces))
        yield PlaceStation(player, rng.choice(spaces))
        for city in state.board.cities[:3]:
            yield TakeToken(player, city, rng.choice(["steel", "brewing", "leather",
                                                      "textiles"]))
    elif state.phase in (VETO_BIDDING, VETO_DEFENCE) and state.pending is not None:
        p = state.pending
        who = state.players[p.bidders[0]] if state.phase == VETO_BIDDING else player
        cls = VetoBid if state.phase == VETO_BIDDING else Defend
        li = state.line_index(p.line)
        held = max(h.shares(li) for h in state.holdings)
        for n in range(held + 2):
            yield cls(who, n, rng.choice([p.chosen, *spaces]))


def _accepted(rules: Rules, state: State, action: Action) -> bool:
    try:
        rules.apply(state, action)
    except (IllegalAction, MalformedInput):
        return False
    return True


def play_checked(game: OptionGame, tally: Tally, rules: Rules = RULES,
                 miss_every: int = 4, parse_every: int = 16) -> State:
    """Play ``game`` to its end, checking the invariants after every action; the
    near misses every ``miss_every`` actions and the schema-validated parse of the
    JSON every ``parse_every`` (and at the end): they cost the most."""
    rng = random.Random(game.seed)
    players = [f"p{i}" for i in range(1, game.players + 1)]
    state = initial_state(players, game.options, game.board)
    bound = action_bound(state)
    before_json = codec.to_json(state)
    idle = 0  # actions in a row that used nothing up
    n = 0
    while not state.over:
        assert n < bound, f"no end within {bound} actions (liveness, {game.options})"
        legal = rules.legal_actions(state)
        assert legal, "a running game offers no action"
        if n % miss_every == 0:
            legal_set = set(legal)
            for candidate in near_misses(state, rng):
                assert _accepted(rules, state, candidate) == (candidate in legal_set), candidate
                tally.checks += 1
        action = progress_first(rules, state, rng, legal)
        after = rules.apply(state, action)
        codec.check_consistent(after)
        assert after.tiles_left <= state.tiles_left, action
        for b, a in zip(state.holdings, after.holdings, strict=True):
            assert a.money >= b.money and len(a.stations) >= len(b.stations), action
        after_json = codec.to_json(after)
        assert violations(before_json, after_json) == [], action
        if n % parse_every == 0 or after.over:
            assert codec.from_json(after_json) == after, action
            tally.checks += 1
        idle = 0 if action.type in PROGRESS or state.phase != ACTION else idle + 1
        # Liveness: a player with nothing to use up ends his turn; the next one
        # can use something up, or the game is over (SR-END-01, research 6.1).
        assert idle <= 1, f"{idle} actions in a row use nothing up: {action}"
        tally.checks += 5
        state, before_json = after, after_json
        n += 1
    tally.game(combination_key(game.options), n, bound, end_of(rules, state))
    return state


def end_of(rules: Rules, state: State) -> str:
    """Why the game ended, telling apart a board no locomotive can leave (issue 14)."""
    reason = state.end_reason or "?"
    if reason == "one_line" and not any(rules.destinations(state, ln.id)
                                        for ln in state.lines if ln.status != DISSOLVED):
        return "one_line (no locomotive can move)"
    return reason
