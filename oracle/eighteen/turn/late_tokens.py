"""A private's token after the token step (``late_private_tokens``; 1870): a power
whose ``when`` is ``whole_turn`` (1870's cattle and port tokens) may be placed in the
later steps of the company's turn too, so a company that buys the private in its
train step places the token in the same turn, as 18xx.games plays it. The base turn
offers a private's token in the track and token steps only; this adds the handler to
the route, dividend and train steps, where the power's own ``when`` still decides
(``turn/privates.py``, ``step_allows``)."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.eighteen.turn.protocol import Handler, Mechanism
from oracle.eighteen.turn.steps import SPECIAL_TOKEN


class LatePrivateTokens(Mechanism):
    name = "late_private_tokens"

    def handlers(self) -> Mapping[str, tuple[Handler, ...]]:
        return {step: (SPECIAL_TOKEN,) for step in ("route", "dividend", "buy_train")}


LATE_PRIVATE_TOKENS = LatePrivateTokens()
