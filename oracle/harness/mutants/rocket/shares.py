"""Mutants of supplementary shares and mergers (SR-SUP-*, SR-MRG-*)."""

from __future__ import annotations

from oracle.core.errors import IllegalAction
from oracle.rocket import scoring
from oracle.rocket.actions import Action, VetoBid
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    DISSOLVED,
    State,
)
from oracle.rocket.state import fast_replace as replace

# -- supplementary shares ---------------------------------------------------------------------


class SupplementaryCannotBid(Rules):
    """Only real shares count toward a veto bid (SR-SUP-01)."""

    def check_bid(self, state: State, pi: int, action: Action) -> None:
        super().check_bid(state, pi, action)
        assert isinstance(action, VetoBid) and state.pending is not None
        li = state.line_index(state.pending.line)
        if action.shares > state.holdings[pi].real[li]:
            raise IllegalAction("veto/not_enough_shares", "SR-SUP-01", "mutant")


class SupplementaryIgnoredInMajority(Rules):
    """Supplementary shares are left out of a merger's share majority (SR-SUP-01)."""

    def merger_payout(self, state: State, di: int, si: int) -> list[int]:
        holdings = tuple(replace(h, supplementary=(0,) * len(h.supplementary))
                         for h in state.holdings)
        return super().merger_payout(state.evolve(holdings=holdings), di, si)


class SupplementaryCappedAt16(Rules):
    """The box's 16 supplementary shares are a limit (SR-SUP-03)."""

    def take_share(self, state: State, pi: int, li: int) -> State:
        if state.lines[li].pile == 0 and state.supplementary_issued >= 16:
            return state
        return super().take_share(state, pi, li)


# -- mergers -------------------------------------------------------------------------------


class MergerScoresSurvivor(Rules):
    """A merger counts the surviving line's places (SR-MRG-01)."""

    def merger_payout(self, state: State, di: int, si: int) -> list[int]:
        return scoring.share_payout(state, di, state.lines[si].connected,
                                    state.options.merger_count_basis)


class MergerScoresBoth(Rules):
    """A merger counts the places of both lines (SR-MRG-01)."""

    def merger_payout(self, state: State, di: int, si: int) -> list[int]:
        places = state.lines[si].connected | state.lines[di].connected
        return scoring.share_payout(state, di, places, state.options.merger_count_basis)


class StartingTownMerges(Rules):
    """Ending next to a started line's starting town merges (SR-MRG-02, SR-TWN-04)."""

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        near = super().lines_near(state, space, line_id)
        for ln in state.lines:
            if ln.id != line_id and ln.started and ln.status != DISSOLVED \
                    and ln.id in state.board.adjacent_places[space]:
                near.add(ln.id)
        return near


class UnstartedLineMerges(Rules):
    """Ending next to a line still on its starting town merges (SR-MRG-03)."""

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        near = super().lines_near(state, space, line_id)
        for ln in state.lines:
            if ln.id != line_id and not ln.started and ln.status != DISSOLVED \
                    and ln.id in state.board.adjacent_places[space]:
                near.add(ln.id)
        return near


class GameStopsAtLastTile(Rules):
    """Once the last tile is down the move stops: no connection, no merger (SR-MRG-04)."""

    def connect(self, state: State, li: int, space: str) -> State:
        return state if state.tiles_left <= 0 else super().connect(state, li, space)

    def merge(self, state: State, di: int, si: int) -> State:
        return state if state.tiles_left <= 0 else super().merge(state, di, si)


class FirstMoveNeverMerges(Rules):
    """A line's first move, off its starting town, never merges: the merger test still
    takes the moving line for an unstarted one while it has no track (SR-MRG-03)."""

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        if not state.line(line_id).track:
            return set()
        return super().lines_near(state, space, line_id)
