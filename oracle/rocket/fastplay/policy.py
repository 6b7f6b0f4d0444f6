"""oracle/rocket/playout.py's random policy on a working position: the same draws
from the same random stream, in the same order, so a seeded game here is the same
game as through ``Rules``. ``rng.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``
(CPython's random.py); it is written out here to save a call per draw, and
tests/rocket/test_fastplay.py would see the streams part if that ever changed."""

from __future__ import annotations

import random
from collections.abc import Callable

from oracle.rocket.fastplay import effects
from oracle.rocket.fastplay.geometry import destinations, destinations_from
from oracle.rocket.fastplay.work import Work
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    OVER,
    STATIONS_PER_PLAYER,
    VETO_BIDDING,
    VETO_WINDOW,
)

#: ``rng._randbelow``: a whole number below its argument, ``rng.choice``'s one draw
Below = Callable[[int], int]

_STATION_TRIES = 12  # playout._STATION_TRIES
#: playout._KIND_ORDERS: the six orders of move (0), station (1), token (2)
_KIND_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def play(w: Work, rng: random.Random, max_actions: int) -> int:
    """Play until the game ends or ``max_actions``; the number of actions taken."""
    below: Below = rng._randbelow  # type: ignore[attr-defined]
    n = 0
    while w.phase != OVER and n < max_actions:
        phase = w.phase
        if phase == ACTION:
            _action(w, rng, below)
        elif phase == VETO_WINDOW:
            if rng.random() < 0.25:
                below(w.count)  # the caller: who asks changes nothing (SR-VETO-06)
                effects.call_veto(w)
            else:
                effects.finalize(w, w.p_chosen)
        else:
            _veto_choice(w, below)
        n += 1
    return n


def _action(w: Work, rng: random.Random, below: Below) -> None:
    for kind in _KIND_ORDERS[int(rng.random() * 6)]:
        if kind == 0:
            if _random_move(w, rng, below):
                return
        elif kind == 2:
            cities = w.stocked
            if cities:
                ci = cities[below(len(cities))]
                stock = w.city_tokens[ci]
                effects.take_token(w, ci, stock[below(len(stock))])
                return
        elif _random_station(w, below):
            return
    _first_legal(w)


def _random_move(w: Work, rng: random.Random, below: Below) -> bool:
    moved = w.moved
    status = w.status
    lines = [li for li in range(len(status)) if status[li] != DISSOLVED and li not in moved]
    cut = int(rng.random() * len(lines)) if lines else 0
    for li in lines[cut:] + lines[:cut]:
        spaces = destinations(w, li)
        if spaces:
            effects.move(w, li, spaces[below(len(spaces))])
            return True
    return False


def _movable(w: Work) -> list[str]:
    """The active player's stations track has not fixed (SR-STA-01), board order."""
    order = w.board.space_order
    return [s for s in sorted(w.stations[w.active], key=order.__getitem__)
            if s not in w.track_owner and s not in w.loco_at]


def _random_station(w: Work, below: Below) -> bool:
    """playout._random_station: up to twelve random open spaces for a new station,
    or for a random movable one once all seven stand. Each try is
    Stations.station_allowed written out (an open space is land and no place)."""
    spaces = w.board.open_land_sorted
    size = len(spaces)
    near = w.board.near
    track, locos, owners = w.track_owner, w.loco_at, w.station_owner
    if len(w.stations[w.active]) < STATIONS_PER_PLAYER:
        for _ in range(_STATION_TRIES):
            s = spaces[below(size)]
            if s in track or s in locos or s in owners:
                continue
            for n in near[s]:
                if n in locos or n in owners:
                    break
            else:
                effects.place_station(w, s)
                return True
        return False
    movable = _movable(w)
    if not movable:
        return False
    src = movable[below(len(movable))]
    for _ in range(_STATION_TRIES):
        s = spaces[below(size)]
        if s == src or s in track or s in locos or s in owners:
            continue
        for n in near[s]:
            if n in locos or (n in owners and n != src):
                break
        else:
            effects.move_station(w, src, s)
            return True
    return False


def _station_spaces(w: Work, moving: str | None) -> list[str]:
    """Stations.station_spaces."""
    near = w.board.near
    bad = set(w.track_owner)
    for s in w.loco_at:
        bad.add(s)
        bad.update(near.get(s, ()))
    for s in w.station_owner:
        if s != moving:
            bad.add(s)
            bad.update(near.get(s, ()))
    return [s for s in w.board.open_land_sorted if s not in bad]


def _first_legal(w: Work) -> None:
    """The policy's last resort, ``legal_actions(state)[0]`` or a pass: no line can
    move (every line was tried) and no token is left, so the first listed action is
    the first station placement, else the first station move."""
    if len(w.stations[w.active]) < STATIONS_PER_PLAYER:
        spaces = _station_spaces(w, None)
        if spaces:
            effects.place_station(w, spaces[0])
            return
    for src in _movable(w):
        for s in _station_spaces(w, src):
            if s != src:
                effects.move_station(w, src, s)
                return
    effects.end_of_action(w)  # a pass


def _payable(w: Work, pi: int, li: int) -> int:
    """Veto.payable (SR-VETO-08's 'refuse_bid' reading counts real shares only)."""
    held = w.real[pi][li] + w.supp[pi][li]
    if w.options.veto_shortfall == "refuse_bid":
        others = sum(w.real[o][li] for o in range(w.count) if o != pi)
        return min(held, w.real[pi][li] + min(w.supp[pi][li], others))
    return held


def _veto_choice(w: Work, below: Below) -> None:
    """playout._veto_choice: one draw over the listed bids (or defences)."""
    li = w.p_line
    high = w.p_high
    if w.phase == VETO_BIDDING:
        pi = w.p_bidders[0]
        top = min(w.real[pi][li] + w.supp[pi][li], _payable(w, pi, li))
        spaces = w.p_spaces
        if spaces is None:  # the same for every bidder of the round
            spaces = w.p_spaces = destinations_from(w, li, w.p_origin, w.p_heading)
        low = 1 if high is None else high[1] + 1
        k = below(1 + max(0, top + 1 - low) * len(spaces))
        if k == 0:
            effects.veto_pass(w)
            return
        n, si = divmod(k - 1, len(spaces))
        effects.bid(w, pi, low + n, spaces[si])
        return
    assert high is not None
    pi = w.active
    top = min(w.real[pi][li] + w.supp[pi][li], _payable(w, pi, li))
    k = below(1 + max(0, top + 1 - high[1]))
    if k == 0:
        effects.concede(w)
    else:
        effects.defend(w, high[1] + k - 1)
