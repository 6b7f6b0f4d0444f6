"""The canonical JSON form of a position, and strict validation of it.

``to_json`` emits the one canonical form (sorted lists, zero counts left out);
``from_json`` checks the JSON Schema, then the rules a schema cannot say (no
player has eight stations, no line has seventeen real shares, no locomotive
stands on a town, ...), naming the field and the rule.
"""

from __future__ import annotations

from typing import Any

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate
from oracle.rocket import invariants
from oracle.rocket.board import Board, space_key
from oracle.rocket.options import Options
from oracle.rocket.places import PLACES
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    OVER,
    VETO_BIDDING,
    VETO_DEFENCE,
    VETO_WINDOW,
    Bid,
    Holding,
    Line,
    Pending,
    State,
)

JSON = dict[str, Any]
VERSION = 1


def _spaces(spaces: frozenset[str] | set[str], order: dict[str, tuple[int, int]]) -> list[str]:
    # The board's cached order, looked up in C; a space off the board (refused by
    # check_consistent) is still sorted by its ID.
    try:
        return sorted(spaces, key=order.__getitem__)
    except KeyError:
        return sorted(spaces, key=lambda s: order.get(s) or space_key(s))


def to_json(state: State) -> JSON:
    return {
        "game": "rocket",
        "version": VERSION,
        "options": state.options.to_json(),
        "board": state.board.to_json(),
        "players": list(state.players),
        "turn": turn_json(state),
        "phase": state.phase,
        "pending": pending_json(state),
        "lines": {ln.id: line_json(ln, state.board) for ln in state.lines},
        "holdings": {player: holding_json(h, state.board) for player, h in
                     zip(state.players, state.holdings, strict=True)},
        "city_tokens": city_tokens_json(state.city_tokens, state.board),
        "supply": supply_json(state),
        "end_reason": state.end_reason,
    }


# The parts of ``to_json``, each a function of what it reads alone, so that
# oracle/rocket/digested.py can write a part once and reuse its text while the
# (immutable) record it comes from is unchanged; each writes equal values alike (sets
# sorted), so equal states have equal JSON (``RocketAPI.position_equal``).

def turn_json(state: State) -> JSON:
    return {"active": state.players[state.active], "actions_taken": state.actions_taken,
            "moved": sorted(state.moved)}


def pending_json(state: State) -> JSON | None:
    p = state.pending
    return None if p is None else {
        "line": p.line, "origin": p.origin, "origin_heading": p.origin_heading,
        "chosen": p.chosen, "bidders": [state.players[i] for i in p.bidders],
        "high": None if p.high is None else {
            "player": state.players[p.high.player], "shares": p.high.shares,
            "to": p.high.to}}


def line_json(ln: Line, board: Board) -> JSON:
    return {**line_values_json(ln), "track": spaces_json(ln.track, board),
            "connected": sorted(ln.connected)}


def line_values_json(ln: Line) -> JSON:
    """A line's JSON but its two sets of names (``track``, ``connected``)."""
    return {"started": ln.started, "status": ln.status, "loco": ln.loco,
            "heading": ln.heading, "pile": ln.pile, "discarded": ln.discarded,
            "merged_into": ln.merged_into}


def holding_json(h: Holding, board: Board) -> JSON:
    return {
        "money": h.money,
        "shares": shares_json(h.real, h.supplementary, board),
        "stations": spaces_json(h.stations, board),
        "tokens": tokens_json(h.tokens),
        "passengers": h.passengers}


def shares_json(real: tuple[int, ...], supplementary: tuple[int, ...], board: Board) -> JSON:
    lines = board.lines
    return {lines[i]: {"real": r, "supplementary": s}
            for i, (r, s) in enumerate(zip(real, supplementary, strict=True)) if r or s}


def spaces_json(spaces: frozenset[str], board: Board) -> list[str]:
    return _spaces(spaces, board.space_order)


def city_tokens_json(tokens: tuple[tuple[str, ...], ...], board: Board) -> JSON:
    return {c: sorted(t) for c, t in zip(board.cities, tokens, strict=True)}


def supply_json(state: State) -> JSON:
    return {"passengers": state.passengers,
            "supplementary_issued": state.supplementary_issued,
            "tiles_left": state.tiles_left, "tiles_elsewhere": state.tiles_elsewhere,
            "imaginary_tiles": state.imaginary_tiles, "bank_paid": state.bank_paid}


def tokens_json(tokens: tuple[tuple[str, str, int], ...]) -> JSON:
    out: JSON = {}
    for city, industry, n in tokens:
        out.setdefault(city, {})[industry] = n
    return out


_BOARDS: dict[tuple[Any, ...], Board] = {}


