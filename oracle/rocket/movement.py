"""Where a locomotive may go, and whether a line is isolated.

A locomotive leaves its starting town in any direction, then moves to one of
the three spaces ahead of it (straight on, or a 60 degree bend). It never enters
a place, a track tile, another locomotive, water or the space off the board, and
never ends next to two other lines (research 3.3). It may enter a station in the
open.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Mapping
from functools import partial
from typing import Final

from oracle.core.errors import IllegalAction
from oracle.rocket.state import DISSOLVED, State

#: Bound on the exact (trail-aware) isolation search; beyond it the line is taken
#: as not isolated, the reading that never takes a share away wrongly.
_SEARCH_BUDGET = 20_000

def origin_of(state: State, line_id: str) -> tuple[str, str | None]:
    """The space a line's locomotive moves from, and its heading (None: any way)."""
    ln = state.line(line_id)
    if not ln.started or ln.loco is None:
        return state.board.places[line_id], None
    return ln.loco, ln.heading


def candidate_spaces(state: State, origin: str, heading: str | None) -> Iterator[tuple[str, str]]:
    """(direction, space) pairs the locomotive may try, before occupancy checks."""
    return iter(state.board.ahead.get((origin, heading), ()))


def other_lines_near(state: State, space: str, line_id: str) -> set[str]:
    """Started, undissolved lines other than ``line_id`` next to ``space``
    (through a track tile or their locomotive: SR-MRG-02, SR-MRG-03)."""
    presence = state.line_presence
    found = {presence[n] for n in state.board.near[space] if n in presence}
    found.discard(line_id)
    return found


# -- isolation (SR-ISO-01..07) ------------------------------------------------


def _path(parent: dict[tuple[str, str | None], tuple[str, str | None] | None],
          node: tuple[str, str | None]) -> list[str]:
    spaces: list[str] = []
    cur: tuple[str, str | None] | None = node
    while cur is not None:
        spaces.append(cur[0])
        cur = parent[cur]
    return spaces


