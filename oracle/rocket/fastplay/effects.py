"""What each action does to a working position: the effects of
oracle/rocket/rules/ (moving.py, veto.py, connections.py, turn.py, stations.py,
tokens.py) for the plain rules, in place, keeping the occupancy tables current.
Only actions the policy drew from the legal ones arrive here: nothing is checked."""

from __future__ import annotations

from oracle.rocket.fastplay.geometry import destinations, is_isolated
from oracle.rocket.fastplay.payouts import (
    city_payout,
    final_payouts,
    pay,
    railway_town_payout,
    share_payout,
)
from oracle.rocket.fastplay.work import Work
from oracle.rocket.places import CITY, PLACES, RAILWAY
from oracle.rocket.state import (
    ACTION,
    ACTIVE,
    DISSOLVED,
    ISOLATED,
    OVER,
    SHARES_PER_LINE,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
)


def move(w: Work, li: int, to: str) -> None:
    """Moving.do_move: the locomotive stands on ``to``, the mover takes a share
    (SR-SEQ-01/02), and the veto window opens; the tile waits for ``finalize``."""
    board = w.board
    origin, heading = w.stand(li)
    # The tables (occupancy, presence) keep showing the locomotive on ``origin``
    # until finalize: in the veto round only this line's own destinations are asked
    # for, which never look at its own pieces.
    w.started[li] = True
    w.loco[li] = to
    w.heading[li] = board.directions.get((origin, to))
    w.p_line, w.p_origin, w.p_heading, w.p_chosen = li, origin, heading, to
    w.p_bidders = []
    w.p_high = None
    pi = w.active
    if w.status[li] != ISOLATED:  # SR-ISO-03: no share from an isolated line
        if w.pile[li] > 0:
            w.pile[li] -= 1
            w.real[pi][li] += 1
        else:  # SR-SUP-03: the supplementary supply never runs out
            w.supp[pi][li] += 1
            w.supplementary_issued += 1
    w.phase = VETO_WINDOW
    w.moved.add(li)
    w.lines_left = None
    # The cached destinations stay until the tile is laid (finalize): nothing asks
    # for them in the veto round, whose spaces are found afresh (Veto.veto_spaces).


def call_veto(w: Work) -> None:
    n = w.count
    w.p_bidders = [(w.active + k) % n for k in range(1, n)]
    w.phase = VETO_BIDDING
    w.p_spaces = None


def bid(w: Work, pi: int, shares: int, to: str) -> None:
    w.p_high = (pi, shares, to)
    del w.p_bidders[0]
    _after_bidder(w)


def veto_pass(w: Work) -> None:
    del w.p_bidders[0]
    _after_bidder(w)


def _after_bidder(w: Work) -> None:
    if w.p_bidders:
        return
    if w.p_high is None:
        finalize(w, w.p_chosen)
    else:
        w.phase = VETO_DEFENCE


def defend(w: Work, shares: int) -> None:
    pay_veto(w, w.active, w.p_line, shares)
    finalize(w, w.p_chosen)


def concede(w: Work) -> None:
    assert w.p_high is not None
    player, shares, to = w.p_high
    pay_veto(w, player, w.p_line, shares)
    finalize(w, to)


def pay_veto(w: Work, pi: int, li: int, n: int) -> None:
    """Veto.pay_veto (SR-VETO-07/08)."""
    real, supp = w.real, w.supp
    short = n - real[pi][li]
    for k in range(1, w.count):
        if short <= 0:
            break
        oi = (pi + k) % w.count
        swap = min(short, real[oi][li], supp[pi][li])
        if swap > 0:
            real[oi][li] -= swap
            supp[oi][li] += swap
            real[pi][li] += swap
            supp[pi][li] -= swap
            short -= swap
    real_paid = min(n, real[pi][li])
    supp_paid = n - real_paid
    real[pi][li] -= real_paid
    supp[pi][li] -= supp_paid
    if w.status[li] == ISOLATED:  # SR-ISO-04
        w.discarded[li] += real_paid
    else:
        w.pile[li] += real_paid
    w.supplementary_issued -= supp_paid