def _board_key(data: JSON) -> tuple[Any, ...]:
    """Everything a board's JSON says, as a hashable value (the schema has checked the
    types already, so ``True`` and ``1`` cannot both occur in one field)."""
    return (data["name"], data["approximate"], tuple(data["land"]), tuple(data["water"]),
            tuple((pid, p["space"], p["kind"], p["name"]) for pid, p in data["places"].items()),
            tuple((c, tuple(t)) for c, t in data["industries"].items()))


def board_from_json(data: JSON) -> Board:
    key = _board_key(data)
    cached = _BOARDS.get(key)
    if cached is not None:
        return cached
    for pid, info in data["places"].items():
        if pid not in PLACES:
            raise MalformedInput(f"board.places.{pid}", "not one of the 28 places", "SR-TWN-01")
        if info["kind"] != PLACES[pid].kind:
            raise MalformedInput(f"board.places.{pid}.kind",
                                 f"{PLACES[pid].name} is a {PLACES[pid].kind} place, "
                                 "and places never change kind", "SR-TWN-06")
    board = Board(name=data["name"], approximate=data["approximate"],
                  land=frozenset(data["land"]), water=frozenset(data["water"]),
                  places={pid: info["space"] for pid, info in data["places"].items()},
                  industries={c: tuple(sorted(t)) for c, t in data["industries"].items()})
    if len(_BOARDS) > 64:
        _BOARDS.clear()
    _BOARDS[key] = board
    return board


def from_json(data: Any) -> State:
    """Parse and validate a position; raises MalformedInput naming the field."""
    validate(data, "oracle.rocket", "position.schema.json")
    if data["version"] != VERSION:
        raise MalformedInput("version", f"this oracle reads version {VERSION}")
    options = Options.from_json(data["options"])
    board = board_from_json(data["board"])
    players = tuple(data["players"])
    if len(set(players)) != len(players):
        raise MalformedInput("players", "player IDs repeat")
    if set(data["holdings"]) != set(players):
        raise MalformedInput("holdings", "one holding per player, no more")
    if set(data["lines"]) != set(board.lines):
        raise MalformedInput("lines", f"one entry per starting town on the board: "
                             f"{list(board.lines)}")
    if set(data["city_tokens"]) != set(board.cities):
        raise MalformedInput("city_tokens", f"one entry per city: {list(board.cities)}")
    turn = data["turn"]
    if turn["active"] not in players:
        raise MalformedInput("turn.active", f"{turn['active']!r} is not a player")
    for moved in turn["moved"]:
        if moved not in board.lines:
            raise MalformedInput("turn.moved", f"{moved!r} is no line")
    lines = tuple(_line(board, lid, data["lines"][lid]) for lid in board.lines)
    holdings = tuple(_holding(board, p, data["holdings"][p]) for p in players)
    supply = data["supply"]
    state = State(
        board=board, options=options, players=players, active=players.index(turn["active"]),
        actions_taken=turn["actions_taken"], moved=frozenset(turn["moved"]),
        phase=data["phase"], pending=_pending(data, players, board),
        lines=lines, holdings=holdings,
        city_tokens=tuple(tuple(sorted(data["city_tokens"][c])) for c in board.cities),
        passengers=supply["passengers"], supplementary_issued=supply["supplementary_issued"],
        tiles_left=supply["tiles_left"], tiles_elsewhere=supply["tiles_elsewhere"],
        imaginary_tiles=supply["imaginary_tiles"],
        bank_paid=supply["bank_paid"], end_reason=data["end_reason"])
    check_consistent(state)
    return state


def _line(board: Board, lid: str, d: JSON) -> Line:
    where = f"lines.{lid}"
    for pid in d["connected"]:
        if pid not in board.places:
            raise MalformedInput(f"{where}.connected", f"{pid!r} is not a place on the board")
    return Line(id=lid, started=d["started"], status=d["status"], loco=d["loco"],
                heading=d["heading"], track=frozenset(d["track"]),
                connected=frozenset(d["connected"]), pile=d["pile"], discarded=d["discarded"],
                merged_into=d["merged_into"])


def _holding(board: Board, player: str, d: JSON) -> Holding:
    where = f"holdings.{player}"
    real = [0] * len(board.lines)
    supp = [0] * len(board.lines)
    for lid, sh in d["shares"].items():
        if lid not in board.lines:
            raise MalformedInput(f"{where}.shares.{lid}", "no such line on the board")
        real[board.lines.index(lid)] = sh["real"]
        supp[board.lines.index(lid)] = sh["supplementary"]
    tokens: list[tuple[str, str, int]] = []
    for city, per in d["tokens"].items():
        if city not in board.industries:
            raise MalformedInput(f"{where}.tokens.{city}", "no such city on the board")
        for industry, n in per.items():
            tokens.append((city, industry, n))
    if len(set(d["stations"])) != len(d["stations"]):
        raise MalformedInput(f"{where}.stations", "a space is listed twice")
    return Holding(money=d["money"], real=tuple(real), supplementary=tuple(supp),
                   stations=frozenset(d["stations"]), tokens=tuple(sorted(tokens)),
                   passengers=d["passengers"])


