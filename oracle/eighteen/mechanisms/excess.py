"""Excess trains after a phase change, and the open market they go to.

A purchase that starts a phase with a lower train limit leaves some companies
holding too many trains. Each such company's president chooses which trains to
discard; they go to the open market (the bank pool) without compensation and may
be bought from there at face value (1870 rules 10.2.1 and 10.4; 1830 the same:
docs/18xx.md, "Excess trains"). While a company is over the limit the turn waits
in the ``discard_train`` step; the companies discard in operating order (the
operating company first), one ``discard_train`` action per train.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.mechanisms import obsolete
from oracle.eighteen.model.actions import Action, DiscardTrain
from oracle.eighteen.model.rosters import company_train_limit
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.turn.protocol import Handler, Mechanism, RulesContext

STEP = "discard_train"


def over_limit(rules: TurnContext, state: State) -> Company | None:
    """The company that discards next: over its limit (the phase's; 1856's CGR holds
    one more: ``rosters.company_train_limit``), the operating company first, then the
    operating order, then the position's order."""
    order = [state.turn.company, *state.operating_order, *(c.id for c in state.companies)]
    for cid in order:
        c = state.company(cid) if cid is not None else None
        limit = company_train_limit(rules.title(state), state.phase, c.id) \
            if c is not None else None
        if c is not None and limit is not None and obsolete.counted(state, c) > limit:
            return c
    return None


def after_purchase(rules: TurnContext, state: State) -> State:
    """The buy-train step goes on, or waits for the discards a new phase needs."""
    step = STEP if over_limit(rules, state) is not None else "buy_train"
    return replace(state, turn=replace(state.turn, step=step))


def discard(rules: TurnContext, state: State, action: DiscardTrain) -> State:
    """One train of a company over the limit goes to the open market."""
    due = over_limit(rules, state)
    if due is None or due.id != action.company:
        raise IllegalAction("train/not_over_limit",
                            "", f"{action.company} is not the company that must discard"
                            + (f" ({due.id} is)" if due is not None else ""))
    if action.train not in due.trains:
        raise IllegalAction("train/not_held", "", f"{due.id} holds no {action.train} train")
    gone = obsolete.discard(state, due, action.train)
    if gone is not None:
        return after_purchase(rules, gone)
    trains = list(due.trains)
    trains.remove(action.train)
    state = state.with_company(replace(due, trains=tuple(trains)))
    state = replace(state, pool_trains=tuple(sorted((*state.pool_trains, action.train))))
    return after_purchase(rules, state)


def candidates(rules: TurnContext, state: State) -> list[DiscardTrain]:
    due = over_limit(rules, state)
    if due is None:
        return []
    return [DiscardTrain(due.id, t) for t in sorted(set(due.trains))]


class ExcessTrains(Mechanism):
    """The ``discard_train`` step: the discards after a phase change are made by the
    companies over the limit, not only the operating one, so it takes the action
    before the dispatcher asks for the operating company."""

    name = "excess_trains"

    def side_steps(self) -> dict[str, tuple[Handler, ...]]:
        return {STEP: ()}

    def intercept(self, rules: RulesContext, state: State, action: Action) -> State | None:
        if state.turn.step == STEP:
            if not isinstance(action, DiscardTrain):
                raise refuse("train/discard_first", "companies over the train limit "
                             "discard first")
            if state.company(action.company) is None:
                raise MalformedInput("company", f"unknown company {action.company!r}")
            return discard(rules, state, action)
        if isinstance(action, DiscardTrain):
            raise refuse("train/not_over_limit", "no company must discard now")
        return None


EXCESS_TRAINS = ExcessTrains()
