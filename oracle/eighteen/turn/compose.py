"""A title's turn composed: the base steps (``steps.py``) plus what the title's
mechanisms add, as one ``TurnPlan`` the dispatcher reads (``dispatch.py``). A rules
object may swap handler records (``Registry.swaps``, ``registry.py``): each swapped
handler is replaced wherever the plan has it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from oracle.eighteen.model.actions import Action
from oracle.eighteen.turn.protocol import Handler, Mechanism
from oracle.eighteen.turn.steps import BASE_MECHANISMS, BASE_STEPS

#: the step a turn stands in once it is over (no action is legal)
DONE = "done"


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """A title's turn: the base mechanisms (the private exchange) and the title's in its
    order, and step -> handlers."""

    mechanisms: tuple[Mechanism, ...]
    steps: Mapping[str, tuple[Handler, ...]] = field(hash=False, compare=False)
    #: some handler's actions are not listed as legal (``Handler.offered``)
    unlisted: bool = False

    def listed(self, step: str, action: Action) -> bool:
        """Whether ``legal_actions`` lists ``action`` (legal in ``step``): not when
        the step's handler that takes it is not offered."""
        if not self.unlisted:
            return True
        taker = next((h for h in self.steps.get(step, ()) if h.handles(action)), None)
        return taker is None or taker.offered


def _before_closing(handlers: tuple[Handler, ...], extra: tuple[Handler, ...]) -> tuple[
        Handler, ...]:
    """``extra`` inserted before the step's closing handlers (buy a private, pass, the
    refusal of a share sale outside an emergency)."""
    cut = len(handlers)
    while cut > 0 and handlers[cut - 1].closing:
        cut -= 1
    return (*handlers[:cut], *extra, *handlers[cut:])


#: handler -> the handler that stands in its place
Swaps = tuple[tuple[Handler, Handler], ...]


@cache
def compose(mechanisms: tuple[Mechanism, ...], swaps: Swaps = ()) -> TurnPlan:
    """The turn of a title with these mechanisms (and these handlers swapped)."""
    steps = dict(BASE_STEPS)
    for mechanism in mechanisms:
        for name, extra in mechanism.handlers().items():
            steps[name] = _before_closing(steps[name], extra)
        steps.update(mechanism.steps())
        steps.update(mechanism.side_steps())
    steps[DONE] = ()
    if swaps:
        swapped = dict(swaps)
        steps = {name: tuple(swapped.get(h, h) for h in handlers)
                 for name, handlers in steps.items()}
    unlisted = any(not h.offered for handlers in steps.values() for h in handlers)
    return TurnPlan((*BASE_MECHANISMS, *mechanisms), steps, unlisted)


def step_names(mechanisms: Iterable[Mechanism]) -> tuple[str, ...]:
    """Every step a position may stand in under these mechanisms (the position
    schema's enum), ``done`` last."""
    return tuple(name for name in compose(tuple(mechanisms)).steps)
