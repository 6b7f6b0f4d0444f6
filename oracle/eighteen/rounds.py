"""Sets of operating rounds: a position may say which round of its set it is in
(``"round": {"operating": 2, "of": 3}``). When the last company of round k < n has
operated, round k + 1 starts at once: the privates pay their revenue (private_sale.py), the
operating order is ranked again by share
price (``operating.operating_order``) and its first company operates. After round
n, or in a position that does not say (one round, as before), the turn is
``done``.

Why it matters: when the bank breaks the game ends at the end of the current set of
operating rounds (1830; bank.py). A position that states its round plays the rest
of the set before ``game_over``; one that does not ends with its own round. The
number of rounds in the set is the position's (the phase in force when the set
began fixes it; the title data does not carry it).
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen import private_sale
from oracle.eighteen.model.state import State, Turn
from oracle.eighteen.operating import operating_order
from oracle.eighteen.turn.context import TurnContext
from oracle.eighteen.whole import sequence


def after_last_turn(rules: TurnContext, state: State) -> State:
    """The last company of the round has operated: the next round of the set, or
    ``done``."""
    if state.game is not None and (state.round is None or state.round[0] >= state.round[1]):
        return sequence.after_set(rules, state)  # a whole game: the next stock round
    if state.game is not None and not state.operating_order:  # 1870: every one closed
        return sequence.after_set_round(rules, state)
    if state.round is None or state.round[0] >= state.round[1] or not state.operating_order:
        return replace(state, turn=Turn(None, "done"))
    order = operating_order(state)
    first = order[0]
    state = replace(state, operating_order=order, round=(state.round[0] + 1, state.round[1]),
                    turn=Turn(first, rules.first_step(state, first)))
    state = sequence.clear_round_marks(state)  # 1856: each round's loan marks
    return private_sale.pay_revenue(rules, state)  # the privates pay as the round begins
