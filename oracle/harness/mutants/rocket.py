"""Stephenson's Rocket mutants: the oracle with one FAQ ruling deliberately broken.

Each class overrides one hook of ``oracle.rocket.rules.Rules``. The features in
features/rocket must kill every one of them (tests/test_mutants.py), and each
SR ruling's scenarios must kill at least one (``railrules mutants --json``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import replace

from oracle.core import hexgrid
from oracle.core.errors import IllegalAction
from oracle.harness.mutants import Mutant
from oracle.rocket import movement, scoring
from oracle.rocket.actions import Action, CallVeto, Defend, Move, VetoBid, VetoPass
from oracle.rocket.api import RocketAPI
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.places import CITY, PLACES, RAILWAY, START
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    ACTIVE,
    DISSOLVED,
    ISOLATED,
    VETO_BIDDING,
    VETO_WINDOW,
    Bid,
    Line,
    State,
)

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
            raise IllegalAction("veto/mover_cannot_call", "SR-VETO-06", "mutant")


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
        return super().payable(state.evolve(options=replace(state.options,
                                                               veto_shortfall=flipped)), pi, li)


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


# -- isolation ---------------------------------------------------------------------------

Target = Callable[[State, str, str, frozenset[str]], bool]


def _search(state: State, line_id: str, target: Target,
            passable: Callable[[State, str, str], bool] | None = None) -> int | None:
    """Fewest moves to a space where ``target`` holds (relaxed search), or None."""
    ln = state.line(line_id)
    origin, heading = movement.origin_of(state, line_id)
    seen = {(origin, heading)}
    queue = deque([(origin, heading, 0)])
    while queue:
        space, head, dist = queue.popleft()
        for d, nxt in movement.candidate_spaces(state, space, head):
            if nxt == origin or nxt in state.board.place_at or nxt in state.track_owner \
                    or nxt in state.loco_at:
                continue
            if passable is not None and not passable(state, line_id, nxt):
                continue
            if (nxt, d) in seen:
                continue
            seen.add((nxt, d))
            if target(state, line_id, nxt, ln.connected):
                return dist + 1
            queue.append((nxt, d, dist + 1))
    return None


def _new_town_or_city(state: State, space: str, known: frozenset[str]) -> bool:
    return any(p not in known and PLACES[p].kind in (RAILWAY, CITY)
               for p in state.board.adjacent_places[space])


def _touches_line(state: State, line_id: str, space: str) -> bool:
    return bool(movement.other_lines_near(state, space, line_id))


class IsolationOnSearch(Rules):
    """Base for the isolation mutants: isolated when ``_search`` finds no target."""

    def target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return _new_town_or_city(state, space, known) or _touches_line(state, line_id, space)

    def is_isolated(self, state: State, line_id: str) -> bool:
        if state.line(line_id).status == DISSOLVED:
            return False
        return _search(state, line_id, self.target) is None


class NeverIsolated(Rules):
    """No line is ever isolated (SR-ISO-01)."""

    def is_isolated(self, state: State, line_id: str) -> bool:
        return False


class StartingTownKeepsLineAlive(IsolationOnSearch):
    """A starting town still to reach counts as a reason to go on (SR-ISO-01)."""

    def target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return super().target(state, line_id, space, known) or any(
            p not in known and PLACES[p].kind == START for p in state.board.adjacent_places[space])


class KnownPlacesKeepLineAlive(IsolationOnSearch):
    """Places the line already reaches still count as new (SR-ISO-01)."""

    def target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return super().target(state, line_id, space, frozenset())


class MergerChanceIgnored(IsolationOnSearch):
    """Only towns and cities keep a line alive, not a merger still to make (SR-ISO-01)."""

    def target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return _new_town_or_city(state, space, known)


class MergeableIntoNotIsolated(Rules):
    """A line another line could still merge into is not isolated (SR-ISO-02)."""

    def is_isolated(self, state: State, line_id: str) -> bool:
        if not super().is_isolated(state, line_id):
            return False
        own = {s for s, owner in state.line_presence.items() if owner == line_id}
        if not own:
            return True

        def next_to_me(st: State, other: str, space: str, known: frozenset[str]) -> bool:
            return any(n in own for n in st.board.neighbours[space].values())

        for ln in state.lines:
            if ln.id != line_id and ln.status == ACTIVE and \
                    _search(state, ln.id, next_to_me) is not None:
                return False
        return True


class IsolatedMoveGivesShare(Rules):
    """Moving an isolated line's locomotive still gives a share (SR-ISO-03)."""

    def take_share(self, state: State, pi: int, li: int) -> State:
        ln = state.lines[li]
        if ln.status != ISOLATED:
            return super().take_share(state, pi, li)
        state = set_line(state, li, replace(ln, status=ACTIVE))
        state = super().take_share(state, pi, li)
        return set_line(state, li, replace(state.lines[li], status=ISOLATED))


