"""What every part of the rules shares: the checks each part makes, the geometry
object, and the hooks one part calls in another (declared here, defined in their part).

A variant or mutant subclasses ``Rules`` and overrides one hook, or swaps the
``geometry`` object; the parts are composed in ``oracle/rocket/rules/__init__.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket.actions import Action
from oracle.rocket.movement import GEOMETRY, Geometry
from oracle.rocket.state import ACTION, Holding, State

Check = Callable[[State, int, Action], None]
Effect = Callable[[State, int, Action], State]


class Hooks:
    """The shared checks, the geometry, and the cross-part hooks' signatures."""

    #: action type -> (check, effect): the explicit table ``Rules`` builds
    handlers: dict[str, tuple[Check, Effect]]

    #: where locomotives may go and what they touch (one object for the move check,
    #: the two-lines ban, the legal moves, veto spaces and isolation)
    geometry: Geometry = GEOMETRY

    def _player_index(self, state: State, player: str) -> int:
        if player not in state.players:
            raise MalformedInput("action.player", f"{player!r} is not a player "
                                 f"(players: {list(state.players)})")
        return state.players.index(player)

    def _need_phase(self, state: State, phase: str) -> None:
        if state.phase == phase:
            return
        if phase == ACTION:
            raise IllegalAction("turn/veto_in_progress", "SR-SEQ-01",
                                "a move is waiting for its veto round and tile")
        raise IllegalAction("veto/not_now", "SR-VETO-01",
                            f"this is not the moment for that (phase {state.phase})")

    def _need_active(self, state: State, pi: int) -> None:
        if pi != state.active:
            raise IllegalAction("turn/not_your_turn", "",
                                f"it is {state.players[state.active]}'s turn")

    # -- hooks one part calls in another ---------------------------------------
    def end_of_action(self, state: State, after_move: bool = False) -> State:
        raise NotImplementedError  # turn.py

    def end_with_holding(self, state: State, pi: int, holding: Holding,
                         **changes: object) -> State:
        raise NotImplementedError  # turn.py

    def finalize(self, state: State, final: str) -> State:
        raise NotImplementedError  # connections.py

    def isolate(self, state: State, li: int) -> State:
        raise NotImplementedError  # connections.py

    def destinations(self, state: State, line_id: str) -> list[str]:
        raise NotImplementedError  # moving.py

    def lines_near(self, state: State, space: str, line_id: str) -> set[str]:
        raise NotImplementedError  # moving.py

    def is_isolated(self, state: State, line_id: str) -> bool:
        raise NotImplementedError  # moving.py

    def station_fixed(self, state: State, space: str) -> bool:
        raise NotImplementedError  # stations.py

    def station_refusal(self, state: State, space: str, moving: str | None
                        ) -> IllegalAction | None:
        raise NotImplementedError  # stations.py

    def station_spaces(self, state: State, moving: str | None) -> list[str]:
        raise NotImplementedError  # stations.py

    def moved_station_spaces(self, state: State, source: str) -> Sequence[str]:
        raise NotImplementedError  # stations.py

    def _bids(self, state: State) -> Iterator[Action]:
        raise NotImplementedError  # veto.py

    def _defences(self, state: State) -> Iterator[Action]:
        raise NotImplementedError  # veto.py
