"""A player exchanging a private for a share (``exchange_private``): 1830's Mohawk &
Hudson for a 10% NYC share.

What the record says (``PrivateDef.exchange``: the company, the sources, the holding
limit) is read here; nothing names a particular private or title (docs/18xx.md,
"Exchanging a private").

The published 1830 rules (the M&H certificate; tobymao/18xx ``g_1830/entities.rb``
agrees: an ``exchange`` ability for NYC from the IPO or the market, owned by a
player, at any time): the player who owns the private may exchange it for a share of
the company, when one is available in the bank (the IPO: its unsold shares) or the
bank pool and he would not then hold more than the limit (60%) of it. He may do so in
his turn of a stock round or between the turns of other players or companies, in
stock and operating rounds alike: in the operating round this oracle plays, at any
step, whichever company operates. It is no purchase: no money moves, the share price
does not move. The private closes (no more revenue, no blocked hex). A company that
owns the private cannot exchange it.

* The position counts shares (``Company.shares``: holder -> count, the president's
  certificate counted as two); a share is ``100 / total`` percent of the company.
* A position that does not say who holds the company's shares has none available.
* A player who then holds more shares than the president becomes president (the
  usual rule on acquiring shares; tobymao's share purchase does the same). A company
  without a president keeps none.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model.actions import ExchangePrivate
from oracle.eighteen.model.privates import ExchangePower
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.turn.context import TurnContext


def check(rules: TurnContext, state: State,
          action: ExchangePrivate) -> tuple[Company, ExchangePower]:
    """The company whose share the player receives and the power, or the refusal."""
    if state.ended is not None or state.turn.step == "done":
        why = f"the game ended ({state.ended})" if state.ended is not None else \
            "the operating round is over"
        raise IllegalAction("turn/round_over", "", f"{why}: nothing more is done in it")
    pdef = rules.private_defs(state).get(action.private)
    pstate = state.private(action.private)
    if pdef is None or pstate is None:
        raise MalformedInput("private", f"no private {action.private!r} in this position")
    if state.player(action.player) is None:
        raise MalformedInput("player", f"unknown player {action.player!r}")
    power = pdef.exchange
    if power is None:
        raise IllegalAction("private/no_exchange_power", "",
                            f"{pdef.id} is never exchanged for a share")
    if pstate.closed:
        raise IllegalAction("private/closed", "", f"{pdef.id} is closed")
    if state.company(pstate.owner or "") is not None:
        raise IllegalAction("private/exchange_company_owned", "", f"{pdef.id} is "
                            f"{pstate.owner}'s: only a player exchanges it")
    if pstate.owner != action.player:
        owner = "the bank's" if pstate.owner is None else f"{pstate.owner}'s"
        raise IllegalAction("private/exchange_not_owner", "",
                            f"{pdef.id} is {owner}, not {action.player}'s")
    if action.of != power.company or action.source not in power.sources:
        raise IllegalAction("private/exchange_terms", "", f"{pdef.id} is exchanged for a "
                            f"share of {power.company} from {' or '.join(power.sources)} "
                            f"only, not of {action.of} from {action.source}")
    company = state.company(power.company)
    if company is None:
        raise MalformedInput("of", f"no company {power.company!r} in this position")
    held = dict(company.shares)
    if held.get(action.source, 0) < 1:
        where = "the IPO" if action.source == "ipo" else "the pool"
        known = "" if held else " (the position does not say who holds its shares)"
        raise IllegalAction("shares/none_available", "",
                            f"{where} holds no share of {company.id}{known}")
    check_limit(power, company, action.player, zone(rules, state, company))
    return company, power


def zone(rules: TurnContext, state: State, company: Company) -> str:
    """The market zone of the company's price ("" where the position gives no cell)."""
    market = rules.title(state).market
    cell = market.cell(*company.market) if market is not None and company.market else None
    return cell.zone if cell is not None else ""


def check_limit(power: ExchangePower, company: Company, player: str, zone: str = "") -> None:
    """The player may not then hold more than the power's limit of the company, unless
    its price is in a zone that lifts the limit (1830: orange and brown)."""
    if zone and zone in power.limit_lifted_in:
        return
    held = dict(company.shares)
    total = sum(held.values())
    if (held.get(player, 0) + 1) * 100 > power.max_percent * total:
        raise IllegalAction("shares/holding_limit", "",
                            f"{player} would hold more than {power.max_percent}% of "
                            f"{company.id} ({held.get(player, 0) + 1} of {total} shares)")


def exchange(rules: TurnContext, state: State, action: ExchangePrivate) -> State:
    """One share moves from the source to the player; the private closes. No money
    moves and the share price stays."""
    company, _ = check(rules, state, action)
    held = dict(company.shares)
    held[action.source] -= 1
    held[action.player] = held.get(action.player, 0) + 1
    president = company.president
    if president is not None and held[action.player] > held.get(president, 0):
        president = action.player
    company = replace(company, president=president,
                      shares=tuple(sorted((h, n) for h, n in held.items() if n)))
    pstate = state.private(action.private)
    assert pstate is not None  # check saw to it
    return state.with_company(company).with_private(replace(pstate, closed=True))


def candidates(rules: TurnContext, state: State) -> list[ExchangePrivate]:
    """Each open private with an exchange power that a player owns, once per source its
    power names (``legal_actions`` keeps those ``apply`` accepts)."""
    out: list[ExchangePrivate] = []
    for pdef in rules.private_defs(state).values():
        pstate = state.private(pdef.id)
        if pdef.exchange is None or pstate is None or pstate.closed or \
                state.player(pstate.owner or "") is None:
            continue
        out += [ExchangePrivate(pstate.owner or "", pdef.id, pdef.exchange.company, source)
                for source in pdef.exchange.sources]
    return out