class IsolatedPileKept(Rules):
    """An isolated line keeps its pile (SR-ISO-04)."""

    def isolate(self, state: State, li: int) -> State:
        return set_line(state, li, replace(state.lines[li], status=ISOLATED))


class IsolatedVetoReturnsToPile(Rules):
    """Shares paid in a veto of an isolated line go back to its pile (SR-ISO-04)."""

    def pay_veto(self, state: State, pi: int, li: int, n: int) -> State:
        before = state.lines[li]
        state = super().pay_veto(state, pi, li, n)
        ln = state.lines[li]
        if before.status == ISOLATED:
            back = ln.discarded - before.discarded
            state = set_line(state, li, replace(ln, pile=ln.pile + back,
                                                discarded=before.discarded))
        return state


class NoSupplementaryInMerger(Rules):
    """A merger hands out only what the survivor's pile holds (SR-ISO-05)."""

    def merger_shares(self, state: State, si: int, get: int) -> tuple[int, int]:
        return min(get, state.lines[si].pile), 0


class BoxedLineIsolated(IsolationOnSearch):
    """A line whose way on is blocked by two other lines counts as isolated (SR-ISO-06)."""

    def is_isolated(self, state: State, line_id: str) -> bool:
        if state.line(line_id).status == DISSOLVED:
            return False

        def open_space(st: State, lid: str, space: str) -> bool:
            return len(movement.other_lines_near(st, space, lid)) < 2

        return _search(state, line_id, self.target, open_space) is None


class TwoLinesAllowed(Rules):
    """A locomotive may end next to two other lines (SR-ISO-06)."""

    def check_move(self, state: State, pi: int, action: Action) -> None:
        try:
            super().check_move(state, pi, action)
        except IllegalAction as err:
            if err.code != "move/two_lines":
                raise

    def destinations(self, state: State, line_id: str) -> list[str]:
        origin, heading = movement.origin_of(state, line_id)
        out = []
        for _, s in movement.candidate_spaces(state, origin, heading):
            why = movement.refusal(state, line_id, origin, heading, s, ignore_loco=True)
            if why is None or why.code == "move/two_lines":
                out.append(s)
        return sorted(out, key=hexgrid.parse_id)


class TileShortageIsolates(IsolationOnSearch):
    """A line needing more tiles than are left counts as isolated (SR-ISO-07)."""

    def is_isolated(self, state: State, line_id: str) -> bool:
        if state.line(line_id).status == DISSOLVED:
            return False
        dist = _search(state, line_id, self.target)
        return dist is None or dist > state.tiles_left


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


# -- the end of the game ----------------------------------------------------------------------


class EndAtTurnEnd(Rules):
    """The game only ends once the player has taken both actions (SR-END-01)."""

    def end_reason(self, state: State) -> str | None:
        if state.actions_taken < 2:
            return None
        return super().end_reason(state)