def _pending(data: JSON, players: tuple[str, ...], board: Board) -> Pending | None:
    p = data["pending"]
    phase = data["phase"]
    if phase in (VETO_WINDOW, VETO_BIDDING, VETO_DEFENCE):
        if p is None:
            raise MalformedInput("pending", f"phase {phase} needs the move it is about")
    elif p is not None:
        raise MalformedInput("pending", f"phase {phase} has no pending move")
    if p is None:
        return None
    if p["line"] not in board.lines:
        raise MalformedInput("pending.line", "no such line")
    for who in p["bidders"]:
        if who not in players:
            raise MalformedInput("pending.bidders", f"{who!r} is not a player")
    high = p["high"]
    if high is not None and high["player"] not in players:
        raise MalformedInput("pending.high.player", "not a player")
    if phase == VETO_BIDDING and not p["bidders"]:
        raise MalformedInput("pending.bidders", "bidding needs someone left to bid")
    if phase == VETO_DEFENCE and high is None:
        raise MalformedInput("pending.high", "a defence needs a high bid")
    return Pending(line=p["line"], origin=p["origin"], origin_heading=p["origin_heading"],
                   chosen=p["chosen"], bidders=tuple(players.index(b) for b in p["bidders"]),
                   high=None if high is None else Bid(players.index(high["player"]),
                                                      high["shares"], high["to"]))


def check_consistent(state: State) -> None:
    """Rules about a whole position that no schema can express."""
    board = state.board
    if not 2 <= len(state.players) <= 4:
        raise MalformedInput("players", "two to four players")
    if state.phase == OVER and state.end_reason is None:
        raise MalformedInput("end_reason", "a finished game says why it ended")
    if state.actions_taken > 1 and state.phase != OVER:
        raise MalformedInput("turn.actions_taken", "a turn has two actions; after the second "
                             "the next player is active unless the game is over")
    if state.phase != OVER and state.end_reason is not None:
        raise MalformedInput("end_reason", "only a finished game has an end reason")
    occupied: dict[str, str] = {}
    for ln in state.lines:
        where = f"lines.{ln.id}"
        if ln.status == DISSOLVED:
            if ln.loco or ln.track or ln.pile:
                raise MalformedInput(where, "a dissolved line has no locomotive, track or pile")
            if ln.merged_into not in board.lines or ln.merged_into == ln.id:
                raise MalformedInput(f"{where}.merged_into", "names the line it merged into")
        elif ln.merged_into is not None:
            raise MalformedInput(f"{where}.merged_into", "only a dissolved line merged")
        if ln.status != DISSOLVED and ln.started != (ln.loco is not None):
            raise MalformedInput(f"{where}.loco", "a started line's locomotive is on the board "
                                 "and an unstarted one's is on its starting town (null)")
        if ln.loco is not None:
            if ln.loco not in board.land:
                raise MalformedInput(f"{where}.loco", f"{ln.loco} is not land on the board")
            if ln.loco in board.place_at:
                raise MalformedInput(f"{where}.loco", f"a locomotive never stands on a place "
                                     f"({board.place_at[ln.loco]} is on {ln.loco})", "SR-TWN-01")
            if ln.heading is None:
                raise MalformedInput(f"{where}.heading", "a started locomotive has a heading")
            occupied[ln.loco] = f"the {ln.id} locomotive"
        if ln.id not in ln.connected and ln.status != DISSOLVED:
            raise MalformedInput(f"{where}.connected", "a line always reaches its starting town")
        for s in ln.track:
            if s not in board.open_land:
                raise MalformedInput(f"{where}.track", f"{s} is not open land")
            if s in occupied:
                raise MalformedInput(f"{where}.track", f"{s} already holds {occupied[s]}")
            occupied[s] = f"{ln.id} track"
    broken = invariants.totals(invariants.of_state(state))  # the totals, written once
    if broken:
        raise MalformedInput(*broken[0])
    stations: set[str] = set()
    for player, h in zip(state.players, state.holdings, strict=True):
        for s in h.stations:
            if s not in board.open_land:
                raise MalformedInput(f"holdings.{player}.stations", f"{s} is not open land")
            if s in stations:
                raise MalformedInput(f"holdings.{player}.stations", f"two stations on {s}")
            stations.add(s)
    if state.phase not in (ACTION, OVER) and state.pending is None:
        raise MalformedInput("pending", "missing")