def finalize(w: Work, final: str) -> None:
    """Connections.finalize: the locomotive on its final space, the tile, the
    passenger, connections (SR-TWN-*), then a merger, then the end of the action."""
    board = w.board
    li = w.p_line
    origin = w.p_origin
    chosen = w.loco[li]
    assert chosen is not None
    loco_at, blocked, presence = w.loco_at, w.blocked, w.presence
    thawed = loco_at.get(origin) != li
    if not thawed:  # the tables as before the move (move)
        del loco_at[origin]
    else:  # a position thawed in its veto round: the tables show it on ``chosen``
        del loco_at[chosen]
        blocked.discard(chosen)
        if presence.get(chosen) == li:
            del presence[chosen]
    if origin not in board.place_at:  # no tile on the starting town
        w.track[li].add(origin)
        w.tiles_left -= 1
        w.track_owner[origin] = li
        blocked.add(origin)
        if origin not in presence:
            presence[origin] = li
    loco_at[final] = li
    blocked.add(final)
    if thawed:
        presence[final] = li
        w.rebuild_beside()
    elif final not in presence:
        w.add_piece(final, li)
    w.loco[li] = final
    w.heading[li] = board.directions.get((origin, final))
    w.p_line = -1
    w.p_origin = w.p_chosen = ""
    w.p_heading = None
    w.p_bidders = []
    w.p_high = None
    w.phase = ACTION
    _forget_destinations(w, li, final)
    w.lines_left = None
    owner = w.station_owner.get(final)
    if owner is not None and owner != w.active and w.passengers > 0:
        w.passengers_held[w.active] += 1
        w.passengers -= 1
    if board.adjacent_places[final]:
        _connect(w, li, final)
    # SR-MRG-02/03: next to exactly one other line, the mover merges into it
    recheck = li
    lines = w.beside.get(final)
    if lines and len(lines) - (li in lines) == 1:
        recheck = min(lines - {li})
        _merge(w, li, recheck)
    _isolations(w, recheck, final)
    end_of_action(w)


def _forget_destinations(w: Work, li: int, final: str) -> None:
    """Drop the cached destinations the move may have changed. Against the position
    before the move, only ``final`` is newly taken (the locomotive's old space is
    track of the same line now, still blocked and still that line's presence): a
    line's destinations change only if ``final`` is one of the spaces ahead of it or
    next to one of them, within two steps of where it stands. The mover's own go."""
    cache = w.dest_cache
    cache.pop(li, None)
    if not cache:
        return
    board = w.board
    within = board.within_two
    places = board.places
    for other in list(cache):
        stand = w.loco[other] if w.started[other] else None
        if final in within[stand or places[w.ids[other]]]:
            del cache[other]


def _connect(w: Work, li: int, space: str) -> None:
    known = w.connected[li]
    new = {p for p in w.board.adjacent_places[space] if p not in known}
    if not new:
        return
    w.connected[li] |= new  # SR-TWN-05: a place counts once
    industries = w.board.industries
    for place in sorted(new):
        kind = CITY if place in industries else PLACES[place].kind
        if kind == CITY:  # SR-TWN-02
            pay(w, city_payout(w, place))
        elif kind == RAILWAY:  # SR-TWN-03
            pay(w, railway_town_payout(w, li))


