"""The plain geometry (oracle/rocket/movement.py) on a working position: where a
locomotive may go (research 3.3, SR-ISO-06) and whether a line is isolated
(SR-ISO-01..07). Same tests, same orders, read from the live tables."""

from __future__ import annotations

from functools import partial

from oracle.rocket.fastplay.work import Work
from oracle.rocket.movement import find_route
from oracle.rocket.state import DISSOLVED


def destinations(w: Work, li: int) -> tuple[str, ...]:
    """Where line ``li``'s locomotive may move now, in board order: kept in
    ``w.dest_cache`` until a move lands near it (effects._forget_destinations)."""
    found = w.dest_cache.get(li)
    if found is None:
        found = w.dest_cache[li] = destinations_from(w, li, *w.stand(li))
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


def _is_target(w: Work, li: int, known: set[str], space: str) -> bool:
    """movement.Geometry.is_target: a goal the line does not reach yet is next to
    ``space``, or another line is (a merger now or later: SR-ISO-06)."""
    for pid in w.board.adjacent_goals[space]:
        if pid not in known:
            return True
    lines = w.beside.get(space)
    return lines is not None and (len(lines) > 1 or (len(lines) == 1 and li not in lines))


def is_isolated(w: Work, li: int) -> bool:
    """movement.Geometry.is_isolated's answer: a remembered route re-checked, else the
    spaces just ahead, else the rules' own search (movement.find_route) on the working
    position's tables. A route only ever proves a line not isolated, so which route is
    remembered never changes an answer. The route found is kept in ``w.witness[li]``
    with the space it starts from (else None): effects._isolations skips the search
    while the route stays clear."""
    remembered = w.witness[li]
    w.witness[li] = None
    if w.status[li] == DISSOLVED:
        return False
    board = w.board
    origin, heading = w.stand(li)
    known = w.connected[li]
    blocked = w.blocked
    if remembered is not None:
        start, path = remembered
        if start != origin:  # the locomotive has moved since
            # one step along the route: the rest starts here, with this heading
            path = path[1:] if path[0] == origin else ()
        if path and blocked.isdisjoint(path) and _is_target(w, li, known, path[-1]):
            w.witness[li] = (origin, path)
            return False
    for _, nxt in board.ahead.get((origin, heading), ()):
        # the spaces just ahead first: most answers are there, without a search
        if nxt not in blocked and _is_target(w, li, known, nxt):
            w.witness[li] = (origin, (nxt,))
            return False
    found, route = find_route(board.ahead, blocked, origin, heading,
                              partial(_is_target, w, li, known))
    if route:
        w.witness[li] = (origin, route)
    return not found
