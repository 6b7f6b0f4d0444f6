"""The plain geometry (oracle/rocket/movement.py) on a working position: where a
locomotive may go (research 3.3, SR-ISO-06) and whether a line is isolated
(SR-ISO-01..07). Same tests, same orders, read from the live tables."""

from __future__ import annotations

from collections import deque

from oracle.rocket.fastplay.work import Work
from oracle.rocket.state import DISSOLVED

_SEARCH_BUDGET = 20_000  # movement._SEARCH_BUDGET: the same bound, the same answers


def destinations(w: Work, li: int) -> tuple[str, ...]:
    """Where line ``li``'s locomotive may move now, in board order: kept in
    ``w.dest_cache`` until a move lands near it (effects._forget_destinations)."""
    found = w.dest_cache.get(li)
    if found is None:
        loco = w.loco[li]
        if w.started[li] and loco is not None:
            found = destinations_from(w, li, loco, w.heading[li])
        else:
            found = destinations_from(w, li, w.board.places[w.ids[li]], None)
        w.dest_cache[li] = found
    return found


def destinations_from(w: Work, li: int, origin: str, heading: str | None) -> tuple[str, ...]:
    """movement.Geometry._plain_destinations: never a place, track or another
    locomotive, never next to two other lines (SR-ISO-06)."""
    board = w.board
    track = w.track_owner
    locos = w.loco_at
    beside = w.beside
    place_at = board.place_at
    out = []
    for s in board.ahead_in_order.get((origin, heading), ()):
        if s in place_at or s in track:
            continue
        occupant = locos.get(s)
        if occupant is not None and occupant != li:
            continue
        lines = beside.get(s)
        if lines and len(lines) - (li in lines) >= 2:
            continue  # next to two other lines
        out.append(s)
    return tuple(out)


def _is_target(w: Work, li: int, space: str, known: set[str]) -> bool:
    """movement.Geometry.is_target: a goal the line does not reach yet is next to
    ``space``, or another line is (a merger now or later: SR-ISO-06)."""
    for pid in w.board.adjacent_goals[space]:
        if pid not in known:
            return True
    lines = w.beside.get(space)
    return lines is not None and (len(lines) > 1 or (len(lines) == 1 and li not in lines))


def is_isolated(w: Work, li: int) -> bool:
    """movement.Geometry.is_isolated's answer: a remembered route re-checked, else
    the spaces just ahead, else a relaxed breadth-first search, exact when it finds
    nothing, else a bounded exact search. A route only ever proves a line not
    isolated, so which route is remembered never changes an answer. The route found
    is kept in ``w.witness[li]`` with the space it starts from (else None):
    effects._isolations skips the search while the route stays clear."""
    remembered = w.witness[li]
    w.witness[li] = None
    if w.status[li] == DISSOLVED:
        return False
    board = w.board
    if w.started[li] and w.loco[li] is not None:
        origin, heading = w.loco[li], w.heading[li]
    else:
        origin, heading = board.places[w.ids[li]], None
    assert origin is not None
    known = w.connected[li]
    blocked = w.blocked
    if remembered is not None:
        start, path = remembered
        if start != origin:  # the locomotive has moved since
            # one step along the route: the rest starts here, with this heading
            path = path[1:] if path[0] == origin else ()
        if path and blocked.isdisjoint(path) and _is_target(w, li, path[-1], known):
            w.witness[li] = (origin, path)
            return False
    ahead = board.ahead
    goals = board.adjacent_goals
    beside = w.beside
    start_node = (origin, heading)
    first = ahead.get(start_node, ())
    for _, nxt in first:  # the spaces just ahead: most answers are here
        if nxt not in blocked and _is_target(w, li, nxt, known):
            w.witness[li] = (origin, (nxt,))
            return False
    parent: dict[tuple[str, str | None], tuple[str, str | None] | None] = {start_node: None}
    queue = deque([start_node])
    while queue:
        node = queue.popleft()
        for d, nxt in ahead.get(node, ()):
            if nxt == origin or nxt in blocked:
                continue
            child = (nxt, d)
            if child in parent:
                continue
            parent[child] = node
            lines = beside.get(nxt)
            target = lines is not None and (
                len(lines) > 1 or (len(lines) == 1 and li not in lines))
            if not target:
                for pid in goals[nxt]:
                    if pid not in known:
                        target = True
                        break
            if target:
                found: list[str] = []
                cur: tuple[str, str | None] | None = child
                while cur is not None:
                    found.append(cur[0])
                    cur = parent[cur]
                if len(set(found)) == len(found):
                    w.witness[li] = (origin, tuple(reversed(found[:-1])))
                    return False
                return not _exact_search(w, li, origin, heading, known)
            queue.append(child)
    return True


def _exact_search(w: Work, li: int, origin: str, heading: str | None, known: set[str]) -> bool:
    """Depth-first search that respects the line's own new track (no revisits)."""
    budget = _SEARCH_BUDGET
    trail = {origin}
    ahead = w.board.ahead
    blocked = w.blocked

    def walk(space: str, head: str | None) -> bool:
        nonlocal budget
        for d, nxt in ahead.get((space, head), ()):
            if nxt in trail or nxt in blocked:
                continue
            budget -= 1
            if budget <= 0:
                return True
            if _is_target(w, li, nxt, known):
                return True
            trail.add(nxt)
            if walk(nxt, d):
                return True
            trail.discard(nxt)
        return False

    return walk(origin, heading)
