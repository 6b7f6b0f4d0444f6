"""The playout kernel's working position: a State thawed into mutable lists and
sets, with its occupancy tables kept up to date move by move instead of rebuilt,
and frozen back into a State at the end. Private to ``oracle.rocket.fastplay``.

Lines and players are indices (``board.lines`` and ``players`` order); spaces stay
their IDs, so freezing needs no translation.
"""

from __future__ import annotations

from oracle.rocket.board import Board
from oracle.rocket.options import Options
from oracle.rocket.state import DISSOLVED, Bid, Holding, Line, Pending, State


class Work:
    """One game in progress. Attributes mirror ``State`` field by field; the line and
    holding records are split into one list per field."""

    def __init__(self, state: State) -> None:
        board = self.board = state.board
        self.options: Options = state.options
        self.players = state.players
        self.count = len(state.players)
        self.active = state.active
        self.actions_taken = state.actions_taken
        self.moved: set[int] = {board.line_order[lid] for lid in state.moved}
        self.phase = state.phase
        lines = state.lines
        self.ids: tuple[str, ...] = tuple(ln.id for ln in lines)
        self.started = [ln.started for ln in lines]
        self.status = [ln.status for ln in lines]
        self.loco = [ln.loco for ln in lines]
        self.heading = [ln.heading for ln in lines]
        self.track = [set(ln.track) for ln in lines]
        self.connected = [set(ln.connected) for ln in lines]
        self.pile = [ln.pile for ln in lines]
        self.discarded = [ln.discarded for ln in lines]
        self.merged_into = [ln.merged_into for ln in lines]
        hs = state.holdings
        self.money = [h.money for h in hs]
        self.real = [list(h.real) for h in hs]
        self.supp = [list(h.supplementary) for h in hs]
        self.stations = [set(h.stations) for h in hs]
        self.tokens: list[dict[tuple[str, str], int]] = [
            {(c, i): k for c, i, k in h.tokens} for h in hs]
        self.passengers_held = [h.passengers for h in hs]
        self.city_tokens = [list(t) for t in state.city_tokens]
        self.city_index = {c: i for i, c in enumerate(board.cities)}
        #: the cities with a token left, in board order (the policy draws from them)
        self.stocked = [ci for ci, t in enumerate(self.city_tokens) if t]
        #: city index -> tokens of that city each player holds (scoring.city_tokens_held)
        self.city_held = [[sum(k for (c, _), k in t.items() if c == city) for t in self.tokens]
                          for city in board.cities]
        self.passengers = state.passengers
        self.supplementary_issued = state.supplementary_issued
        self.tiles_left = state.tiles_left
        self.tiles_elsewhere = state.tiles_elsewhere
        self.imaginary_tiles = state.imaginary_tiles
        self.bank_paid = state.bank_paid
        self.end_reason = state.end_reason
        p = state.pending
        # pending: line index, origin, origin heading, chosen space; bidders; high bid
        self.p_line = -1 if p is None else board.line_order[p.line]
        self.p_origin = "" if p is None else p.origin
        self.p_heading = None if p is None else p.origin_heading
        self.p_chosen = "" if p is None else p.chosen
        self.p_bidders: list[int] = [] if p is None else list(p.bidders)
        self.p_high: tuple[int, int, str] | None = (
            None if p is None or p.high is None else (p.high.player, p.high.shares, p.high.to))
        self.station_owner = {s: pi for pi, st in enumerate(self.stations) for s in st}
        self.rebuild_occupancy()
        #: line index -> its destinations from where it stands; an entry goes when a move
        #: lands within two steps of it, all go at a merger (effects._forget_destinations)
        self.dest_cache: dict[int, tuple[str, ...]] = {}
        #: Turn.lines_left's answer; None once any line changed
        self.lines_left: int | None = None
        #: line index -> (the space it starts from, the route) proving the line not
        #: isolated at its last isolation check (geometry.is_isolated;
        #: effects._isolations), or None
        self.witness: list[tuple[str, tuple[str, ...]] | None] = [None] * len(self.ids)
        #: the veto round's spaces (Veto.veto_spaces), fixed for the whole round
        self.p_spaces: tuple[str, ...] | None = None

    def stand(self, li: int) -> tuple[str, str | None]:
        """Where line ``li``'s locomotive moves from, and its heading: its space, or
        its starting town (any way) before its first move (movement.origin_of)."""
        loco = self.loco[li]
        if self.started[li] and loco is not None:
            return loco, self.heading[li]
        return self.board.places[self.ids[li]], None

    def rebuild_occupancy(self) -> None:
        """track_owner, loco_at, line_presence and blocked as ``State`` derives them."""
        track: dict[str, int] = {}
        locos: dict[str, int] = {}
        presence: dict[str, int] = {}
        places = self.board.places
        for li, lid in enumerate(self.ids):
            for s in self.track[li]:
                track[s] = li
            if self.status[li] == DISSOLVED:
                continue
            loco = self.loco[li]
            if not self.started[li]:
                locos[places[lid]] = li
                continue
            for s in self.track[li]:
                presence[s] = li
            if loco:
                locos[loco] = presence[loco] = li
            else:
                locos[places[lid]] = li
        self.track_owner, self.loco_at, self.presence = track, locos, presence
        self.blocked: set[str] = set(self.board.place_spaces)
        self.blocked.update(track, locos)
        self.rebuild_beside()

    def rebuild_beside(self) -> None:
        """``beside``: space -> the started lines with a piece (track or locomotive)
        next to it, which lines a locomotive there would touch (SR-MRG-02/03,
        SR-ISO-06) at one look. A line's pieces only ever grow until a merger, so the
        table grows with each tile (effects.finalize) and is mended by a merger."""
        near = self.board.near
        beside: dict[str, set[int]] = {}
        for s, li in self.presence.items():
            for n in near[s]:
                found = beside.get(n)
                if found is None:
                    beside[n] = {li}
                else:
                    found.add(li)
        self.beside = beside

    def add_piece(self, space: str, li: int) -> None:
        """``space`` becomes part of started line ``li``."""
        self.presence[space] = li
        beside = self.beside
        for n in self.board.near[space]:
            found = beside.get(n)
            if found is None:
                beside[n] = {li}
            else:
                found.add(li)

    def freeze(self) -> State:
        board: Board = self.board
        ids = self.ids
        lines = tuple(
            Line(ids[li], self.started[li], self.status[li], self.loco[li], self.heading[li],
                 frozenset(self.track[li]), frozenset(self.connected[li]), self.pile[li],
                 self.discarded[li], self.merged_into[li])
            for li in range(len(ids)))
        holdings = tuple(
            Holding(self.money[pi], tuple(self.real[pi]), tuple(self.supp[pi]),
                    frozenset(self.stations[pi]),
                    tuple(sorted((c, i, k) for (c, i), k in self.tokens[pi].items() if k > 0)),
                    self.passengers_held[pi])
            for pi in range(self.count))
        pending = None
        if self.p_line >= 0:
            high = None if self.p_high is None else Bid(*self.p_high)
            pending = Pending(ids[self.p_line], self.p_origin, self.p_heading, self.p_chosen,
                              tuple(self.p_bidders), high)
        return State(
            board=board, options=self.options, players=self.players, active=self.active,
            actions_taken=self.actions_taken, moved=frozenset(ids[li] for li in self.moved),
            phase=self.phase, pending=pending, lines=lines, holdings=holdings,
            city_tokens=tuple(tuple(t) for t in self.city_tokens),
            passengers=self.passengers, supplementary_issued=self.supplementary_issued,
            tiles_left=self.tiles_left, tiles_elsewhere=self.tiles_elsewhere,
            imaginary_tiles=self.imaginary_tiles, bank_paid=self.bank_paid,
            end_reason=self.end_reason)
