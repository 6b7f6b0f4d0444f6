"""The veto round (SR-VETO-*): asking, bidding, defending, giving way, paying."""

from __future__ import annotations

from collections.abc import Iterator

from oracle.core.errors import IllegalAction
from oracle.rocket.actions import (
    Action,
    Concede,
    Defend,
    VetoBid,
    VetoPass,
)
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.state import (
    ISOLATED,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    Bid,
    State,
)
from oracle.rocket.state import fast_replace as replace


class Veto(Hooks):
    """The veto round (SR-VETO-*): asking, bidding, defending, giving way, paying."""

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
        return self.geometry.destinations(state, p.line, p.origin, p.origin_heading,
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