class Geometry:
    """Where a line's locomotive may go and what it touches: ONE object serving the
    move check, the two-lines ban, the legal moves, veto spaces and the isolation
    search alike. A variant or mutant that changes "what touches a line" overrides
    ``lines_near`` (or ``is_target``) here and every one of them follows.

    The plain geometry (``lines_near`` and ``too_crowded`` as defined here) answers
    the two-lines ban and the merger test inline, and keeps each position's
    destinations in the position's own cache (``State.destination_cache``, dropped
    with the occupancy tables when a line moves). A subclass that overrides either
    hook gets neither shortcut: every answer goes through its overrides as before."""

    def __init__(self) -> None:
        cls = type(self)
        #: lines_near and too_crowded are this class's: their answers may be inlined
        self.plain = (cls.lines_near is Geometry.lines_near
                      and cls.too_crowded is Geometry.too_crowded)

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        """Lines a locomotive on ``space`` would touch (SR-MRG-02, SR-MRG-03, SR-ISO-06)."""
        return other_lines_near(state, space, line_id)

    def too_crowded(self, state: State, space: str, line_id: str) -> set[str]:
        """The other lines that make ``space`` forbidden, or an empty set: a locomotive
        never ends next to two other lines (SR-ISO-06: such a line is blocked, not
        isolated)."""
        near = self.lines_near(state, space, line_id)
        return near if len(near) >= 2 else set()

    def refusal(self, state: State, line_id: str, origin: str, heading: str | None, to: str,
                ignore_loco: bool = False, ahead: bool = False) -> IllegalAction | None:
        """Why the locomotive of ``line_id`` may not move from ``origin`` to ``to``."""
        board = state.board
        if to not in board.land:
            if to in board.water:
                return IllegalAction("move/water", "", f"{to} is water")
            return IllegalAction("move/off_board", "", f"{to} is not on the board")
        if not ahead and to not in {s for _, s in candidate_spaces(state, origin, heading)}:
            return IllegalAction("move/not_ahead", "",
                                 f"{to} is not one of the spaces ahead of the {line_id} "
                                 f"locomotive on {origin}")
        if to in board.place_at:
            return IllegalAction("move/onto_place", "SR-TWN-01",
                                 f"{to} holds {board.place_at[to]}: locomotives never enter places")
        if to in state.track_owner:
            return IllegalAction("move/onto_track", "", f"{to} holds a track tile")
        occupant = state.loco_at.get(to)
        if occupant is not None and not (ignore_loco and occupant == line_id):
            return IllegalAction("move/onto_locomotive", "",
                                 f"{to} holds the {occupant} locomotive")
        near = self.too_crowded(state, to, line_id)
        if near:
            return IllegalAction("move/two_lines", "SR-ISO-06",
                                 f"{to} is next to two other lines ({', '.join(sorted(near))})")
        return None

    def destinations(self, state: State, line_id: str, origin: str | None = None,
                     heading: str | None = None, from_start: bool = False) -> list[str]:
        """Every space the locomotive may move to now (sorted). The same tests as
        ``refusal``, without building the refusals (this is the hot path)."""
        if origin is None:  # origin_of, inlined
            ln = state.lines[state.board.line_order[line_id]]
            if ln.started and ln.loco is not None:
                origin, heading = ln.loco, ln.heading
            else:
                origin, heading = state.board.places[line_id], None
        elif from_start:
            heading = None
        if not self.plain:
            return self._destinations(state, line_id, origin, heading)
        return list(self._kept(state, line_id, origin, heading))

    def destinations_kept(self, state: State, line_id: str) -> tuple[str, ...]:
        """``destinations(state, line_id)`` as a tuple: for the plain geometry the one
        the position keeps, no copy (the canonical listing keys a line's texts by it)."""
        if not self.plain or type(self).destinations is not Geometry.destinations:
            return tuple(self.destinations(state, line_id))
        ln = state.lines[state.board.line_order[line_id]]
        if ln.started and ln.loco is not None:
            return self._kept(state, line_id, ln.loco, ln.heading)
        return self._kept(state, line_id, state.board.places[line_id], None)

    def _kept(self, state: State, line_id: str, origin: str,
              heading: str | None) -> tuple[str, ...]:
        # The answer depends on the lines' places alone (origin, track, locomotives),
        # so the position keeps it until a line moves (State.evolve drops the cache).
        cache = state.destination_cache
        key = (line_id, origin, heading)
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._plain_destinations(state, line_id, origin, heading)
        return found

    def _destinations(self, state: State, line_id: str, origin: str,
                      heading: str | None) -> list[str]:
        place_at = state.board.place_at
        track = state.track_owner
        locos = state.loco_at
        out = []
        for _, s in candidate_spaces(state, origin, heading):
            if s in place_at or s in track:
                continue
            occupant = locos.get(s)
            if occupant is not None and occupant != line_id:
                continue
            if self.too_crowded(state, s, line_id):
                continue
            out.append(s)
        if len(out) > 1:
            out.sort(key=state.board.space_order.__getitem__)
        return out

    def _plain_destinations(self, state: State, line_id: str, origin: str,
                            heading: str | None) -> tuple[str, ...]:
        """``_destinations`` with ``too_crowded`` inlined: a space is barred once two
        different other lines are next to it (SR-ISO-06)."""
        board = state.board
        place_at = board.place_at
        track = state.track_owner
        locos = state.loco_at
        presence = state.line_presence
        near = board.near
        out = []
        for s in board.ahead_in_order.get((origin, heading), ()):
            if s in place_at or s in track:
                continue
            occupant = locos.get(s)
            if occupant is not None and occupant != line_id:
                continue
            first = None
            for n in near[s]:
                owner = presence.get(n)
                if owner is None or owner == line_id:
                    continue
                if first is None:
                    first = owner
                elif owner != first:
                    break
            else:
                out.append(s)
        return tuple(out)  # in board order already

    def is_target(self, state: State, line_id: str, space: str, known: frozenset[str]) -> bool:
        """Could the line, standing here, link a new railway town or city, or merge?"""
        board = state.board
        for pid in board.adjacent_goals[space]:
            if pid not in known:
                return True
        # Next to another line means a merger now, or later once the pair of lines
        # beside it has merged (SR-ISO-06: such a line is blocked, not isolated).
        if self.plain:  # other_lines_near, stopping at the first other line
            presence = state.line_presence
            for n in board.near[space]:
                owner = presence.get(n)
                if owner is not None and owner != line_id:
                    return True
            return False
        return bool(self.lines_near(state, space, line_id))

    def is_isolated(self, state: State, line_id: str) -> bool:
        """SR-ISO-01: the line can no longer reach a new railway town or city and can
        no longer merge. Other lines merging into it do not count (SR-ISO-02); the
        two-lines ban does not isolate (SR-ISO-06); nor does a short tile supply
        (SR-ISO-07), so the search ignores how many tiles are left."""
        board = state.board
        ln = state.lines[board.line_order[line_id]]
        if ln.status == DISSOLVED:
            return False
        if ln.started and ln.loco is not None:
            origin, heading = ln.loco, ln.heading
        else:
            origin, heading = board.places[line_id], None
        known = ln.connected
        blocked = state.blocked
        is_target = self.is_target
        # A route found earlier that still works proves the line is not isolated. The
        # cache is only a hint: every entry is re-checked against this position.
        cache = board.witness_cache
        hint = cache.get(line_id)
        if hint is not None:
            path = hint[2]
            if hint[0] != origin or hint[1] != heading:
                # The locomotive took the route's first step: the rest may still do.
                if len(path) > 1 and path[0] == origin and heading == board.directions.get(
                        (hint[0], origin)):
                    path = path[1:]
                    cache[line_id] = (origin, heading, path)
                else:
                    path = ()
            if path and blocked.isdisjoint(path) and is_target(state, line_id, path[-1], known):
                return False
        found, route = find_route(board.ahead, blocked, origin, heading,
                                  partial(is_target, state, line_id, known=known))
        if route:
            cache[line_id] = (origin, heading, route)
        return not found


