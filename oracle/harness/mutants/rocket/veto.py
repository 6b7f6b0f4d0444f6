"""Mutants of the veto round and the order of a move (SR-VETO-*, SR-SEQ-*)."""

from __future__ import annotations

import dataclasses

from oracle.core.errors import IllegalAction
from oracle.rocket.actions import Action, CallVeto, Defend, Move, VetoBid, VetoPass
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    VETO_BIDDING,
    VETO_WINDOW,
    Bid,
    State,
)
from oracle.rocket.state import fast_replace as replace

# -- veto rounds ---------------------------------------------------------------------------


class VetoPollAutomatic(Rules):
    """Every move opens a poll at once, as the rules did before the FAQ (SR-VETO-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        state = super().do_move(state, pi, action)
        return self.do_call_veto(state, pi, CallVeto(action.player))


class BidWithoutCall(Rules):
    """A bid or pass in the veto window opens the poll by itself (SR-VETO-01)."""

    def apply(self, state: State, action: Action) -> State:
        if isinstance(action, VetoBid | VetoPass) and state.phase == VETO_WINDOW:
            state = self.do_call_veto(state, state.active, CallVeto(action.player))
        return super().apply(state, action)


class AskingIsABid(Rules):
    """Whoever asks for the round is taken to bid one share (SR-VETO-02)."""

    def do_call_veto(self, state: State, pi: int, action: Action) -> State:
        state = super().do_call_veto(state, pi, action)
        p = state.pending
        assert p is not None
        if pi == state.active:
            return state
        return state.evolve(pending=replace(p, high=Bid(pi, 1, p.chosen)))


class DefendElsewhere(Rules):
    """The mover may defend any space the locomotive could reach (SR-VETO-03)."""

    def check_defend(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Defend) and state.pending is not None
        if action.to in self.veto_spaces(state):
            action = Defend(action.player, action.shares, state.pending.chosen)
        super().check_defend(state, pi, action)


class DefenceMustTop(Rules):
    """Equalling the high bid is not enough to keep the space (SR-VETO-04)."""

    def check_defend(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Defend) and state.pending is not None
        high = state.pending.high
        if high is not None and action.shares <= high.shares:
            raise IllegalAction("veto/defence_too_low", "SR-VETO-04", "must top")
        super().check_defend(state, pi, action)


class DefenceIsFree(Rules):
    """The defending mover keeps his shares (SR-VETO-04, SR-VETO-07)."""

    def do_defend(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Defend)
        return self.finalize(state, action.to)


class ZeroBidCounts(Rules):
    """A bid of zero shares is taken as a bid (SR-VETO-05)."""

    def check_bid(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, VetoBid)
        if action.shares == 0:
            self._need_phase(state, VETO_BIDDING)
            return
        super().check_bid(state, pi, action)


class MoverCannotCall(Rules):
    """Only the other players may ask for a veto round (SR-VETO-06)."""

    def check_call_veto(self, state: State, pi: int, action: Action) -> None:
        super().check_call_veto(state, pi, action)
        if pi == state.active:
            raise IllegalAction("veto/not_now", "SR-VETO-06", "the mover may not call a veto")


class PaidSharesLeaveGame(Rules):
    """Veto payments are discarded instead of going back to the pile (SR-VETO-07)."""

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        state = super().pay_veto(state, pi, li, n)
        ln = state.lines[li]
        moved = min(n, ln.pile)
        return set_line(state, li, replace(ln, pile=ln.pile - moved,
                                           discarded=ln.discarded + moved))


class PaySupplementaryFirst(Rules):
    """A payer hands back supplementary shares before real ones; they go to the supply
    (SR-SUP-02, SR-VETO-07)."""

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        h = state.holdings[pi]
        supp = min(n, h.supplementary[li])
        state = set_holding(state, pi, add_shares(h, li, supplementary=-supp))
        state = state.evolve(supplementary_issued=state.supplementary_issued - supp)
        return super().pay_veto(state, pi, li, n - supp) if n > supp else state


class NoSwapBeforePaying(Rules):
    """A payer short of real shares pays supplementary ones without swapping
    (SR-VETO-08)."""

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        h = state.holdings[pi]
        real = min(n, h.real[li])
        supp = n - real
        if supp:
            state = set_holding(state, pi, add_shares(h, li, supplementary=-supp))
            state = state.evolve(supplementary_issued=state.supplementary_issued - supp)
        return super().pay_veto(state, pi, li, real) if real else state


class ShortfallReadingSwapped(Rules):
    """The two readings of the unruled shortfall case are swapped (SR-VETO-08)."""

    def payable(self, state: State, pi: int, li: int) -> int:
        flipped = ("return_supplementary" if state.options.veto_shortfall == "refuse_bid"
                   else "refuse_bid")
        options = dataclasses.replace(state.options, veto_shortfall=flipped)
        return super().payable(state.evolve(options=options), pi, li)


# -- the sequence of a move ---------------------------------------------------------------


class TileBeforeVeto(Rules):
    """The track tile is laid when the locomotive moves, before the veto (SR-SEQ-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Move)
        state = super().do_move(state, pi, action)
        p = state.pending
        assert p is not None
        if p.origin in state.board.place_at:
            return state
        li = state.line_index(p.line)
        ln = state.lines[li]
        state = set_line(state, li, replace(ln, track=ln.track | {p.origin}))
        return state.evolve(tiles_left=state.tiles_left - 1)

    def finalize(self, state: State, final: str) -> State:
        p = state.pending
        assert p is not None
        li = state.line_index(p.line)
        ln = state.lines[li]
        if p.origin in ln.track:  # laid already: give it back so it is laid once
            state = set_line(state, li, replace(ln, track=ln.track - {p.origin}))
            state = state.evolve(tiles_left=state.tiles_left + 1)
        return super().finalize(state, final)


