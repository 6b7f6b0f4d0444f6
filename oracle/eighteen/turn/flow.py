"""The turn's order: the first step of a company's turn, who may act, passing a step,
the step after a step in the title's turn, and the end of a turn."""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen import operating, private_variants, rounds
from oracle.eighteen.mechanisms.connection_runs import CONNECTION_STEPS
from oracle.eighteen.model.actions import Pass
from oracle.eighteen.model.state import Company, State, Turn
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext
from oracle.eighteen.whole import or_protection


class TurnOrder(Mechanism):
    """The base turn's order: the step a company's turn opens with (the home token
    first), who may act now (DS-05, DS-07: a connection run comes first) and passing a
    base step. Every title has it (``turn/registry.py``, ``BASE_RULES``); the rules
    object asks it."""

    name = "turn_order"

    def first_step(self, rules: RulesContext, state: State, company_id: str) -> str:
        """Home token first if the company has none on the map and its home is here."""
        cdef = rules.title(state).company(company_id)
        has_token = any(t.company == company_id for t in state.tokens)
        if cdef is not None and cdef.home in rules.title(state).map.hexes and not has_token:
            return "home"
        return "track"

    def operating_company(self, rules: RulesContext, state: State, company_id: str) -> Company:
        """The company acting, which must be the operating one (a malformed ID is no
        company at all)."""
        company = state.company(company_id)
        if company is None:
            raise MalformedInput("company", f"unknown company {company_id!r}")
        if state.turn.company != company_id:
            if state.turn.step in CONNECTION_STEPS:
                # DS-05 (runs opening the round) or DS-07 (runs between turns)
                raise refuse("connection/runs_first",
                             f"{state.turn.company}'s connection run comes first",
                             "DS-05" if state.turn.after is None else "DS-07")
            raise refuse("turn/not_operating", f"{company_id} is not the operating company")
        return company

    def pass_step(self, rules: RulesContext, state: State, company: Company,
                  action: Pass) -> State:
        """Pass in a base step (the steps a mechanism adds pass through their own
        handlers: 1870's connection steps, mechanisms/connection_runs.py)."""
        step = state.turn.step
        if step == "home":
            raise refuse("step/home_token_first", "the home token comes first")
        if step == "track":
            nxt = rules.next_step(state, step)
            if nxt == "done":
                return rules.end_turn(state, company)
            return replace(state, turn=replace(state.turn, step=nxt))
        if step == "token":
            return operating.after_token(rules, state, company)
        if step == "route":
            return operating.skip_run(state)
        if step == "dividend":
            raise refuse("dividend/choose", "the dividend step needs a choice")
        if step == "buy_train":
            return operating.end_buying(rules, state, company)
        return rules.end_turn(state, company)


def next_step(rules: RulesContext, state: State, step: str) -> str:
    """The step after ``step`` in the title's operating turn ("done" after the last)."""
    steps = rules.title(state).operating_steps
    i = steps.index(step) + 1 if step in steps else len(steps)
    return steps[i] if i < len(steps) else "done"


def end_turn(rules: RulesContext, state: State, company: Company) -> State:
    """The turn is over: in 1870's whole game the turn's emergency sales wait on price
    protection first (whole/or_protection.py); then 1870's connection runs (DS-07),
    then the next company."""
    state = private_variants.turn_over(state, company.id)  # its first round is over
    waiting = or_protection.at_turn_end(rules, state)  # 1870: its sales' protection first
    if waiting is not None:
        return waiting
    if rules.connections.applies(rules.title(state)):
        return rules.connections.after_turn(rules, state, company.id)
    return rules.next_company(state, company.id)


def next_company(rules: RulesContext, state: State, company_id: str) -> State:
    order = list(state.operating_order)
    if company_id in order and dict(state.options).get("operating_order") == "each_turn":
        done = order.index(company_id) + 1  # those yet to operate, by today's prices
        order = [*order[:done], *operating.rank(state, tuple(order[done:]))]
        state = replace(state, operating_order=tuple(order))
    nxt = order[order.index(company_id) + 1] if company_id in order and \
        order.index(company_id) + 1 < len(order) else None
    finished = state.company(company_id)
    if finished is not None and finished.closed:  # 1870: it closed in its turn (closure.py)
        state = replace(state, operating_order=tuple(c for c in order if c != company_id))
    if nxt is None:
        return rounds.after_last_turn(rules, state)
    return replace(state, turn=Turn(nxt, rules.first_step(state, nxt)))


TURN_ORDER = TurnOrder()
