"""The bank breaking: when its cash runs out the game ends at the end of the
current set of operating rounds (1830; the reading this oracle takes for every
title it carries, docs/18xx.md "The bank breaking").

Payments the bank owes after it has run out are still made, so ``bank`` goes below
zero: the money paid beyond the bank's cash, which keeps money conserved. Once
broken the bank stays broken (``bank_broken`` in the position), even if purchases
bring its cash back above zero.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.model.state import State


def settle(state: State) -> State:
    """Mark the bank broken once a payment has left it with nothing."""
    if state.bank_broken or state.bank > 0:
        return state
    return replace(state, bank_broken=True)
