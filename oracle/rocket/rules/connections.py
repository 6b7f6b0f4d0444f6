"""Completing a move: the tile, the passenger, connections to places (SR-TWN-*),
mergers (SR-MRG-*), isolation (SR-ISO-04) and retiring a dissolved line."""

from __future__ import annotations

from oracle.rocket import scoring
from oracle.rocket.holdings import add_shares, pay, set_holding, set_line
from oracle.rocket.places import CITY, PLACES, RAILWAY
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    ISOLATED,
    SHARES_PER_LINE,
    Line,
    State,
)
from oracle.rocket.state import fast_replace as replace


class Connections(Hooks):
    """Completing a move: the tile, the passenger, connections to places (SR-TWN-*),"""

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
        state = set_line(state, li, ln, tiles_left=tiles_left, pending=None, phase=ACTION)
        owner = state.station_owner.get(final)
        if owner is not None and owner != state.active and state.passengers > 0:
            h = state.holdings[state.active]
            state = set_holding(state, state.active, replace(h, passengers=h.passengers + 1),
                                passengers=state.passengers - 1)
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
