"""The turn: checked and unchecked application, the legal actions, passing, and
the end of an action (SR-END-01: the game ends between actions, never inside one)."""

from __future__ import annotations

from collections.abc import Iterator

from oracle.core.errors import IllegalAction
from oracle.rocket import scoring
from oracle.rocket.actions import (
    Action,
    CallVeto,
    Move,
    MoveStation,
    Pass,
    PlaceStation,
    PlaceTile,
    TakeToken,
)
from oracle.rocket.holdings import pay, set_holding
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.rules.moving import Moving
from oracle.rocket.state import (
    ACTION,
    ACTIVE,
    DISSOLVED,
    ISOLATED,
    OVER,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    Holding,
    State,
)


class Turn(Hooks):
    """The turn: checked and unchecked application, the legal actions, passing, and"""

    def apply(self, state: State, action: Action) -> State:
        """The position after ``action``; raises IllegalAction and changes nothing."""
        pi = self._player_index(state, action.player)
        if state.phase == OVER:
            raise IllegalAction("turn/game_over", "SR-END-01", "the game is over")
        check, effect = self.handlers[action.type]
        check(state, pi, action)
        return effect(state, pi, action)

    def _apply(self, state: State, action: Action) -> State:
        """Unchecked: only for actions taken from ``legal_actions``."""
        return self.handlers[action.type][1](state, state.players.index(action.player), action)

    def legal_actions(self, state: State) -> list[Action]:
        return list(self.iter_legal(state))

    def iter_legal(self, state: State) -> Iterator[Action]:
        if state.phase == OVER:
            return
        if state.phase == ACTION:
            # ``yield from`` hands the rest on without a step of this generator per
            # action (a position lists some 180, mostly stations, every fuzz step)
            moves = self._action_phase_moves(state)
            first = next(moves, None)
            if first is None:
                yield Pass(state.players[state.active])
                return
            yield first
            yield from moves
        elif state.phase == VETO_WINDOW:
            for p in state.players:
                yield CallVeto(p)
            yield PlaceTile(state.players[state.active])
        elif state.phase == VETO_BIDDING:
            yield from self._bids(state)
        elif state.phase == VETO_DEFENCE:
            yield from self._defences(state)

    def _action_phase_moves(self, state: State) -> Iterator[Action]:
        player = state.players[state.active]
        yield from self.legal_moves(state)
        yield from self.legal_station_actions(state)
        yield from self.legal_tokens(state)
        del player

    def legal_moves(self, state: State) -> Iterator[Action]:
        player = state.players[state.active]
        for ln in state.lines:
            if ln.status == DISSOLVED or ln.id in state.moved:
                continue
            for to in self.destinations(state, ln.id):
                yield Move(player, ln.id, to)

    def legal_station_actions(self, state: State) -> Iterator[Action]:
        player = state.players[state.active]
        h = state.holdings[state.active]
        if len(h.stations) < STATIONS_PER_PLAYER:
            for s in self.station_spaces(state, None):
                yield PlaceStation(player, s)
        for src in sorted(h.stations, key=state.board.space_order.__getitem__):
            if self.station_fixed(state, src):
                continue
            for s in self.station_spaces(state, src):
                if s != src:
                    yield MoveStation(player, src, s)

    def legal_tokens(self, state: State) -> Iterator[Action]:
        player = state.players[state.active]
        for city, tokens in zip(state.board.cities, state.city_tokens, strict=True):
            for industry in sorted(set(tokens)):
                yield TakeToken(player, city, industry)

    def check_pass(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        for _ in self._action_phase_moves(state):
            raise IllegalAction("turn/must_act", "", "a player passes only with no legal action")

    def do_pass(self, state: State, pi: int, action: Action) -> State:
        return self.end_of_action(state)

    def end_of_action(self, state: State, after_move: bool = False) -> State:
        """SR-END-01: the game may end between two actions, never inside one."""
        if after_move:
            for li, ln in enumerate(state.lines):
                if ln.status == ACTIVE and self.is_isolated(state, ln.id):
                    state = self.isolate(state, li)
        taken = state.actions_taken + 1
        reason = self.end_reason(state)
        if reason is not None:
            state = pay(state, scoring.final_payouts(state))
            return state.evolve(phase=OVER, end_reason=reason, actions_taken=taken)
        if taken >= 2:
            return state.evolve(active=(state.active + 1) % len(state.players),
                                actions_taken=0, moved=frozenset())
        return state.evolve(actions_taken=taken)

    def end_with_holding(self, state: State, pi: int, holding: Holding,
                         **changes: object) -> State:
        """``end_of_action(set_holding(state, pi, holding, **changes))`` for an action
        that changes a holding and no line or tile count (a station, a token), as one
        copy when that is exact: ``end_of_action``, ``end_reason`` and ``lines_left``
        are the plain ones, so the end reason depends on the tiles left and the lines
        alone, which ``state`` shares with the position after the action. If the game
        ends, the generic steps run (the final scoring reads the new holding). A
        ``station_owner`` in ``changes`` is the new position's table (stations.py)."""
        cls = type(self)
        if (cls.end_of_action is Turn.end_of_action and cls.end_reason is Turn.end_reason
                and cls.lines_left is Turn.lines_left and self.geometry.plain
                and cls.destinations is Moving.destinations
                and self.end_reason(state) is None):
            holdings = list(state.holdings)
            # station_owner stays valid with the same stations, or comes in changes
            same = holdings[pi].stations is holding.stations or "station_owner" in changes
            holdings[pi] = holding
            taken = state.actions_taken + 1
            if taken >= 2:
                return state.evolve(False, same, holdings=tuple(holdings),
                                    active=(state.active + 1) % len(state.players),
                                    actions_taken=0, moved=frozenset(), **changes)
            return state.evolve(False, same, holdings=tuple(holdings), actions_taken=taken,
                                **changes)
        owners = changes.pop("station_owner", None)
        after = set_holding(state, pi, holding, **changes)
        if owners is not None:
            after.__dict__["station_owner"] = owners
        return self.end_of_action(after)

    def end_reason(self, state: State) -> str | None:
        if state.tiles_left <= 0:
            return "tiles"
        if self.lines_left(state) <= 1:
            return "one_line"
        return None

    def lines_left(self, state: State) -> int:
        """Lines that count toward "only one line is left" (research 6.1, option
        ``end_lines``). 'active' counts lines neither isolated nor dissolved;
        'undissolved' adds isolated lines whose locomotive can still move, the
        reason that reading counts them (SR-ISO-03): a hemmed-in isolated line can
        neither be extended nor give shares, so no source phrasing counts it.
        Under every reading none is left once no locomotive can move at all: track,
        places, water and locomotives never clear, stations do not block, so no
        line can ever be extended again ("only one line can still be extended",
        bdml-2; research 6.1). Without this a board where nothing can move offers
        only passes, for ever (issue 14)."""
        # The answer depends on the lines and the option alone when the destinations
        # are the plain geometry's: the position keeps it until a line changes.
        known = state.lines_left_cache if (
            self.geometry.plain and type(self).destinations is Moving.destinations) else None
        if known is not None:
            found = known.get(state.options.end_lines)
            if found is None:
                found = known[state.options.end_lines] = self._count_lines_left(state)
            return found
        return self._count_lines_left(state)

    def _count_lines_left(self, state: State) -> int:
        count = 0
        if state.options.end_lines == "active":
            for ln in state.lines:
                if ln.status == ACTIVE:
                    count += 1
        else:
            for ln in state.lines:
                if ln.status == ACTIVE or (
                        ln.status == ISOLATED and self.destinations(state, ln.id)):
                    count += 1
        if count <= 1:
            return count
        for ln in state.lines:  # the first line that can move settles it
            if ln.status != DISSOLVED and self.destinations(state, ln.id):
                return count
        return 0