class EndBeforeVeto(Rules):
    """The move that takes the last tile ends the game before its veto round (SR-END-01)."""

    def do_move(self, state: State, pi: int, action: Action) -> State:
        state = super().do_move(state, pi, action)
        p = state.pending
        assert p is not None
        if state.tiles_left <= 1 and p.origin not in state.board.place_at:
            return self.finalize(state, p.chosen)
        return state


# -- stations -----------------------------------------------------------------------------------


class TrackStationMovable(Rules):
    """A station that track has reached may still be moved (SR-STA-01)."""

    def station_fixed(self, state: State, space: str) -> bool:
        return False


class LocoStationMovable(Rules):
    """A station under a locomotive (but not yet on track) may be moved (SR-STA-01)."""

    def station_fixed(self, state: State, space: str) -> bool:
        return space in state.track_owner


class EightStations(Rules):
    """Each player may have eight stations (SR-STA-02)."""

    def check_place_station(self, state: State, pi: int, action: Action) -> None:
        if len(state.holdings[pi].stations) == 7:
            stations = set(sorted(state.holdings[pi].stations)[1:])
            state = set_holding(state, pi, replace(state.holdings[pi],
                                                   stations=frozenset(stations)))
        super().check_place_station(state, pi, action)


# -- towns and cities ---------------------------------------------------------------------------


class PeterboroughIsACity(Rules):
    """Peterborough is taken for a city (SR-TWN-01)."""

    def place_kind(self, state: State, place: str) -> str:
        return CITY if place == "peterborough" else super().place_kind(state, place)


class NoCityScoring(Rules):
    """Reaching a city pays nothing (SR-TWN-02)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        return START if kind == CITY else kind


class CityScoresFirstLineOnly(Rules):
    """A city pays only for the first line that reaches it (SR-TWN-02)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        reached = sum(1 for ln in state.lines if place in ln.connected)
        return START if kind == CITY and reached > 1 else kind


class RailwayTownFirstLineOnly(Rules):
    """A railway town pays only for the first line that reaches it (SR-TWN-03)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        reached = sum(1 for ln in state.lines if place in ln.connected)
        return START if kind == RAILWAY and reached > 1 else kind


class StartingTownScores(Rules):
    """Reaching a starting town is a railway-town scoring event (SR-TWN-04)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        return RAILWAY if kind == START else kind


class PlaceCountsTwice(Rules):
    """Each new link to a place scores it again (SR-TWN-05)."""

    def new_places(self, state: State, ln: Line, space: str) -> frozenset[str]:
        return frozenset(state.board.adjacent_places[space])


class VacatedStartBecomesRailwayTown(Rules):
    """A starting town whose locomotive has left turns into a railway town (SR-TWN-06)."""

    def place_kind(self, state: State, place: str) -> str:
        kind = super().place_kind(state, place)
        if kind == START and state.line(place).started:
            return RAILWAY
        return kind


def _m(name: str, rulings: tuple[str, ...], rules: type[Rules]) -> Mutant:
    doc = (rules.__doc__ or name).split("(SR-")[0].strip()
    return Mutant(name, "rocket", rulings, doc, lambda: RocketAPI(rules()))


