"""Stephenson's Rocket behind the game-neutral GameAPI (JSON in, JSON out)."""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any, cast

from oracle.core.errors import MalformedInput
from oracle.core.made import Listed, Made
from oracle.core.options import OptionSpec
from oracle.core.pinning import Pins
from oracle.core.schema import check_players, load_schema
from oracle.rocket import codec, conservation
from oracle.rocket.actions import action_from_json
from oracle.rocket.digested import Digested
from oracle.rocket.options import SPECS, Options
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import legal_groups
from oracle.rocket.rules.listing import legal_json
from oracle.rocket.setup import initial_state, state_from_drawing
from oracle.rocket.state import OVER, State

JSON = dict[str, Any]
#: where the position schema is shipped
SCHEMA = ("oracle.rocket", "position.schema.json")


#: decoded positions kept per API, by their exact form (a few: the lockstep asks about
#: one position several times: legal actions, scores, game over, then applies to it)
_DECODED = 8


class RocketAPI(Pins[State]):
    name = "rocket"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        self._decoded: dict[bytes, State] = {}
        self._digested = Digested()
        #: the last options record asked about and its JSON (``position_options``)
        self._options_json: tuple[Options, JSON] | None = None

    def _state(self, position: JSON) -> State:
        """``codec.from_json``, remembered by the position's exact form (``_text``): the
        same form is the same position, so a hit is the same check already passed (a refused
        position is never kept, and is refused again each time). The key costs a tenth
        of decoding, and a lockstep step asks about each position four times."""
        made: Any = position  # a ``Made`` stands in for a position's JSON (apply_made)
        if type(made) is Made:  # the state it holds, where this API made it
            if made.maker is self:
                return cast(State, made.state)
            position = made.json()
        pinned = self.pinned_state(position)  # the caller vouches it is unchanged
        if pinned is not None:
            return pinned
        try:
            text = _text(position)
        except ValueError:  # not plain JSON values: the codec names what is wrong
            return codec.from_json(position)
        state = self._decoded.get(text)
        if state is None:
            state = codec.from_json(position)
            self._remember(text, state)
        return state

    def _remember(self, text: bytes, state: State) -> None:
        while len(self._decoded) >= _DECODED:
            self._decoded.pop(next(iter(self._decoded), b""), None)  # the oldest
        self._decoded[text] = state

    def _encode(self, state: State) -> JSON:
        """``codec.to_json``, and the result remembered: the next question is about it.
        Made from a pinned position, it goes to a caller that pins what it holds (the
        fuzz lockstep, from one step to the next), so it is remembered only by identity
        (``returned``), without its exact form's key: a caller that hands it back
        unpinned after all costs one decode, and the answer is the same."""
        position = codec.to_json(state)
        if self._pin is None:
            self._remember(_text(position), state)
        self.returned(position, state)  # pinned questions skip the key (``_text``)
        return position

    def apply_made(self, position: JSON, action: JSON) -> Made[State] | None:
        """``apply``'s position as a ``Made`` (oracle.core.made), for the fuzz lockstep
        of two in-process engines; None for a subclass (a mutant or a fake that may
        answer some question its own way), which is asked through its JSON."""
        if type(self) is not RocketAPI:
            return None
        state = self._state(position)
        return Made(self, self.rules.apply(state, action_from_json(action)))

    def legal_listed(self, position: JSON) -> Listed | None:
        """The legal actions' canonical texts in canonical order (oracle.core.made.Listed,
        rules/canonical.py), for the fuzz lockstep, which compares them and chooses
        from them; None for a subclass."""
        if type(self) is not RocketAPI:
            return None
        return Listed(legal_groups(self.rules, self._state(position)))

    def made_digest(self, made: Made[Any]) -> str | None:
        """``position_digest`` of the ``Made``'s JSON, written from the parts of its
        state (oracle/rocket/digested.py), where this API made it; else None."""
        return self.position_digest_of(cast(State, made.state)) if made.maker is self \
            else None

    def position_digest_of(self, state: State) -> str:
        """``position_digest(codec.to_json(state))``, without building that JSON."""
        return self._digested.digest(state)

    def position_json(self, state: State) -> JSON:
        return codec.to_json(state)

    def position_options(self, state: State) -> JSON | None:
        """``options`` of ``codec.to_json(state)``, as a fresh dict (a Rocket position
        has no title); None where it holds none. Written once per options record (a
        game's positions share one; the protocol client asks at every request)."""
        kept = self._options_json
        if kept is None or kept[0] is not state.options:
            kept = self._options_json = (state.options, state.options.to_json())
        return dict(kept[1]) or None

    def position_equal(self, state: State, other: State) -> bool:
        """``state == other``, the dataclass's field by field, for the fuzz lockstep of
        two in-process engines (oracle.core.made.same): where it holds, the two
        ``codec.to_json`` are equal, since ``to_json`` writes the fields alone, each as
        a function of its value (sets sorted, tuples in order; no field holds a float),
        and the cached tables in a state's ``__dict__`` are no fields. The two sides'
        records are distinct objects, so every line and holding is compared, in C: some
        3.6 us a step, where writing both positions' exact texts took some 20."""
        return state == other

    def position_canonical(self, state: State) -> bytes:
        """``canonical_text(codec.to_json(state))``, written from kept parts."""
        return self._digested.text(state)

    def options(self) -> Sequence[OptionSpec]:
        return SPECS

    def position_schema(self) -> JSON:
        return load_schema(*SCHEMA)

    def new_game(self, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        state = initial_state(players, options)  # two to four distinct players
        check_players(players, SCHEMA[0], SCHEMA[1])  # each an ID the position takes
        return self._encode(state)

    def from_drawing(self, text: str, players: Sequence[str],
                     options: Mapping[str, Any] | None = None) -> JSON:
        state = state_from_drawing(text, players, options)
        check_players(players, SCHEMA[0], SCHEMA[1])
        return self._encode(state)

    def validate(self, position: JSON) -> None:
        codec.from_json(position)

    def legal_actions(self, position: JSON) -> list[JSON]:
        state = self._state(position)
        return legal_json(self.rules, state)

    def apply(self, position: JSON, action: JSON) -> JSON:
        state = self._state(position)
        return self._encode(self.rules.apply(state, action_from_json(action)))

    def canonical(self, position: JSON) -> JSON:
        """The one canonical form: decoded (and so checked) and encoded again."""
        return codec.to_json(self._state(position))

    def game_over(self, position: JSON) -> bool:
        return self._state(position).over

    def queries(self) -> Sequence[str]:
        return ()  # the canonical position is the protocol's own "position" command

    def query(self, position: JSON, name: str, args: JSON) -> JSON:
        raise MalformedInput("name", f"rocket answers no query ({name!r})")

    def scores(self, position: JSON) -> JSON:
        return scores(self._state(position))

    def conservation(self, before: JSON, after: JSON) -> list[str]:
        return conservation.violations(before, after)


def _text(position: JSON) -> bytes:
    """The exact form of a JSON value, as a key: ``marshal`` version 0, which writes
    each exact type with its own code (``1``, ``1.0`` and ``True`` differ; NaN is not
    null), floats to 17 digits, and no interning or back-references, so equal values
    built anew (parsed off the wire) give the same bytes; key order counts, so a
    reordered copy is only a miss. A subclass of a JSON type is refused (ValueError):
    it is decoded every time. In C, some four times quicker than ``json.dumps``."""
    return marshal.dumps(position, 0)


def scores(state: State) -> JSON:
    """Money so far (pounds), or victory points in the 2018 edition."""
    vp = state.options.edition == "2018"
    money = [h.money for h in state.holdings]
    values = dict(zip(state.players, [m / 1000 for m in money] if vp else money,
                      strict=True))
    over = state.phase == OVER
    winners: list[str] = []
    if over:
        best = max(values.values())
        winners = sorted(p for p, v in values.items() if v == best)
    return {"unit": "vp" if vp else "pounds", "scores": values, "over": over,
            "end_reason": state.end_reason, "winners": winners}


API = RocketAPI()