class ScoresBeforeVeto(Rules):
    """Connections score on the space first chosen, before the veto (SR-SEQ-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Move)
        state = super().do_move(state, pi, action)
        return self.connect(state, state.line_index(action.line), action.to)


class ShareAfterVeto(Rules):
    """The mover's share is handed out after the veto round (SR-SEQ-02)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Move)
        li = state.line_index(action.line)
        before = state.holdings[pi]
        ln = state.lines[li]
        state = super().do_move(state, pi, action)
        # Undo the share: back to the pile (or the supplementary supply).
        after = state.holdings[pi]
        dr = after.real[li] - before.real[li]
        ds = after.supplementary[li] - before.supplementary[li]
        state = set_holding(state, pi, add_shares(after, li, real=-dr, supplementary=-ds))
        state = set_line(state, li, replace(state.lines[li], pile=ln.pile))
        return state.evolve(supplementary_issued=state.supplementary_issued - ds)

    def finalize(self, state: State, final: str) -> State:
        p = state.pending
        assert p is not None
        state = self.take_share(state, state.active, state.line_index(p.line))
        return super().finalize(state, final)


# -- who is polled, and in what order ------------------------------------------------------


class PollStartsWithAsker(Rules):
    """The poll starts with the player who asked for it instead of the mover's left
    (SR-VETO-01)."""

    def do_call_veto(self, state: State, pi: int, action: Action) -> State:
        state = super().do_call_veto(state, pi, action)
        p = state.pending
        assert p is not None
        if pi not in p.bidders:  # the mover asked: the usual order
            return state
        k = p.bidders.index(pi)
        return state.evolve(pending=replace(p, bidders=p.bidders[k:] + p.bidders[:k]))


class AskingUsesAskerTurn(Rules):
    """Asking for the round is taken as the asker's answer in the poll: he is not
    polled again, so he can neither pass nor bid later (SR-VETO-02)."""

    def do_call_veto(self, state: State, pi: int, action: Action) -> State:
        state = super().do_call_veto(state, pi, action)
        p = state.pending
        assert p is not None
        if pi not in p.bidders:
            return state
        state = state.evolve(pending=replace(p, bidders=tuple(b for b in p.bidders if b != pi)))
        return self._after_bidder(state)


class MoverBidsWhenAsking(Rules):
    """A mover who asks for the round is polled first, like any asker, and may bid on
    his own move (SR-VETO-06)."""

    def do_call_veto(self, state: State, pi: int, action: Action) -> State:
        state = super().do_call_veto(state, pi, action)
        p = state.pending
        assert p is not None
        if pi != state.active:
            return state
        return state.evolve(pending=replace(p, bidders=(pi, *p.bidders)))


class PassedRoundReopens(Rules):
    """A lap of passes, with no bid of one share or more, does not settle the move: it
    goes back to waiting for a veto call or its tile (SR-VETO-05)."""

    def _after_bidder(self, state: State) -> State:
        p = state.pending
        assert p is not None
        if not p.bidders and p.high is None:
            return state.evolve(phase=VETO_WINDOW)
        return super()._after_bidder(state)


# -- what a bid may be -------------------------------------------------------------------------


class NegativeBidAccepted(Rules):
    """The least-bid test only refuses a bid of exactly zero shares: a negative bid is
    taken (SR-VETO-05)."""

    def check_bid(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, VetoBid)
        if action.shares >= 0:
            super().check_bid(state, pi, action)
            return
        self._need_phase(state, VETO_BIDDING)
        p = state.pending
        assert p is not None
        if pi != p.bidders[0]:
            raise IllegalAction("veto/not_your_bid", "", "mutant")
        if action.to not in self.veto_spaces(state):
            raise IllegalAction("veto/illegal_space", "", "mutant")


class EqualBidTops(Rules):
    """A bid equal to the high bid is taken as topping it (SR-VETO-05)."""

    def min_bid(self, state: State) -> int:
        p = state.pending
        assert p is not None
        return 1 if p.high is None else p.high.shares


class ToppingNeedsTwo(Rules):
    """Off by one the other way: a later bid must beat the high bid by two shares
    (SR-VETO-05)."""

    def min_bid(self, state: State) -> int:
        p = state.pending
        assert p is not None
        return 1 if p.high is None else p.high.shares + 2


class SharesHeldNotChecked(Rules):
    """Bids and defences are not checked against the shares the player holds; at
    payment he hands over what he has (SR-VETO-07)."""

    def _check_payable(self, state: State, pi: int, shares: int) -> None:
        return None

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        return super().pay_veto(state, pi, li, min(n, state.holdings[pi].shares(li)))