def find_route(ahead: Mapping[tuple[str, str | None], tuple[tuple[str, str], ...]],
               blocked: Container[str], origin: str, heading: str | None,
               is_target: Callable[[str], bool]) -> tuple[bool, tuple[str, ...]]:
    """SR-ISO-01's search from a locomotive on ``origin`` with ``heading``: whether it
    can still reach a space where ``is_target`` holds, and the route to it (the spaces
    after ``origin``) when one was found that never revisits a space, else ``()``.

    A relaxed breadth-first search over (space, heading), which may revisit the line's
    own new track, is exact when it finds nothing; when the first route it finds
    revisits a space, a depth-first search that respects the trail decides, within
    ``_SEARCH_BUDGET`` steps (beyond it the line is taken as not isolated, the reading
    that never takes a share away wrongly). Geometry.is_isolated and the playout
    kernel (oracle/rocket/fastplay) both search with it."""
    start = (origin, heading)
    parent: dict[tuple[str, str | None], tuple[str, str | None] | None] = {start: None}
    queue = [start]
    for node in queue:  # breadth first: the queue grows behind the walk
        for d, nxt in ahead.get(node, ()):
            if nxt == origin or nxt in blocked:
                continue
            child = (nxt, d)
            if child in parent:
                continue
            parent[child] = node
            if is_target(nxt):
                found = _path(parent, child)
                if len(set(found)) == len(found):
                    return True, tuple(reversed(found[:-1]))
                return _exact_search(ahead, blocked, origin, heading, is_target), ()
            queue.append(child)
    return False, ()


def _exact_search(ahead: Mapping[tuple[str, str | None], tuple[tuple[str, str], ...]],
                  blocked: Container[str], origin: str, heading: str | None,
                  is_target: Callable[[str], bool]) -> bool:
    """Depth-first search that respects the line's own new track (no revisits)."""
    budget = _SEARCH_BUDGET
    trail = {origin}

    def walk(space: str, head: str | None) -> bool:
        nonlocal budget
        for d, nxt in ahead.get((space, head), ()):
            if nxt in trail or nxt in blocked:
                continue
            budget -= 1
            if budget <= 0:
                return True
            if is_target(nxt):
                return True
            trail.add(nxt)
            if walk(nxt, d):
                return True
            trail.discard(nxt)
        return False

    return walk(origin, heading)


#: the rules' own geometry (``Rules.geometry``); the module functions below use it
GEOMETRY: Final = Geometry()


def refusal(state: State, line_id: str, origin: str, heading: str | None, to: str,
            ignore_loco: bool = False, ahead: bool = False) -> IllegalAction | None:
    return GEOMETRY.refusal(state, line_id, origin, heading, to, ignore_loco, ahead)


def destinations(state: State, line_id: str, origin: str | None = None,
                 heading: str | None = None, from_start: bool = False) -> list[str]:
    return GEOMETRY.destinations(state, line_id, origin, heading, from_start)


def is_isolated(state: State, line_id: str) -> bool:
    return GEOMETRY.is_isolated(state, line_id)
