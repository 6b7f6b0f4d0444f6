"""Two private powers with a variant (issue 30 item 7; 1870's published private
certificates, the same in tobymao/18xx ``g_1870/entities.rb``). The records say what
applies (``TokenPower.open_bonus``, ``TilePower.home_lay_for``); nothing here names a
private.

* The open port (``open_bonus``, 1870's GSC): a ``place_token`` with the private and
  ``"open": true`` puts the bonus token's open variant: ``value`` for the owning company
  and ``others`` for every other company (``queries.route_table``); it does not close the
  private. A later plain (closed) placement by the same private on the open token's
  city replaces it (``others`` -> 0) and closes the private; refused in the turn the
  open one was placed (``private/replace_same_turn``: ``Turn.special_tokens``; a
  company has one turn an operating round, so a later turn is a later round) and on
  another city (``private/replace_elsewhere``). ``"open"`` with a private that has no
  open variant: ``private/no_open_variant``. The replaced token keeps its hex, private
  and company, so conservation sees no bonus token vanish.
* The free home lay (``home_lay_for``, 1870's MRBC for MP and SSW): a company listed
  there, in its first operating round (``Company.first_round``, set by whoever floats
  it, cleared here when its turn ends), that lays with the power on its home hex, lays
  for no cost and in addition to its normal lays; the hex is then not upgraded in the
  same turn (``Turn.home_lay_hexes``, ``tile/home_lay_no_upgrade``). The lay is the
  power's one use (as the recording engine has it: its MRBC ``tile_lay`` ability, used
  once, is free and extra on the home hex of MP or SSW before they have operated). A
  company owns the private in its first round only by buying it in that round, so "bought
  during its first operating round" is read at the lay.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.actions import LayTile, PlaceToken
from oracle.eighteen.model.privates import PrivateDef, TilePower, TokenPower
from oracle.eighteen.model.state import BonusToken, Company, PrivateState, State
from oracle.eighteen.turn.context import TurnContext

# -- the open port ----------------------------------------------------------------------

def check_open(pdef: PrivateDef, power: TokenPower, action: PlaceToken) -> None:
    if action.open and not power.open_bonus:
        raise IllegalAction("private/no_open_variant", "",
                            f"{pdef.id}'s token has no open variant")


def open_token(state: State, private_id: str) -> BonusToken | None:
    """The private's open token on the map, if any."""
    return next((b for b in state.bonus_tokens if b.private == private_id and b.others),
                None)


def replaces_open(state: State, power: TokenPower, pdef: PrivateDef,
                  action: PlaceToken) -> bool:
    """Is this a closed placement over the private's open token?"""
    return bool(power.open_bonus) and not action.open and \
        open_token(state, pdef.id) is not None


def replace_open(state: State, action: PlaceToken, pdef: PrivateDef,
                 pstate: PrivateState) -> State:
    """The closed token replaces the open one on its city; the private closes."""
    old = open_token(state, pdef.id)
    assert old is not None  # replaces_open saw to it
    if pdef.id in state.turn.special_tokens:
        raise IllegalAction("private/replace_same_turn", "",
                            f"{pdef.id}'s open token is replaced in a later round only")
    if action.hex != old.hex:
        raise IllegalAction("private/replace_elsewhere", "",
                            f"{pdef.id}'s closed token replaces the open one on {old.hex} "
                            f"only, not {action.hex}")
    bonus = tuple(replace(b, others=0) if b == old else b for b in state.bonus_tokens)
    state = replace(state, bonus_tokens=bonus).canonical()
    return used_token(state.with_private(replace(pstate, closed=True)), pdef.id)


def others_value(power: TokenPower, action: PlaceToken) -> int:
    """What a new bonus token adds for the other companies."""
    return power.open_bonus if action.open else 0


def used_token(state: State, private_id: str) -> State:
    """Record the private's token use in the turn."""
    if private_id in state.turn.special_tokens:
        return state
    return replace(state, turn=replace(
        state.turn, special_tokens=(*state.turn.special_tokens, private_id)))


# -- the free home lay ---------------------------------------------------------------------

def home_lay(rules: TurnContext, state: State, company: Company, power: TilePower,
             action: LayTile) -> TilePower | None:
    """The power as the free, extra home lay, or None when that does not apply."""
    cdef = rules.title(state).company(company.id)
    if company.id not in power.home_lay_for or not company.first_round or \
            cdef is None or action.hex != cdef.home:
        return None
    return replace(power, extra=True, free=True, discount=0)


def check_no_upgrade(state: State, hex_id: str) -> None:
    if hex_id in state.turn.home_lay_hexes:
        raise IllegalAction("tile/home_lay_no_upgrade", "",
                            f"{hex_id} had the free home lay this round; it is not "
                            "upgraded in the same round")


def after_home_lay(state: State, hex_id: str) -> State:
    return replace(state, turn=replace(
        state.turn, home_lay_hexes=(*state.turn.home_lay_hexes, hex_id)))


def turn_over(state: State, company_id: str) -> State:
    """The company's turn is over: its first operating round with it."""
    company = state.company(company_id)
    if company is None or not company.first_round:
        return state
    return state.with_company(replace(company, first_round=False))
