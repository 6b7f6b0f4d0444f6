"""City tokens: taking one from a city's stock."""

from __future__ import annotations

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.rocket.actions import (
    Action,
    TakeToken,
)
from oracle.rocket.holdings import add_token
from oracle.rocket.places import INDUSTRIES
from oracle.rocket.rules.hooks import Hooks
from oracle.rocket.state import (
    ACTION,
    State,
)


class Tokens(Hooks):
    """City tokens: taking one from a city's stock."""

    def check_take_token(self, state: State, pi: int, action: Action) -> None:
        assert isinstance(action, TakeToken)
        self._need_phase(state, ACTION)
        self._need_active(state, pi)
        if action.city not in state.board.cities:
            raise MalformedInput("action.city", f"{action.city!r} is no city on this board")
        if action.industry not in INDUSTRIES:
            raise MalformedInput("action.industry", f"{action.industry!r} is no industry")
        tokens = state.city_tokens[state.board.cities.index(action.city)]
        if action.industry not in tokens:
            raise IllegalAction("token/not_available", "",
                                f"{action.city} has no {action.industry} token left")

    def do_take_token(self, state: State, pi: int, action: Action) -> State:
        assert isinstance(action, TakeToken)
        ci = state.board.cities.index(action.city)
        tokens = list(state.city_tokens[ci])
        tokens.remove(action.industry)
        city_tokens = list(state.city_tokens)
        city_tokens[ci] = tuple(tokens)
        h = state.holdings[pi]
        return self.end_with_holding(state, pi, add_token(h, action.city, action.industry),
                                     city_tokens=tuple(city_tokens))
