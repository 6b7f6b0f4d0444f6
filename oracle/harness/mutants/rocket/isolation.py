"""Mutants of isolation (SR-ISO-*), most of them a different search target."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from oracle.core.errors import IllegalAction
from oracle.rocket import movement
from oracle.rocket.actions import Action, Move
from oracle.rocket.holdings import set_line
from oracle.rocket.movement import Geometry
from oracle.rocket.places import CITY, PLACES, RAILWAY, START
from oracle.rocket.rules import Rules
from oracle.rocket.state import (
    ACTIVE,
    DISSOLVED,
    ISOLATED,
    State,
)
from oracle.rocket.state import fast_replace as replace

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


# The next mutants swap one part, the geometry: a different search target, and the
# move check, legal moves and isolation all follow it.

class _StartingTownTarget(Geometry):
    def is_target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return super().is_target(state, line_id, space, known) or any(
            p not in known and PLACES[p].kind == START for p in state.board.adjacent_places[space])


class StartingTownKeepsLineAlive(Rules):
    """A starting town still to reach counts as a reason to go on (SR-ISO-01)."""

    geometry = _StartingTownTarget()


class _KnownPlacesTarget(Geometry):
    def is_target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return super().is_target(state, line_id, space, frozenset())


class KnownPlacesKeepLineAlive(Rules):
    """Places the line already reaches still count as new (SR-ISO-01)."""

    geometry = _KnownPlacesTarget()


class _PlacesOnlyTarget(Geometry):
    def is_target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        return _new_town_or_city(state, space, known)


class MergerChanceIgnored(Rules):
    """Only towns and cities keep a line alive, not a merger still to make (SR-ISO-01)."""

    geometry = _PlacesOnlyTarget()


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


class _NoCrowding(Geometry):
    def too_crowded(self, state: State, space: str, line_id: str) -> set[str]:
        return set()


class TwoLinesAllowed(Rules):
    """A locomotive may end next to two other lines (SR-ISO-06)."""

    geometry = _NoCrowding()


class TileShortageIsolates(IsolationOnSearch):
    """A line needing more tiles than are left counts as isolated (SR-ISO-07)."""

    def is_isolated(self, state: State, line_id: str) -> bool:
        if state.line(line_id).status == DISSOLVED:
            return False
        dist = _search(state, line_id, self.target)
        return dist is None or dist > state.tiles_left


class _TownsOnlyTarget(Geometry):
    def is_target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        towns = any(p not in known and PLACES[p].kind == RAILWAY
                    for p in state.board.adjacent_places[space])
        return towns or bool(self.lines_near(state, space, line_id))


class CitiesDoNotKeepLineAlive(Rules):
    """Only railway towns and mergers keep a line alive, not cities (SR-ISO-01)."""

    geometry = _TownsOnlyTarget()


class IsolatedLineCannotMove(Rules):
    """An isolated line's locomotive may not move any more (SR-ISO-03)."""

    def destinations(self, state: State, line_id: str) -> list[str]:
        if state.line(line_id).status == ISOLATED:
            return []
        return super().destinations(state, line_id)

    def check_move(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Move)
        if action.line in state.board.lines and state.line(action.line).status == ISOLATED:
            raise IllegalAction("move/line_dissolved", "SR-ISO-03", "the line is isolated")
        super().check_move(state, pi, action)


class MergedLinesStillTwo(Rules):
    """The merger test counts a line once for itself and once for each line merged
    into it, so the two lines that boxed a line in still look like two after they
    merge, and the freed line's move next to them merges nothing (SR-ISO-06)."""

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        near = super().lines_near(state, space, line_id)
        return near | {ln.id for ln in state.lines
                       if ln.status == DISSOLVED and ln.merged_into in near}
