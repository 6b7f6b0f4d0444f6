"""Rocket mutants of the veto round's end: the mover's answer to the high bid (defend
or give way) and what completing a vetoed move does (SR-VETO, SR-SEQ); the rest of
the veto round's mutants are in ``veto.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from oracle.rocket.actions import Action, Defend
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    ACTION,
    ISOLATED,
    VETO_DEFENCE,
    State,
)
from oracle.rocket.state import fast_replace as replace

# -- the mover's answer ------------------------------------------------------------------------


class DefenceBelowHighBid(Rules):
    """Any defence of one share or more keeps the space, however high the bid
    (SR-VETO-04)."""

    def check_defend(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Defend) and state.pending is not None
        high = state.pending.high
        assert high is not None
        if 1 <= action.shares < high.shares:  # checked as if the bid were his offer
            state = state.evolve(pending=replace(state.pending,
                                                 high=replace(high, shares=action.shares)))
        super().check_defend(state, pi, action)

    def _defences(self, state: State) -> Iterator[Action]:
        p = state.pending
        assert p is not None and p.high is not None
        low = replace(p, high=replace(p.high, shares=1))
        yield from super()._defences(state.evolve(pending=low))


class GiveWayKeepsSpace(Rules):
    """Giving way makes the high bidder pay but leaves the locomotive on the space
    first chosen (SR-VETO-03)."""

    def do_concede(self, state: State, pi: int, action: Action) -> State:
        p = state.pending
        assert p is not None and p.high is not None
        state = self.pay_veto(state, p.high.player, state.line_index(p.line), p.high.shares)
        return self.finalize(state, p.chosen)


class GiveWayKeepsPassenger(Rules):
    """A mover who gives way keeps the passenger won on the space first chosen, as if
    it were won when the locomotive entered the station (SR-VETO-04)."""

    def do_concede(self, state: State, pi: int, action: Action) -> State:
        p = state.pending
        assert p is not None and p.high is not None
        mover = state.active
        owner = state.station_owner.get(p.chosen)
        won = (owner is not None and owner != mover and p.high.to != p.chosen
               and state.passengers > 0)
        state = super().do_concede(state, pi, action)
        if not won or state.passengers <= 0:
            return state
        h = state.holdings[mover]
        state = set_holding(state, mover, replace(h, passengers=h.passengers + 1))
        return state.evolve(passengers=state.passengers - 1)


class ActDuringDefence(Rules):
    """Once the lap of bids is over the mover may take his next action before he
    defends or gives way (SR-VETO-03, SR-SEQ-01)."""

    def _need_phase(self, state: State, phase: str) -> None:
        if phase == ACTION and state.phase == VETO_DEFENCE:
            return
        super()._need_phase(state, phase)


# -- completing a vetoed move ------------------------------------------------------------------


class VetoedMoverLosesShare(Rules):
    """Giving way undoes the move, share and all, before the locomotive goes to the
    high bidder's space (SR-SEQ-02)."""

    def do_concede(self, state: State, pi: int, action: Action) -> State:
        p = state.pending
        assert p is not None
        li = state.line_index(p.line)
        ln = state.lines[li]
        h = state.holdings[state.active]
        if ln.status != ISOLATED and h.shares(li) > 0:
            if h.supplementary[li] > 0 and (ln.pile == 0 or h.real[li] == 0):
                state = set_holding(state, state.active, add_shares(h, li, supplementary=-1))
                state = state.evolve(supplementary_issued=state.supplementary_issued - 1)
            else:
                state = set_holding(state, state.active, add_shares(h, li, real=-1))
                state = set_line(state, li, replace(ln, pile=ln.pile + 1))
        return super().do_concede(state, pi, action)


class GiveWayLaysNoTile(Rules):
    """Giving way completes the move without its track tile: only laying the tile and
    defending put one down (SR-SEQ-01)."""

    def do_concede(self, state: State, pi: int, action: Action) -> State:
        p = state.pending
        assert p is not None
        if p.origin in state.board.place_at:  # a first move lays no tile anyway
            return super().do_concede(state, pi, action)
        state = super().do_concede(state.evolve(tiles_left=state.tiles_left + 1), pi, action)
        for li, ln in enumerate(state.lines):
            if p.origin in ln.track:
                state = set_line(state, li, replace(ln, track=ln.track - {p.origin}))
        return state
