"""A scenario's 18xx position starts from the implementation's own new game, cut down to
the operating turn the scenario states: a title played as a whole game (1830) starts
with the private auction, its shares in the IPO and its trains in the depot; a
scenario's position is an operating turn whose Givens state the trains, shares and
round they need, so those parts of the new game are left out (docs/18xx.md, "Whole
games"). Its private auction is over by any operating turn, having sold every private:
the privates a scenario does not name go to the last player (docs/18xx.md, "Reachable
positions"); a private that is a company's president's certificate (1870's SLSF)
closed as its buyer took the certificate, and the company floated at once at the par
price its buyer set, with ten times it from the bank. Plain JSON: an implementation
that starts with the operating turn alone gives the same position."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

#: the parts of a whole game's new position an operating-turn scenario does not state
WHOLE_GAME_PARTS = ("game_round", "depot")

#: title -> (private, company, par price, par cell): the privates that are a company's
#: president's certificate (1870's SLSF; docs/18xx.md "Reachable positions"). The par
#: is the lowest the market offers (row 5, column 6: $68), so the company sits last
#: on price and comes after every company a scenario orders by share price (DS-08)
PRESIDENT_PRIVATES: dict[str, tuple[str, str, int, tuple[int, int]]] = {
    "1870": ("SLSF", "SLSF", 68, (5, 6)),
}

#: a company floated by its president's certificate gets ten times its par price
CAPITAL_SHARES = 10


def operating_turn_only(position: JSON, auction_over: bool = True) -> JSON:
    """``position`` without the whole game's round, depot and share holdings, its turn
    done, and (a whole game's auction being over) every private owned. The unit tests'
    builders say ``auction_over=False``: they state each private's owner themselves
    (tests/eighteen/positions.py), where the unsold ones stay the bank's."""
    out = {k: v for k, v in position.items() if k not in WHOLE_GAME_PARTS}
    if "game_round" in position:
        out["turn"] = {"company": None, "step": "done", "tile_lays": 0, "tokened": False,
                       "special_tiles": []}
        out["companies"] = [{k: v for k, v in c.items() if k != "shares"}
                            for c in position["companies"]]
        if auction_over:
            last = position["players"][-1]["id"]
            out["privates"] = [dict(p, owner=p["owner"] or last)
                               for p in position["privates"]]
            out = _president_private(out)
    return out


def _president_private(position: JSON) -> JSON:
    """The title's president's-certificate private, sold: closed, and its company run by
    the buyer at its par price, floated with the capital the bank pays (the auction
    stops for the par price: oracle/eighteen/whole/auction.py)."""
    cert = PRESIDENT_PRIVATES.get(position["title"])
    if cert is None:
        return position
    private_id, company_id, par, cell = cert
    private = next(p for p in position["privates"] if p["id"] == private_id)
    capital = CAPITAL_SHARES * par
    companies = [dict(c, president=private["owner"], par=par, share_price=par,
                      market=list(cell), treasury=c["treasury"] + capital, first_round=True)
                 if c["id"] == company_id else c for c in position["companies"]]
    privates = [dict(p, closed=True) if p["id"] == private_id else p
                for p in position["privates"]]
    order = [c for c in position.get("market_order", []) if c != company_id]
    return dict(position, companies=companies, privates=privates,
                bank=position["bank"] - capital, market_order=[*order, company_id])
