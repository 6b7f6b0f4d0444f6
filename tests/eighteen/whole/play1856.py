"""1856 whole-game test helpers: a new game and a position built to a chosen point (a
stock round, a company's operating turn), its facts set as the test needs them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.finance import Finance
from oracle.eighteen.model.game_round import GameRound
from oracle.eighteen.model.state import BonusToken, State, Token, Turn

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
    state = replace(state.with_company(c), phase=phase,
                    tokens=(Token(cdef.home, 0, company),),
                    bank=state.bank - treasury,
                    game=GameRound("operating", 1, "P1", loan_marks=marks),
                    operating_order=(company,), round=(1, 1),
                    turn=replace(Turn(company, step), revenue=revenue))
    return state.canonical().to_json()


def before_first_6(gt_treasury: int = 150, p2_cash: int = 10) -> JSON:
    """CPR (P1) about to buy the first 6 train in phase 5', the first of the round to
    operate; GT (P2: 50%, P3: 20%, the pool 30%; three loans; a 4 train; tokens on P9
    and Kitchener's (I12) city 1) and LPS (P3: 60%, P1: 20%, the pool 20%; two loans,
    $20; a 5'; tokens on C14 and I12's city 0; the closed Waterloo & Saugeen) in debt,
    both with the bridge right; every private closed; P2 holding ``p2_cash``."""
    state: State = API.load(new1856())
    treasuries = {"CPR": 800, "GT": gt_treasury, "LPS": 20}
    rows = {"CPR": ((0, 4), 100, {"P1": 6}, 0, ("5",)),
            "GT": ((1, 4), 90, {"P2": 5, "P3": 2, "pool": 3}, 3, ("4",)),
            "LPS": ((2, 4), 80, {"P3": 6, "P1": 2, "pool": 2}, 2, ("5'",))}
    presidents = {"CPR": "P1", "GT": "P2", "LPS": "P3"}
    for cid, (cell, price, held, loans, trains) in rows.items():
        c = state.company(cid)
        assert c is not None
        shares = {**held, "ipo": 10 - sum(held.values())}
        c = replace(c, president=presidents[cid], treasury=treasuries[cid], trains=trains,
                    share_price=price, market=cell, par=price,
                    shares=tuple(sorted((h, n) for h, n in shares.items() if n)),
                    tokens_left=c.tokens_left - (2 if cid != "CPR" else 1),
                    finance=Finance("incremental", loans=loans, started=True))
        state = state.with_company(c)
    tokens = (Token("M4", 0, "CPR"), Token("P9", 0, "GT"), Token("I12", 1, "GT"),
              Token("C14", 0, "LPS"), Token("I12", 0, "LPS"))
    bonus = tuple(BonusToken(h, "NFSBC", c, 10) for c in ("GT", "LPS") for h in ("P17", "P19"))
    privates = tuple(replace(p, closed=True, owner="LPS" if p.id == "WSR" else None)
                     for p in state.privates)
    depot = tuple((t, {"6": 2, "D": 22}.get(t, 0)) for t, _ in state.depot or ())
    players = tuple(replace(p, cash=p2_cash) if p.id == "P2" else p for p in state.players)
    spent = sum(treasuries.values()) - sum(p.cash for p in state.players) \
        + sum(p.cash for p in players)
    state = replace(state, phase="5'", tokens=tokens, bonus_tokens=bonus, privates=privates,
                    depot=depot, players=players, bank=state.bank - spent,
                    game=GameRound("operating", 5, "P1"), operating_order=("CPR", "GT", "LPS"),
                    market_order=("CPR", "GT", "LPS"), round=(1, 3),
                    turn=Turn("CPR", "buy_train"))
    return state.canonical().to_json()
