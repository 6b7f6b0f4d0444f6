"""Moving a locomotive (SR-SEQ-01/02): the move check, the share, the move. Where a
locomotive may go and what it touches is the geometry object's (oracle/rocket/movement.py)."""

from __future__ import annotations

from oracle.core import hexgrid
from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket import movement
from oracle.rocket.actions import (
    Action,
    Move,
)
from oracle.rocket.holdings import add_shares, set_holding, set_line
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.state import (
    ACTION,
    DISSOLVED,
    ISOLATED,
    VETO_WINDOW,
    Line,
    Pending,
    State,
    kept_destinations,
    same_places,
)
from oracle.rocket.state import fast_replace as replace


class Moving(Hooks):
    """Moving a locomotive (SR-SEQ-01/02): the move check, the share, the move. Where a"""

    def destinations(self, state: State, line_id: str) -> list[str]:
        return self.geometry.destinations(state, line_id)

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        """Lines a locomotive on ``space`` would touch (SR-MRG-02, SR-MRG-03)."""
        return self.geometry.lines_near(state, space, line_id)

    def is_isolated(self, state: State, line_id: str) -> bool:
        return self.geometry.is_isolated(state, line_id)

    def check_move(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, Move)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        if action.line not in state.board.lines:
            raise MalformedInput("action.line", f"{action.line!r} is no line on this board")
        ln = state.line(action.line)
        if ln.status == DISSOLVED:
            raise IllegalAction("move/line_dissolved", "SR-MRG-01",
                                f"the {ln.id} line has merged into {ln.merged_into}")
        if ln.id in state.moved:
            raise IllegalAction("move/same_locomotive_twice", "",
                                f"the {ln.id} locomotive already moved this turn")
        hexgrid.parse_id(action.to)
        origin, heading = movement.origin_of(state, ln.id)
        why = self.geometry.refusal(state, ln.id, origin, heading, action.to)
        if why is not None:
            raise why

    def take_share(self, state: State, pi: int, li: int) -> State:
        """The mover takes a share: real while the pile lasts, then supplementary
        (SR-SUP-03: never runs out); none for an isolated line (SR-ISO-03)."""
        ln = state.lines[li]
        h = state.holdings[pi]
        if ln.status == ISOLATED:
            return state
        if ln.pile > 0:  # one copy for both records (the line keeps its places)
            holdings = list(state.holdings)
            holdings[pi] = add_shares(h, li, real=1)
            lines = list(state.lines)
            lines[li] = replace(ln, pile=ln.pile - 1)
            return state.evolve(True, True, lines=tuple(lines), holdings=tuple(holdings))
        return set_holding(state, pi, add_shares(h, li, supplementary=1),
                           supplementary_issued=state.supplementary_issued + 1)

    def do_move(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, Move)
        li = state.line_index(action.line)
        ln = state.lines[li]
        origin, heading = movement.origin_of(state, ln.id)
        new_heading = state.board.directions.get((origin, action.to))
        moved = replace(ln, started=True, loco=action.to, heading=new_heading)
        pending = Pending(ln.id, origin, heading, action.to)
        if type(self).take_share is Moving.take_share:
            return self._plain_move(state, pi, li, moved, pending)
        state = set_line(state, li, moved)
        # SR-SEQ-01/02: the share comes before the veto round and may be bid in it.
        state = self.take_share(state, pi, li)
        return state.evolve(phase=VETO_WINDOW, pending=pending, moved=state.moved | {ln.id})

    def _plain_move(self, state: State, pi: int, li: int, moved: Line,
                    pending: Pending) -> State:
        """``do_move``'s three copies (the line, ``take_share``, the veto window) as
        one, for the plain ``take_share`` only (``do_move`` checks): its share rules
        written out, the same records and cached tables as the three steps give."""
        ln = state.lines[li]
        lines = list(state.lines)
        changes: dict[str, object] = {}
        if ln.status != ISOLATED:  # SR-ISO-03: none for an isolated line
            holdings = list(state.holdings)
            if ln.pile > 0:
                moved = replace(moved, pile=ln.pile - 1)
                holdings[pi] = add_shares(holdings[pi], li, real=1)
            else:  # SR-SUP-03: the supplementary supply never runs out
                holdings[pi] = add_shares(holdings[pi], li, supplementary=1)
                changes["supplementary_issued"] = state.supplementary_issued + 1
            changes["holdings"] = tuple(holdings)
        lines[li] = moved
        new = state.evolve(same_places(ln, moved), True, lines=tuple(lines),
                           phase=VETO_WINDOW, pending=pending,
                           moved=state.moved | {ln.id}, **changes)
        known = state.__dict__.get("destination_cache")
        if known and self.geometry.plain and "destination_cache" not in new.__dict__:
            # The mover's own cached destinations stay exact until its tile is laid:
            # the plain search ignores the mover's own locomotive and presence, and
            # no track or other locomotive has changed. The veto round asks for them
            # (veto_spaces: the mover's destinations from its origin), which then
            # needs no occupancy tables of this position. The other lines keep those
            # the move cannot reach (kept_destinations).
            lid = ln.id
            kept = kept_destinations(known, state.board, ln, moved)
            kept.update((key, found) for key, found in known.items() if key[0] == lid)
            if kept:
                new.__dict__["destination_cache"] = kept
        return new
