"""1870: a company reissues the shares it bought back (``WholeGameDef.reissue_percent``;
the buy-back is ``buy_back.py``). In a stock round, on his turn, a president may have
his company put all its own shares (holder ``treasury``) on sale again in its IPO,
when none of its shares is on sale there. They sell at a new par price: the market's
top-row price nearest three quarters of the share price (a tie goes to the higher;
a $300 share reissues at $225), or the old par if that is higher, which stays. The
company has been paid ten times its par when it floated; the reissued shares' money
goes to it as they sell (the platform makes it an incremental company:
``Finance.capitalisation``). The share price does not move. The reissue ends the
president's turn (his sales' protection then comes first, as after a pass).

Sources: the rules' "Share Reissued" section (Mayfair's edition; W. R. Dixon's
original rules, section 5.11) is not among ours; tobymao/18xx issues #5060 and #11006
quote and cite it: about three quarters of the market value, above $200 placed on the
top row in the square closest to it (Mayfair), at most $200 (Dixon). The option
``reissue_par_cap`` chooses (``none``, the default, or ``200``). When and how is the
platform's (its 1870 stock step): the president's act in his turn, all the company's
own shares at once, only while its IPO is empty, the money to the company.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.eighteen.model import bank as bank_cash
from oracle.eighteen.model.finance import INCREMENTAL, Finance
from oracle.eighteen.model.player_actions import Reissue
from oracle.eighteen.model.records import MarketDef
from oracle.eighteen.model.state import State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import spec
from oracle.eighteen.turn.context import TurnContext, refuse
from oracle.eighteen.whole import protection, sequence
from oracle.eighteen.whole.holdings import IPO, move_units, share_value, units

#: the holder of a company's own shares bought back (buy_back.py)
TREASURY = "treasury"
#: the option capping the new par price (options.py)
OPTION = "reissue_par_cap"
DEFAULT = spec(OPTION).default


def issue_price(market: MarketDef, price: int, par: int, percent: int,
                cap: int | None = None) -> int:
    """The new par price: the top-row price nearest ``percent`` of ``price`` (a tie to
    the higher; at most ``cap`` where there is one), or ``par`` if higher."""
    listed = [c.price for c in market.rows[0] if c is not None
              and (cap is None or c.price <= cap)]
    nearest = min(listed, key=lambda p: (abs(100 * p - percent * price), -p))
    return max(nearest, par)


def cap_of(state: State) -> int | None:
    value = str(dict(state.options).get(OPTION, DEFAULT))
    return None if value == "none" else int(value)


def check_options(title: TitleData, options: Mapping[str, Any], field: str = "options") -> None:
    """The option is for titles whose companies reissue shares (MalformedInput otherwise)."""
    if str(options.get(OPTION, DEFAULT)) != DEFAULT and \
            (title.whole is None or not title.whole.reissue_percent):
        raise MalformedInput(f"{field}.{OPTION}", f"{title.id}'s companies reissue no shares")


def reissue(rules: TurnContext, state: State, action: Reissue) -> State:
    game = state.game
    assert game is not None
    percent = sequence.whole_of(rules, state).reissue_percent
    company = state.company(action.company)
    if company is None or not percent:
        raise refuse("shares/no_reissue", f"no company reissues its shares in {state.title}")
    if company.closed:
        raise refuse("shares/company_closed", f"{company.id} has closed")
    if company.president != action.player:
        raise refuse("shares/not_president", f"{action.player} is not {company.id}'s president")
    own = units(company, TREASURY)
    if not own:
        raise refuse("shares/none_to_reissue", f"{company.id} holds none of its own shares")
    if units(company, IPO):
        raise refuse("shares/reissue_ipo", f"{company.id}'s IPO still has shares on sale")
    market = rules.title(state).market
    assert market is not None and company.par is not None
    par = issue_price(market, share_value(rules.title(state), company), company.par, percent,
                      cap_of(state))
    finance = replace(company.finance, capitalisation=INCREMENTAL) \
        if company.finance is not None else Finance(INCREMENTAL)
    company = replace(move_units(company, TREASURY, IPO, own), par=par, finance=finance)
    game = replace(game, passes=0, last_actor=action.player, bought=(), sold_this_turn=False,
                   acting=sequence.next_player(state, action.player))
    state = replace(state.with_company(company), game=game)
    if game.protection:  # his sales this turn wait on their presidents first
        state = protection.offer(rules, state, action.player)
    return bank_cash.settle(state)
