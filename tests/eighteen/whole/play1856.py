"""1856 whole-game test helpers: a new game and a position built to a chosen point (a
stock round, a company's operating turn), its facts set as the test needs them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.finance import Finance
from oracle.eighteen.model.game_round import GameRound
from oracle.eighteen.model.state import State, Turn

JSON = dict[str, Any]
THREE = ["P1", "P2", "P3"]


def new1856(players: list[str] | None = None, **options: str) -> JSON:
    return API.new_game(players or THREE, {"title": "1856", **options})


def stock_round(phase: str = "2", number: int = 2) -> JSON:
    """A stock round (not the first, so shares may be sold), P1 to act, in ``phase``."""
    state = API.load(new1856())
    state = replace(state, phase=phase, game=GameRound("stock", number, "P1", acting="P1"),
                    turn=Turn(None, "stock"))
    return state.to_json()


def operating(company: str = "WGB", step: str = "track", treasury: int = 500,
              loans: int = 0, held: dict[str, int] | None = None, phase: str = "2",
              trains: tuple[str, ...] = ("2",), revenue: int = 0,
              marks: tuple[tuple[str, str], ...] = ()) -> JSON:
    """``company``'s operating turn in ``step``: P1 its president holding ``held``
    (default 60%), the rest in the IPO; its home token down; ``loans`` loans."""
    state: State = API.load(new1856())
    shares = held or {"P1": 6}
    shares = {**shares, "ipo": 10 - sum(shares.values())}
    cdef = API.rules.title(state).company(company)
    assert cdef is not None
    c = state.company(company)
    assert c is not None
    c = replace(c, president="P1", treasury=treasury, trains=trains, share_price=65,
                market=(5, 4), par=65, shares=tuple(sorted(shares.items())),
                tokens_left=c.tokens_left - 1,
                finance=Finance("escrow", loans=loans, started=True))
    from oracle.eighteen.model.state import Token
    state = replace(state.with_company(c), phase=phase,
                    tokens=(Token(cdef.home, 0, company),),
                    bank=state.bank - treasury,
                    game=GameRound("operating", 1, "P1", loan_marks=marks),
                    operating_order=(company,), round=(1, 1),
                    turn=replace(Turn(company, step), revenue=revenue))
    return state.canonical().to_json()
