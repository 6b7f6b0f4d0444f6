"""The dispatcher: one action through a title's turn. It knows no title: the plan
(``compose.py``) says which handlers each step has, the title data which steps the
turn goes through."""

from __future__ import annotations

from oracle.eighteen.model.actions import Action, ExchangePrivate
from oracle.eighteen.model.player_actions import PLAYER_ACTIONS
from oracle.eighteen.model.state import State
from oracle.eighteen.turn.compose import DONE, TurnPlan
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import RulesContext


def apply(rules: RulesContext, plan: TurnPlan, state: State, action: Action) -> State:
    """The checked path: refuse with a reason code, or return the new state (after
    each mechanism's ``after_action``)."""
    after = _apply(rules, plan, state, action)
    for mechanism in plan.mechanisms:
        after = mechanism.after_action(rules, after)
    return after


def _apply(rules: RulesContext, plan: TurnPlan, state: State, action: Action) -> State:
    # a player's private exchange at any step; the discards after a phase change
    for mechanism in plan.mechanisms:
        taken = mechanism.intercept(rules, state, action)
        if taken is not None:
            return taken
    # a player's act names no company: the base mechanisms took it (turn/steps.py)
    assert not isinstance(action, ExchangePrivate)
    if isinstance(action, PLAYER_ACTIONS):  # a whole game's (oracle/eighteen/whole)
        raise refuse("round/not_stock_round", "this position is an operating turn: no "
                     "auction or stock round")
    company = rules.operating_company(state, action.company)
    step = state.turn.step
    if step != DONE and step not in rules.title(state).operating_steps:
        raise refuse("step/not_in_title", f"{state.title} has no {step} step")
    for handler in plan.steps.get(step, ()):
        if handler.handles(action):
            return handler.process(rules, state, company, action)
    raise refuse("step/wrong_step", f"no such action in the {step} step")
