"""The rules of Stephenson's Rocket as one object whose methods are the hooks.

``Rules.apply`` always checks legality; ``Rules._apply`` is the unchecked fast
path used once an action is known legal (random playouts). A deliberately wrong
rule (a mutant) is a subclass overriding one hook. Handlers are found through an
explicit table built in ``__init__``, not by reflection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from oracle.core import hexgrid
from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket import movement, scoring
from oracle.rocket.actions import (
    Action,
    CallVeto,
    Concede,
    Defend,
    Move,
    MoveStation,
    Pass,
    PlaceStation,
    PlaceTile,
    TakeToken,
    VetoBid,
    VetoPass,
)
from oracle.rocket.holdings import add_shares, add_token, pay, set_holding, set_line
from oracle.rocket.places import CITY, INDUSTRIES, PLACES, RAILWAY
from oracle.rocket.state import (
    ACTION,
    ACTIVE,
    DISSOLVED,
    ISOLATED,
    OVER,
    SHARES_PER_LINE,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    Bid,
    Line,
    Pending,
    State,
)
from oracle.rocket.state import fast_replace as replace

Check = Callable[[State, int, Action], None]
Effect = Callable[[State, int, Action], State]


class Rules:
    """Stephenson's Rocket, 1999 rules with the Knizia-confirmed FAQ."""

    def __init__(self) -> None:
        self.handlers: dict[str, tuple[Check, Effect]] = {
            Move.type: (self.check_move, self.do_move),
            CallVeto.type: (self.check_call_veto, self.do_call_veto),
            PlaceTile.type: (self.check_place_tile, self.do_place_tile),
            VetoBid.type: (self.check_bid, self.do_bid),
            VetoPass.type: (self.check_veto_pass, self.do_veto_pass),
            Defend.type: (self.check_defend, self.do_defend),
            Concede.type: (self.check_concede, self.do_concede),
            PlaceStation.type: (self.check_place_station, self.do_place_station),
            MoveStation.type: (self.check_move_station, self.do_move_station),
            TakeToken.type: (self.check_take_token, self.do_take_token),
            Pass.type: (self.check_pass, self.do_pass),
        }

    # -- entry points -----------------------------------------------------
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
            found = False
            for a in self._action_phase_moves(state):
                found = True
                yield a
            if not found:
                yield Pass(state.players[state.active])
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
        spaces = state.board.open_land_sorted  # sorted once per board
        if len(h.stations) < STATIONS_PER_PLAYER:
            for s in spaces:
                if self.station_refusal(state, s, None) is None:
                    yield PlaceStation(player, s)
        for src in sorted(h.stations, key=state.board.space_order.__getitem__):
            if self.station_fixed(state, src):
                continue
            for s in spaces:
                if s != src and self.station_refusal(state, s, src) is None:
                    yield MoveStation(player, src, s)

    def legal_tokens(self, state: State) -> Iterator[Action]:
        player = state.players[state.active]
        for city, tokens in zip(state.board.cities, state.city_tokens, strict=True):
            for industry in sorted(set(tokens)):
                yield TakeToken(player, city, industry)

    # -- shared checks ------------------------------------------------------
    def _player_index(self, state: State, player: str) -> int:
        if player not in state.players:
            raise MalformedInput("action.player", f"{player!r} is not a player "
                                 f"(players: {list(state.players)})")
        return state.players.index(player)

    def _need_phase(self, state: State, phase: str) -> None:
        if state.phase == phase:
            return
        if phase == ACTION:
            raise IllegalAction("turn/veto_in_progress", "SR-SEQ-01",
                                "a move is waiting for its veto round and tile")
        raise IllegalAction("veto/not_now", "SR-VETO-01",
                            f"this is not the moment for that (phase {state.phase})")

    def _need_active(self, state: State, pi: int) -> None:
        if pi != state.active:
            raise IllegalAction("turn/not_your_turn", "",
                                f"it is {state.players[state.active]}'s turn")

    # -- moving a locomotive ------------------------------------------------
    def destinations(self, state: State, line_id: str) -> list[str]:
        return movement.destinations(state, line_id)

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        """Lines a locomotive on ``space`` would touch (SR-MRG-02, SR-MRG-03)."""
        return movement.other_lines_near(state, space, line_id)

    def is_isolated(self, state: State, line_id: str) -> bool:
        return movement.is_isolated(state, line_id)

    def check_move(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        if action.line not in state.board.lines:
            raise MalformedInput("action.line", f"{action.line!r} is no line on this board")
        ln = state.line(action.line)
        if ln.status == DISSOLVED:
            raise IllegalAction("move/line_dissolved", "SR-MRG-01",
                                f"the {ln.id} line has merged into {ln.merged_into}")
        if ln.id in state.moved:
            raise IllegalAction("move/same_locomotive_twice", "",
                                f"the {ln.id} locomotive already moved this turn")
        hexgrid.parse_id(action.to)
        origin, heading = movement.origin_of(state, ln.id)
        why = movement.refusal(state, ln.id, origin, heading, action.to)
        if why is not None:
            raise why

    def take_share(self, state: State, pi: int, li: int) -> State:
        """The mover takes a share: real while the pile lasts, then supplementary
        (SR-SUP-03: never runs out); none for an isolated line (SR-ISO-03)."""
        ln = state.lines[li]
        h = state.holdings[pi]
        if ln.status == ISOLATED:
            return state
        if ln.pile > 0:
            state = set_line(state, li, replace(ln, pile=ln.pile - 1))
            return set_holding(state, pi, add_shares(h, li, real=1))
        state = set_holding(state, pi, add_shares(h, li, supplementary=1))
        return state.evolve(supplementary_issued=state.supplementary_issued + 1)

    def do_move(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Move)
        li = state.line_index(action.line)
        ln = state.lines[li]
        origin, heading = movement.origin_of(state, ln.id)
        new_heading = state.board.directions.get((origin, action.to))
        state = set_line(state, li, replace(ln, started=True, loco=action.to, heading=new_heading))
        # SR-SEQ-01/02: the share comes before the veto round and may be bid in it.
        state = self.take_share(state, pi, li)
        pending = Pending(ln.id, origin, heading, action.to)
        return state.evolve(phase=VETO_WINDOW, pending=pending, moved=state.moved | {ln.id})

    # -- the veto round -------------------------------------------------------
    def check_call_veto(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, VETO_WINDOW)  # SR-VETO-06: the mover may call too

    def do_call_veto(self, state: State, pi: int, action: Action) -> State:
        n = len(state.players)
        bidders = tuple((state.active + k) % n for k in range(1, n))
        assert state.pending is not None
        return state.evolve(phase=VETO_BIDDING, pending=replace(state.pending, bidders=bidders))

    def check_place_tile(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, VETO_WINDOW)
        self._need_active(state, pi)

    def do_place_tile(self, state: State, pi: int, action: Action) -> State:
        assert state.pending is not None
        return self.finalize(state, state.pending.chosen)

    def veto_spaces(self, state: State) -> list[str]:
        """Where a veto may send the locomotive: the spaces it could have chosen."""
        p = state.pending
        assert p is not None
        return movement.destinations(state, p.line, p.origin, p.origin_heading,
                                     from_start=p.origin_heading is None)

    def min_bid(self, state: State) -> int:
        p = state.pending
        assert p is not None
        return 1 if p.high is None else p.high.shares + 1  # SR-VETO-05

    def payable(self, state: State, pi: int, li: int) -> int:
        """Most shares ``pi`` could pay for a bid."""
        h = state.holdings[pi]
        if state.options.veto_shortfall == "refuse_bid":  # SR-VETO-08, one reading
            others = sum(o.real[li] for i, o in enumerate(state.holdings) if i != pi)
            return min(h.shares(li), h.real[li] + min(h.supplementary[li], others))
        return h.shares(li)

    def check_bid(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, VetoBid)
        self._need_phase(state, VETO_BIDDING)
        p = state.pending
        assert p is not None
        if pi != p.bidders[0]:
            raise IllegalAction("veto/not_your_bid", "",
                                f"{state.players[p.bidders[0]]} bids next")
        if action.shares < 1:
            raise IllegalAction("veto/minimum_one_share", "SR-VETO-05",
                                "zero shares is not a bid; the least bid is one share")
        if action.shares < self.min_bid(state):
            raise IllegalAction("veto/bid_too_low", "",
                                f"a bid must top the high bid of {p.high.shares if p.high else 0}")
        self._check_payable(state, pi, action.shares)
        if action.to not in self.veto_spaces(state):
            raise IllegalAction("veto/illegal_space", "",
                                f"{action.to} is not a space the locomotive could move to")

    def do_bid(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, VetoBid) and state.pending is not None
        p = replace(state.pending, high=Bid(pi, action.shares, action.to),
                    bidders=state.pending.bidders[1:])
        return self._after_bidder(state.evolve(pending=p))

    def check_veto_pass(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, VETO_BIDDING)
        assert state.pending is not None
        if pi != state.pending.bidders[0]:
            raise IllegalAction("veto/not_your_bid", "",
                                f"{state.players[state.pending.bidders[0]]} bids next")

    def do_veto_pass(self, state: State, pi: int, action: Action) -> State:
        assert state.pending is not None
        p = replace(state.pending, bidders=state.pending.bidders[1:])
        return self._after_bidder(state.evolve(pending=p))

    def _after_bidder(self, state: State) -> State:
        p = state.pending
        assert p is not None
        if p.bidders:
            return state
        if p.high is None:
            return self.finalize(state, p.chosen)
        return state.evolve(phase=VETO_DEFENCE)

    def check_defend(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Defend)
        self._need_phase(state, VETO_DEFENCE)
        self._need_active(state, pi)
        p = state.pending
        assert p is not None and p.high is not None
        if action.to != p.chosen:
            raise IllegalAction("veto/not_original_space", "SR-VETO-03",
                                f"the mover may only defend {p.chosen}, the space first chosen")
        if action.shares < p.high.shares:
            raise IllegalAction("veto/defence_too_low", "SR-VETO-04",
                                f"defending needs at least {p.high.shares} shares")
        self._check_payable(state, pi, action.shares)

    def _check_payable(self, state: State, pi: int, shares: int) -> None:
        """A bid or defence is paid in shares the player holds (SR-VETO-07), and
        under 'refuse_bid' only in real ones he could get (SR-VETO-08)."""
        assert state.pending is not None
        line_id = state.pending.line
        li = state.line_index(line_id)
        held = state.holdings[pi].shares(li)
        if shares > held:
            raise IllegalAction("veto/not_enough_shares", "SR-VETO-07",
                                f"{state.players[pi]} holds {held} {line_id} shares")
        if shares > self.payable(state, pi, li):
            raise IllegalAction("veto/unpayable", "SR-VETO-08",
                                f"{shares} shares could not be paid in real shares")

    def do_defend(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Defend) and state.pending is not None
        state = self.pay_veto(state, pi, state.line_index(state.pending.line), action.shares)
        return self.finalize(state, action.to)

    def check_concede(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, VETO_DEFENCE)
        self._need_active(state, pi)

    def do_concede(self, state: State, pi: int, action: Action) -> State:
        p = state.pending
        assert p is not None and p.high is not None
        state = self.pay_veto(state, p.high.player, state.line_index(p.line), p.high.shares)
        return self.finalize(state, p.high.to)

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        """SR-VETO-07: pay in real shares, back to the pile (out of the game when the
        line is isolated). SR-VETO-08: swap supplementary for real shares with the
        other players first, in turn order from the payer."""
        count = len(state.players)
        h = state.holdings[pi]
        short = n - h.real[li]
        for k in range(1, count):
            if short <= 0:
                break
            oi = (pi + k) % count
            other = state.holdings[oi]
            swap = min(short, other.real[li], state.holdings[pi].supplementary[li])
            if swap > 0:
                state = set_holding(state, oi, add_shares(other, li, real=-swap,
                                                          supplementary=swap))
                state = set_holding(state, pi, add_shares(state.holdings[pi], li, real=swap,
                                                          supplementary=-swap))
                short -= swap
        h = state.holdings[pi]
        real_paid = min(n, h.real[li])
        supp_paid = n - real_paid  # only under 'return_supplementary' (SR-VETO-08)
        state = set_holding(state, pi, add_shares(h, li, real=-real_paid,
                                                  supplementary=-supp_paid))
        ln = state.lines[li]
        if ln.status == ISOLATED:  # SR-ISO-04: returned shares are not available
            ln = replace(ln, discarded=ln.discarded + real_paid)
        else:
            ln = replace(ln, pile=ln.pile + real_paid)
        state = set_line(state, li, ln)
        return state.evolve(supplementary_issued=state.supplementary_issued - supp_paid)

    # -- completing a move --------------------------------------------------
    def finalize(self, state: State, final: str) -> State:
        """SR-SEQ-01 after the veto: locomotive on its final space, the tile, the
        passenger, connections (SR-TWN-*), then a merger (connections pay first)."""
        p = state.pending
        assert p is not None
        li = state.line_index(p.line)
        ln = state.lines[li]
        track = ln.track
        tiles_left = state.tiles_left
        if p.origin not in state.board.place_at:  # no tile on the starting town
            track = track | {p.origin}
            tiles_left -= 1
        ln = replace(ln, loco=final, heading=state.board.directions.get((p.origin, final)),
                     track=track)
        state = set_line(state, li, ln).evolve(tiles_left=tiles_left, pending=None,
                                               phase=ACTION)
        owner = state.station_owner.get(final)
        if owner is not None and owner != state.active and state.passengers > 0:
            h = state.holdings[state.active]
            state = set_holding(state, state.active, replace(h, passengers=h.passengers + 1))
            state = state.evolve(passengers=state.passengers - 1)
        state = self.connect(state, li, final)
        near = self.lines_near(state, final, p.line)
        if len(near) == 1:
            state = self.merge(state, li, state.line_index(near.pop()))
        return self.end_of_action(state, after_move=True)

    def connect(self, state: State, li: int, space: str) -> State:
        ln = state.lines[li]
        new = self.new_places(state, ln, space)
        if not new:
            return state
        # SR-TWN-05: a place counts once; connected is a set.
        ln = replace(ln, connected=ln.connected | new)
        state = set_line(state, li, ln)
        for place in sorted(new):
            kind = self.place_kind(state, place)
            if kind == CITY:  # SR-TWN-02
                state = pay(state, scoring.city_payout(state, place))
            elif kind == RAILWAY:  # SR-TWN-03: every new line, not only the first
                state = pay(state, scoring.railway_town_payout(state, state.lines[li]))
            # SR-TWN-04: a starting town joins the line's places but scores nothing.
        return state

    # Small hooks the connection and merger code calls (mutants override one each).
    def new_places(self, state: State, ln: Line, space: str) -> frozenset[str]:
        """Places next to ``space`` the line does not reach yet (SR-TWN-05)."""
        return frozenset(state.board.adjacent_places[space]) - ln.connected

    def place_kind(self, state: State, place: str) -> str:
        """SR-TWN-01/06: a place's kind, fixed for the whole game."""
        return CITY if place in state.board.industries else PLACES[place].kind

    def merger_payout(self, state: State, di: int, si: int) -> list[int]:
        """SR-MRG-01: only the places connected to the dissolved line count."""
        return scoring.share_payout(state, di, state.lines[di].connected,
                                    state.options.merger_count_basis)

    def merger_shares(self, state: State, si: int, get: int) -> tuple[int, int]:
        """(real from the survivor's pile, supplementary) for ``get`` new shares; an
        isolated survivor has no pile, the supplementary supply never runs dry
        (SR-ISO-05, SR-SUP-03)."""
        from_pile = min(get, state.lines[si].pile)
        return from_pile, get - from_pile

    def isolate(self, state: State, li: int) -> State:
        """SR-ISO-04: an isolated line's shares leave the pile."""
        ln = state.lines[li]
        return set_line(state, li, replace(ln, status=ISOLATED, pile=0,
                                           discarded=ln.discarded + ln.pile))

    def merge(self, state: State, di: int, si: int) -> State:
        """The moving line dissolves into the line it touched (research 5.3)."""
        opts = state.options
        # SR-MRG-01: only the places connected to the dissolved line count.
        state = pay(state, self.merger_payout(state, di, si))
        count = len(state.players)
        for k in range(count):
            pi = (state.active + k) % count
            h = state.holdings[pi]
            held = h.shares(di)
            if held == 0:
                continue
            get = held // 2 if opts.merger_odd_share == "down" else (held + 1) // 2
            survivor = state.lines[si]
            from_pile, supp = self.merger_shares(state, si, get)
            old_supp = h.supplementary[di]
            h = add_shares(h, di, real=-h.real[di], supplementary=-old_supp)
            h = add_shares(h, si, real=from_pile, supplementary=supp)
            state = set_holding(state, pi, h)
            state = set_line(state, si, replace(survivor, pile=survivor.pile - from_pile))
            state = state.evolve(
                supplementary_issued=state.supplementary_issued + supp - old_supp)
        # The dissolved line's shares, handed in above, leave the game.
        return self._retire(state, di, si)

    def _retire(self, state: State, di: int, si: int) -> State:
        dissolved = state.lines[di]
        survivor = state.lines[si]
        tiles_left, imaginary = state.tiles_left, state.imaginary_tiles
        track = survivor.track | dissolved.track
        if state.options.merger_lays_tile and dissolved.loco is not None:
            track = track | {dissolved.loco}
            if tiles_left > 0:
                tiles_left -= 1
            else:
                imaginary += 1  # SR-MRG-04: as if a 61st tile existed
        survivor = replace(survivor, track=track,
                           connected=survivor.connected | dissolved.connected)
        dissolved = replace(dissolved, status=DISSOLVED, loco=None, heading=None,
                            track=frozenset(), pile=0,
                            discarded=SHARES_PER_LINE, merged_into=survivor.id)
        state = set_line(set_line(state, di, dissolved), si, survivor)
        return state.evolve(tiles_left=tiles_left, imaginary_tiles=imaginary)

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
        if state.options.end_lines == "active":
            count = sum(1 for ln in state.lines if ln.status == ACTIVE)
        else:
            count = sum(1 for ln in state.lines if ln.status == ACTIVE or (
                ln.status == ISOLATED and self.destinations(state, ln.id)))
        if count <= 1 or any(self.destinations(state, ln.id) for ln in state.lines
                             if ln.status != DISSOLVED):
            return count
        return 0

    # -- stations ----------------------------------------------------------
    def station_fixed(self, state: State, space: str) -> bool:
        """SR-STA-01: a station that track has reached is part of the line."""
        return space in state.track_owner or space in state.loco_at

    def station_refusal(self, state: State, space: str, moving: str | None) -> IllegalAction | None:
        board = state.board
        if space not in board.land:
            return IllegalAction("station/off_board", "", f"{space} is not land on the board")
        if space in board.place_at:
            return IllegalAction("station/onto_place", "", f"{space} holds a place")
        if space in state.track_owner:
            return IllegalAction("station/onto_track", "", f"{space} holds a track tile")
        if space in state.loco_at:
            return IllegalAction("station/onto_locomotive", "", f"{space} holds a locomotive")
        owners = state.station_owner
        if space in owners and space != moving:
            return IllegalAction("station/occupied", "", f"{space} holds a station")
        for n in board.neighbours[space].values():
            if n in state.loco_at:
                return IllegalAction("station/next_to_locomotive", "",
                                     f"{space} is next to a locomotive")
            if n in owners and n != moving:
                return IllegalAction("station/next_to_station", "",
                                     f"{space} is next to a station")
        return None

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, PlaceStation)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        hexgrid.parse_id(action.to)
        if len(state.holdings[pi].stations) >= STATIONS_PER_PLAYER:
            raise IllegalAction("station/none_left", "SR-STA-02",
                                "all seven stations are on the board")
        why = self.station_refusal(state, action.to, None)
        if why is not None:
            raise why

    def do_place_station(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, PlaceStation)
        h = state.holdings[pi]
        state = set_holding(state, pi, replace(h, stations=h.stations | {action.to}))
        return self.end_of_action(state)

    def check_move_station(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, MoveStation)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        hexgrid.parse_id(action.to)
        if action.source not in state.holdings[pi].stations:
            raise IllegalAction("station/not_yours", "",
                                f"{action.player} has no station on {action.source}")
        if self.station_fixed(state, action.source):
            raise IllegalAction("station/fixed", "SR-STA-01",
                                f"track has reached the station on {action.source}")
        if action.to == action.source:
            raise IllegalAction("station/same_space", "", "a station must move somewhere")
        why = self.station_refusal(state, action.to, action.source)
        if why is not None:
            raise why

    def do_move_station(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, MoveStation)
        h = state.holdings[pi]
        stations = (h.stations - {action.source}) | {action.to}
        state = set_holding(state, pi, replace(h, stations=stations))
        return self.end_of_action(state)

    # -- city tokens ---------------------------------------------------------
    def check_take_token(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, TakeToken)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        if action.city not in state.board.cities:
            raise MalformedInput("action.city", f"{action.city!r} is no city on this board")
        if action.industry not in INDUSTRIES:
            raise MalformedInput("action.industry", f"{action.industry!r} is no industry")
        tokens = state.city_tokens[state.board.cities.index(action.city)]
        if action.industry not in tokens:
            raise IllegalAction("token/not_available", "",
                                f"{action.city} has no {action.industry} token left")

    def do_take_token(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, TakeToken)
        ci = state.board.cities.index(action.city)
        tokens = list(state.city_tokens[ci])
        tokens.remove(action.industry)
        city_tokens = list(state.city_tokens)
        city_tokens[ci] = tuple(tokens)
        state = state.evolve(city_tokens=tuple(city_tokens))
        h = state.holdings[pi]
        state = set_holding(state, pi, add_token(h, action.city, action.industry))
        return self.end_of_action(state)

    # -- passing ---------------------------------------------------------------
    def check_pass(self, state: State, pi: int, action: Action) -> None:
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        for _ in self._action_phase_moves(state):
            raise IllegalAction("turn/must_act", "", "a player passes only with no legal action")

    def do_pass(self, state: State, pi: int, action: Action) -> State:
        return self.end_of_action(state)

    # -- enumerating veto actions ---------------------------------------------
    def _bids(self, state: State) -> Iterator[Action]:
        p = state.pending
        assert p is not None
        pi = p.bidders[0]
        player = state.players[pi]
        yield VetoPass(player)
        li = state.line_index(p.line)
        top = min(state.holdings[pi].shares(li), self.payable(state, pi, li))
        spaces = self.veto_spaces(state)
        for n in range(max(1, self.min_bid(state)), top + 1):
            for s in spaces:
                yield VetoBid(player, n, s)

    def _defences(self, state: State) -> Iterator[Action]:
        p = state.pending
        assert p is not None and p.high is not None
        player = state.players[state.active]
        yield Concede(player)
        li = state.line_index(p.line)
        top = min(state.holdings[state.active].shares(li), self.payable(state, state.active, li))
        for n in range(p.high.shares, top + 1):
            yield Defend(player, n, p.chosen)
