"""Starting positions: the opening of a game, or a drawn position for a scenario."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.core import hexgrid
from oracle.core.errors import MalformedInput
from oracle.rocket.board import Board
from oracle.rocket.codec import check_consistent
from oracle.rocket.notation import Drawing, default_board, parse_drawing
from oracle.rocket.options import Options
from oracle.rocket.places import PLACES
from oracle.rocket.state import (
    ACTION,
    ACTIVE,
    PASSENGERS,
    SHARES_PER_LINE,
    TILES,
    Holding,
    Line,
    State,
)


def initial_state(players: Sequence[str], options: Mapping[str, Any] | None = None,
                  board: Board | None = None) -> State:
    """Research section 2: locomotives on their towns, shares in piles, three tokens
    on each city, nobody holding anything."""
    board = board or default_board()
    players = tuple(players)
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise MalformedInput("players", "two to four distinct players")
    n = len(board.lines)
    state = State(
        board=board, options=Options.from_json(options), players=players, active=0,
        actions_taken=0, moved=frozenset(), phase=ACTION, pending=None,
        lines=tuple(Line(id=lid, started=False, status=ACTIVE, loco=None, heading=None,
                         track=frozenset(), connected=frozenset({lid}), pile=SHARES_PER_LINE,
                         discarded=0) for lid in board.lines),
        holdings=tuple(Holding(money=0, real=(0,) * n, supplementary=(0,) * n,
                               stations=frozenset(), tokens=(), passengers=0)
                       for _ in players),
        city_tokens=tuple(tuple(sorted(board.industries[c])) for c in board.cities),
        passengers=PASSENGERS, supplementary_issued=0, tiles_left=TILES, tiles_elsewhere=0,
        imaginary_tiles=0,
        bank_paid=0)
    check_consistent(state)
    return state


def state_from_drawing(text: str, players: Sequence[str],
                       options: Mapping[str, Any] | None = None) -> State:
    """A position drawn in the notation of ``oracle.rocket.notation``: the board, the
    track of each line, locomotives and stations. Everything else starts as in a new
    game; tiles left are 60 less the tiles drawn."""
    drawing = parse_drawing(text)
    state = initial_state(players, options, drawing.board)
    return place_pieces(state, drawing)


def place_pieces(state: State, drawing: Drawing) -> State:
    board = state.board
    lines = []
    for ln in state.lines:
        track = frozenset(drawing.track.get(ln.id, set()))
        loco, heading = None, None
        if ln.id in drawing.locos:
            loco, heading = drawing.locos[ln.id]
            heading = heading or _infer_heading(board, ln.id, loco, track)
        connected = set(ln.connected)
        if loco is not None:
            # A line reaches every place next to its locomotive or its track
            # (research 3.4: connections are made where the locomotive stood).
            for s in {loco, *track}:
                connected.update(board.adjacent_places[s])
        lines.append(Line(id=ln.id, started=loco is not None, status=ln.status, loco=loco,
                          heading=heading, track=track, connected=frozenset(connected),
                          pile=ln.pile, discarded=ln.discarded))
    players = state.players
    holdings = list(state.holdings)
    for number, spaces in drawing.stations.items():
        if number > len(players):
            raise MalformedInput("drawing", f"station of player {number}, but only "
                                 f"{len(players)} players")
        h = holdings[number - 1]
        holdings[number - 1] = Holding(h.money, h.real, h.supplementary, frozenset(spaces),
                                       h.tokens, h.passengers)
    laid = sum(len(ln.track) for ln in lines)
    state = state.evolve(lines=tuple(lines), holdings=tuple(holdings),
                         tiles_left=state.tiles_left - laid)
    check_consistent(state)
    return state


def _infer_heading(board: Board, line_id: str, loco: str, track: frozenset[str]) -> str:
    behind = [s for s in board.neighbours[loco].values()
              if s in track or s == board.places[line_id]]
    if len(behind) != 1:
        raise MalformedInput(f"drawing.{loco}",
                             f"cannot tell which way the {PLACES[line_id].name} locomotive "
                             f"faces; write its heading, e.g. '@ne'")
    d = hexgrid.direction_between(behind[0], loco)
    assert d is not None
    return d
