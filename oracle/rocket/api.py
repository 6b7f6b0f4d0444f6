"""Stephenson's Rocket behind the game-neutral GameAPI (JSON in, JSON out)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from oracle.core.options import OptionSpec
from oracle.core.schema import load_schema
from oracle.rocket import codec, conservation
from oracle.rocket.actions import action_from_json
from oracle.rocket.options import SPECS
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state, state_from_drawing
from oracle.rocket.state import OVER, State

JSON = dict[str, Any]


class RocketAPI:
    name = "rocket"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()

    def options(self) -> Sequence[OptionSpec]:
        return SPECS

    def position_schema(self) -> JSON:
        return load_schema("oracle.rocket", "position.schema.json")

    def new_game(self, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        return codec.to_json(initial_state(players, options))

    def from_drawing(self, text: str, players: Sequence[str],
                     options: Mapping[str, Any] | None = None) -> JSON:
        return codec.to_json(state_from_drawing(text, players, options))

    def validate(self, position: JSON) -> None:
        codec.from_json(position)

    def legal_actions(self, position: JSON) -> list[JSON]:
        state = codec.from_json(position)
        return [a.to_json() for a in self.rules.iter_legal(state)]

    def apply(self, position: JSON, action: JSON) -> JSON:
        state = codec.from_json(position)
        return codec.to_json(self.rules.apply(state, action_from_json(action)))

    def canonical(self, position: JSON) -> JSON:
        """The one canonical form: decoded (and so checked) and encoded again."""
        return codec.to_json(codec.from_json(position))

    def game_over(self, position: JSON) -> bool:
        return codec.from_json(position).over

    def scores(self, position: JSON) -> JSON:
        return scores(codec.from_json(position))

    def conservation(self, before: JSON, after: JSON) -> list[str]:
        return conservation.violations(before, after)


def scores(state: State) -> JSON:
    """Money so far (pounds), or victory points in the 2018 edition."""
    vp = state.options.edition == "2018"
    values = {p: (h.money / 1000 if vp else h.money)
              for p, h in zip(state.players, state.holdings, strict=True)}
    best = max(values.values())
    return {"unit": "vp" if vp else "pounds", "scores": values, "over": state.phase == OVER,
            "end_reason": state.end_reason,
            "winners": sorted(p for p, v in values.items() if v == best)
            if state.phase == OVER else []}


API = RocketAPI()
