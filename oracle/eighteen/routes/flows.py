"""The maximum flows ``tracks.Tracks.realize`` checks before it searches: cheap
necessary conditions for legs to fit (moved here from ``tracks`` to keep that
module readable; the same functions).

Both read the plain track graph, reversals at hex sides included: a flow bound that
holds for every way through the track holds for every legal way, so it stays a
sound necessary condition (``tracks``, the reversal rule).
"""

from __future__ import annotations

from collections.abc import Mapping

from oracle.eighteen.routes.walks import TrackWalks


def side_flow(tracks: TrackWalks, s: int, ends: list[int], banned_edges: int,
              banned_nodes: int) -> int:
    """Ways from stop ``s`` to the stops ``ends`` (one each) that share no hex side
    nor segment: augmenting paths with each side split into an entry and an exit
    of capacity one."""
    flow: dict[tuple[int, int, int, int], int] = {}  # (from, side, to, side) -> units
    is_stop, adj = tracks.is_stop, tracks.adj
    taken: set[int] = set()
    total = steps = 0
    for _ in ends:
        # states: (node, 0) entry, (node, 1) exit
        parent: dict[tuple[int, int], tuple[int, int] | None] = {(s, 1): None}
        frontier = [(s, 1)]
        sink: tuple[int, int] | None = None
        while frontier and sink is None:
            grown = []
            for state in frontier:
                node, side = state
                nexts: list[tuple[int, int]] = []
                if side == 1:
                    for nxt, bit in adj[node]:
                        if bit & banned_edges or nxt == s or \
                                flow.get((node, 1, nxt, 0), 0) >= 1:
                            continue
                        if is_stop[nxt] and nxt not in ends:
                            continue
                        if not is_stop[nxt] and banned_nodes >> nxt & 1:
                            continue
                        nexts.append((nxt, 0))
                    if node != s and flow.get((node, 0, node, 1), 0) > 0:
                        nexts.append((node, 0))
                else:
                    if is_stop[node]:
                        if node not in taken:
                            parent.setdefault(state, None)
                            sink = state
                            break
                    elif flow.get((node, 0, node, 1), 0) < 1:
                        nexts.append((node, 1))
                    for prev, _ in adj[node]:
                        if flow.get((prev, 1, node, 0), 0) > 0:
                            nexts.append((prev, 1))
                for nxt_state in nexts:
                    steps += 1
                    if nxt_state not in parent:
                        parent[nxt_state] = state
                        grown.append(nxt_state)
            frontier = grown
        if sink is None:
            break
        taken.add(sink[0])
        _augment(flow, parent, sink)
        total += 1
    tracks.budget.tick(steps)
    return total


def _augment(flow: dict[tuple[int, int, int, int], int],
             parent: Mapping[tuple[int, int], tuple[int, int] | None],
             sink: tuple[int, int]) -> None:
    """One more unit along the path ``parent`` leads back from ``sink``."""
    at = sink
    while parent[at] is not None:
        up = parent[at]
        assert up is not None
        key = (up[0], up[1], at[0], at[1])
        back = (at[0], at[1], up[0], up[1])
        if flow.get(back, 0) > 0:
            flow[back] -= 1  # cancel
        else:
            flow[key] = flow.get(key, 0) + 1
        at = up

def segment_flow(tracks: TrackWalks, s: int, targets: Mapping[int, int], banned_edges: int) -> int:
    """Segment-disjoint ways from stop ``s`` to the stops ``targets`` (each taking
    at most its count), through hex sides and those ends, by augmenting paths: a
    maximum flow at least as large as the number of legs that really fit."""
    flow: dict[tuple[int, int], int] = {}
    taken: dict[int, int] = {}
    need = sum(targets.values())
    is_stop, adj = tracks.is_stop, tracks.adj
    total = steps = 0
    while total < need:
        parent: dict[int, int] = {s: -1}
        frontier = [s]
        sink = -1
        while frontier and sink < 0:
            grown = []
            for node in frontier:
                for nxt, bit in adj[node]:
                    steps += 1
                    if bit & banned_edges or nxt in parent or \
                            flow.get((node, nxt), 0) >= 1:
                        continue
                    if is_stop[nxt]:
                        if taken.get(nxt, 0) < targets.get(nxt, 0):
                            parent[nxt] = node
                            sink = nxt
                            break
                        if nxt not in targets:
                            continue
                        # a full end is still a node of the flow: a later path may
                        # cancel flow through it (the bound stays a relaxation)
                    parent[nxt] = node
                    grown.append(nxt)
                if sink >= 0:
                    break
            frontier = grown
        if sink < 0:
            break
        taken[sink] = taken.get(sink, 0) + 1
        at = sink
        while at != s:
            up = parent[at]
            flow[(up, at)] = flow.get((up, at), 0) + 1
            flow[(at, up)] = flow.get((at, up), 0) - 1
            at = up
        total += 1
    tracks.budget.tick(steps)
    return total