def _merge(w: Work, di: int, si: int) -> None:
    """Connections.merge: the moving line dissolves into the line it touched."""
    opts = w.options
    pay(w, share_payout(w, di, w.connected[di], opts.merger_count_basis))  # SR-MRG-01
    real, supp = w.real, w.supp
    for k in range(w.count):
        pi = (w.active + k) % w.count
        held = real[pi][di] + supp[pi][di]
        if held == 0:
            continue
        get = held // 2 if opts.merger_odd_share == "down" else (held + 1) // 2
        from_pile = min(get, w.pile[si])
        extra = get - from_pile
        old_supp = supp[pi][di]
        real[pi][di] = supp[pi][di] = 0
        real[pi][si] += from_pile
        supp[pi][si] += extra
        w.pile[si] -= from_pile
        w.supplementary_issued += extra - old_supp
    # Connections._retire; the dissolved line's pieces become the survivor's
    loco = w.loco[di]
    presence = w.presence
    pieces = list(w.track[di])
    for space in pieces:
        w.track_owner[space] = si
        presence[space] = si
    w.track[si] |= w.track[di]
    if loco is not None:
        pieces.append(loco)
        del w.loco_at[loco]
        if opts.merger_lays_tile:
            w.track[si].add(loco)
            w.track_owner[loco] = si
            presence[loco] = si
            if w.tiles_left > 0:
                w.tiles_left -= 1
            else:
                w.imaginary_tiles += 1  # SR-MRG-04
        else:
            del presence[loco]
            w.blocked.discard(loco)
    near, beside = w.board.near, w.beside
    for space in pieces:
        for n in near[space]:
            found = beside[n]
            found.discard(di)
            found.add(si)
    if loco is not None and not opts.merger_lays_tile:  # its space left the board
        for n in near[loco]:
            if not any(presence.get(m) == si for m in near[n]):
                beside[n].discard(si)
    w.connected[si] |= w.connected[di]
    w.status[di] = DISSOLVED
    w.loco[di] = w.heading[di] = None
    w.track[di] = set()
    w.pile[di] = 0
    w.discarded[di] = SHARES_PER_LINE
    w.merged_into[di] = w.ids[si]
    w.dest_cache.clear()


def _isolations(w: Work, recheck: int, final: str) -> None:
    """Turn.end_of_action's checks after a move: each active line found isolated
    gives up its pile (SR-ISO-04). Against the position before the move only
    ``final`` is newly taken, and other lines' presence only grew (a merger hands
    the dissolved line's pieces to the survivor: still another line to everyone
    else). So a line whose proving route (``w.witness``) avoids ``final`` is still
    not isolated, as is_isolated would find, unless it is ``recheck``: the mover,
    whose places and connections changed, or a merger's survivor, to whom the
    dissolved line is no longer another line."""
    status = w.status
    witness = w.witness
    for li in range(len(status)):
        if status[li] != ACTIVE:
            continue
        if li != recheck:
            route = witness[li]
            if route is not None and final not in route[1]:
                continue
        if is_isolated(w, li):
            status[li] = ISOLATED
            w.discarded[li] += w.pile[li]
            w.pile[li] = 0
            w.lines_left = None


def end_of_action(w: Work) -> None:
    """Turn.end_of_action (SR-END-01): the game ends between two actions."""
    taken = w.actions_taken + 1
    if w.tiles_left <= 0:
        reason: str | None = "tiles"
    else:  # Turn.end_reason, with lines_left kept until a line changes
        left = w.lines_left
        if left is None:
            left = w.lines_left = _count_lines_left(w)
        reason = "one_line" if left <= 1 else None
    if reason is not None:
        pay(w, final_payouts(w))
        w.phase = OVER
        w.end_reason = reason
        w.actions_taken = taken
    elif taken >= 2:
        w.active = (w.active + 1) % w.count
        w.actions_taken = 0
        w.moved.clear()
    else:
        w.actions_taken = taken


def _count_lines_left(w: Work) -> int:
    """Turn._count_lines_left for the plain destinations (research 6.1, issue 14)."""
    status = w.status
    count = 0
    if w.options.end_lines == "active":
        count = status.count(ACTIVE)
    else:
        for li, s in enumerate(status):
            if s == ACTIVE or (s == ISOLATED and destinations(w, li)):
                count += 1
    if count <= 1:
        return count
    for li, s in enumerate(status):
        if s != DISSOLVED and destinations(w, li):
            return count
    return 0


def place_station(w: Work, space: str) -> None:
    w.stations[w.active].add(space)
    w.station_owner[space] = w.active
    end_of_action(w)


def move_station(w: Work, source: str, space: str) -> None:
    st = w.stations[w.active]
    st.discard(source)
    st.add(space)
    del w.station_owner[source]
    w.station_owner[space] = w.active
    end_of_action(w)


def take_token(w: Work, ci: int, industry: str) -> None:
    stock = w.city_tokens[ci]
    stock.remove(industry)
    if not stock:
        w.stocked.remove(ci)
    key = (w.board.cities[ci], industry)
    tokens = w.tokens[w.active]
    tokens[key] = tokens.get(key, 0) + 1
    w.city_held[ci][w.active] += 1
    end_of_action(w)
