"""1870: a company whose share price reaches a closing cell of the market (zone
``close``: the black $0 cells at its lower left) closes at once
(``WholeGameDef.closes_at_zero``). A price gets there by dropping on sales (after
price protection declines them) or by moving left on a withheld or missing dividend.

The closed company leaves the game: its shares are worth nothing and leave their
holders (players, the pool, the IPO, its own), it has no president and no price, its
station tokens leave the map (kept with the charter: they never come back), its cash
goes to the bank, its trains to the open market, its privates close. It never
operates again: a company that closes in its own turn ends it there (its later steps,
a train it would have had to buy included, are not played); one yet to operate in
the round is left out. Once a company has closed, the certificate limits are those
of nine companies (``WholeGameDef.closed_cert_limit``; ``holdings.cert_limit``).

Sources: the fwtwr.com 1870 tables give the limits for ten and nine companies, and
tobymao/18xx issue #6516 (the Mayfair rules lower the limit at the first closure);
issue #6825 and the platform's market legend that a price
pushed into the black cells closes the company. What happens to the company's
assets is 18xx.games' (its base game's closing: tokens off, cash to the bank, trains
to the open market, privates closed; tobymao/18xx PR #7162: a closed company no
longer operates); the rules' own text on it is not among our sources. Its bonus
tokens stay where they are (the open port's +10 for the other companies included),
as the platform leaves a closed company's hex assignments.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model.game_round import OPERATING
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import or_protection, sequence
from oracle.eighteen.whole.holdings import zone
from oracle.eighteen.whole.protection import CLOSING


def after_action(rules: TurnContext, state: State) -> State:
    """Every company whose price stands on a closing cell closes now."""
    if state.game is None or state.ended is not None \
            or not sequence.whole_of(rules, state).closes_at_zero:
        return state
    market = rules.title(state).market
    for company in state.companies:
        if not company.closed and zone(market, company) == CLOSING:
            state = close(rules, state, company.id)
    return state


def close(rules: TurnContext, state: State, company_id: str) -> State:
    company = state.company(company_id)
    assert company is not None
    placed = sum(1 for t in state.tokens if t.company == company_id)
    gone = replace(company, president=None, treasury=0, tokens_left=company.tokens_left + placed,
                   trains=(), obsolete=(), market=None, share_price=0, shares=(),
                   first_round=False, closed=True)
    privates = tuple(replace(p, closed=True) if p.owner == company_id and not p.closed
                     else p for p in state.privates)
    own_turn = state.turn.company == company_id
    order = state.operating_order if own_turn else \
        tuple(c for c in state.operating_order if c != company_id)
    state = replace(state.with_company(gone), privates=privates, operating_order=order,
                    tokens=tuple(t for t in state.tokens if t.company != company_id),
                    pool_trains=tuple(sorted((*state.pool_trains, *company.trains))),
                    bank=state.bank + company.treasury,
                    market_order=None if state.market_order is None else tuple(
                        c for c in state.market_order if c != company_id))
    return _turn_over(rules, state, gone) if own_turn else state


def _turn_over(rules: TurnContext, state: State, company: Company) -> State:
    """It closed in its own turn: the turn ends there (not while a president decides
    on protecting a sale after it: that goes on, then the next company)."""
    game = state.game
    if game is None or game.kind != OPERATING or or_protection.deciding(game) \
            or state.turn.step == "done":
        return state
    return rules.end_turn(state, company)