MUTANTS: list[Mutant] = [
    _m("veto_poll_automatic", ("SR-VETO-01",), VetoPollAutomatic),
    _m("bid_without_call", ("SR-VETO-01",), BidWithoutCall),
    _m("asking_is_a_bid", ("SR-VETO-02",), AskingIsABid),
    _m("defend_elsewhere", ("SR-VETO-03",), DefendElsewhere),
    _m("defence_must_top", ("SR-VETO-04",), DefenceMustTop),
    _m("defence_is_free", ("SR-VETO-04", "SR-VETO-07"), DefenceIsFree),
    _m("zero_bid_counts", ("SR-VETO-05",), ZeroBidCounts),
    _m("mover_cannot_call", ("SR-VETO-06",), MoverCannotCall),
    _m("paid_shares_leave_game", ("SR-VETO-07",), PaidSharesLeaveGame),
    _m("pay_supplementary_first", ("SR-SUP-02", "SR-VETO-07"), PaySupplementaryFirst),
    _m("no_swap_before_paying", ("SR-VETO-08",), NoSwapBeforePaying),
    _m("shortfall_reading_swapped", ("SR-VETO-08",), ShortfallReadingSwapped),
    _m("tile_before_veto", ("SR-SEQ-01",), TileBeforeVeto),
    _m("scores_before_veto", ("SR-SEQ-01",), ScoresBeforeVeto),
    _m("share_after_veto", ("SR-SEQ-02",), ShareAfterVeto),
    _m("never_isolated", ("SR-ISO-01",), NeverIsolated),
    _m("starting_town_keeps_line_alive", ("SR-ISO-01",), StartingTownKeepsLineAlive),
    _m("known_places_keep_line_alive", ("SR-ISO-01",), KnownPlacesKeepLineAlive),
    _m("merger_chance_ignored", ("SR-ISO-01",), MergerChanceIgnored),
    _m("mergeable_into_not_isolated", ("SR-ISO-02",), MergeableIntoNotIsolated),
    _m("isolated_move_gives_share", ("SR-ISO-03",), IsolatedMoveGivesShare),
    _m("isolated_pile_kept", ("SR-ISO-04",), IsolatedPileKept),
    _m("isolated_veto_returns_to_pile", ("SR-ISO-04",), IsolatedVetoReturnsToPile),
    _m("no_supplementary_in_merger", ("SR-ISO-05",), NoSupplementaryInMerger),
    _m("boxed_line_isolated", ("SR-ISO-06",), BoxedLineIsolated),
    _m("two_lines_allowed", ("SR-ISO-06",), TwoLinesAllowed),
    _m("tile_shortage_isolates", ("SR-ISO-07",), TileShortageIsolates),
    _m("supplementary_cannot_bid", ("SR-SUP-01",), SupplementaryCannotBid),
    _m("supplementary_ignored_in_majority", ("SR-SUP-01",), SupplementaryIgnoredInMajority),
    _m("supplementary_capped_at_16", ("SR-SUP-03",), SupplementaryCappedAt16),
    _m("merger_scores_survivor", ("SR-MRG-01",), MergerScoresSurvivor),
    _m("merger_scores_both", ("SR-MRG-01",), MergerScoresBoth),
    _m("starting_town_merges", ("SR-MRG-02", "SR-TWN-04"), StartingTownMerges),
    _m("unstarted_line_merges", ("SR-MRG-03",), UnstartedLineMerges),
    _m("game_stops_at_last_tile", ("SR-MRG-04",), GameStopsAtLastTile),
    _m("end_at_turn_end", ("SR-END-01",), EndAtTurnEnd),
    _m("end_before_veto", ("SR-END-01",), EndBeforeVeto),
    _m("track_station_movable", ("SR-STA-01",), TrackStationMovable),
    _m("loco_station_movable", ("SR-STA-01",), LocoStationMovable),
    _m("eight_stations", ("SR-STA-02",), EightStations),
    _m("peterborough_is_a_city", ("SR-TWN-01",), PeterboroughIsACity),
    _m("no_city_scoring", ("SR-TWN-02",), NoCityScoring),
    _m("city_scores_first_line_only", ("SR-TWN-02",), CityScoresFirstLineOnly),
    _m("railway_town_first_line_only", ("SR-TWN-03",), RailwayTownFirstLineOnly),
    _m("starting_town_scores", ("SR-TWN-04",), StartingTownScores),
    _m("place_counts_twice", ("SR-TWN-05",), PlaceCountsTwice),
    _m("vacated_start_becomes_railway_town", ("SR-TWN-06",), VacatedStartBecomesRailwayTown),
]
