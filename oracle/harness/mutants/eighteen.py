"""18xx mutants: the oracle with one private-power rule wrong.

Almost every mutant is the same engine given one changed data record (a private's
attribute, a hex's flag, a title's phases). The engine-wide ones go in through the rules
object's constructor (``Rules(mechanisms=..., handlers=...)``, ``turn/registry.py``):
one of the base turn's rules replaced by name by one with one method changed (the
private powers, the track's reach, the token lays, the turn's order), or one step's
handler record swapped. Each names the rulings whose scenarios must kill it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.model.actions import Pass
from oracle.eighteen.model.privates import (
    OWNING_COMPANY,
    OWNING_PLAYERS_COMPANIES,
    PrivateDef,
    TilePower,
)
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.model.title import TitleData, _same
from oracle.eighteen.rules import Rules
from oracle.eighteen.titles import TITLES
from oracle.eighteen.turn.flow import TurnOrder
from oracle.eighteen.turn.lays import TrackReach
from oracle.eighteen.turn.protocol import Mechanism, RulesContext
from oracle.eighteen.turn.steps import SPECIAL_TOKEN
from oracle.eighteen.turn.tokens import TokenLays
from oracle.harness.mutants import Mutant
from oracle.harness.mutants.eighteen_private_powers import (
    _TOKEN_LOST_IGNORED,
    _AnyHex,
    _AnyPlayersCompany,
    _AnyStep,
    _BlockedWhateverOwner,
    _ClosedUsable,
    _OwnTileOnly,
    _TileBeforeThisTurn,
    _TokenGoneAfterTile,
)

GAME = "18xx"


def _titles_with(title_id: str, change: Callable[[TitleData], TitleData]) -> dict[str, TitleData]:
    titles = dict(TITLES)
    titles[title_id] = change(titles[title_id])
    return titles


def _private(title_id: str, private_id: str, **changes: Any) -> Callable[[], EighteenAPI]:
    """A mutant that changes top-level attributes of one private record."""
    def make() -> EighteenAPI:
        titles = _titles_with(title_id, lambda t: t.with_private(private_id, **changes))
        return EighteenAPI(Rules(titles))
    return make


def _power(title_id: str, private_id: str, which: str, **changes: Any) -> Callable[[], EighteenAPI]:
    """A mutant that changes attributes of a private's tile, token or
    separate-execution record."""
    def change(title: TitleData) -> TitleData:
        record = next(p for p in title.privates if p.id == private_id)
        part = getattr(record, which)
        return title.with_private(private_id, **{which: dataclasses.replace(part, **changes)})

    def make() -> EighteenAPI:
        return EighteenAPI(Rules(_titles_with(title_id, change)))
    return make


def _hook(title_id: str, hook: Callable[[Mapping[str, PrivateDef], Mapping[str, Any]],
                                        dict[str, PrivateDef]]) -> Callable[[], EighteenAPI]:
    """A mutant whose title settles its open points without reading the options."""
    def make() -> EighteenAPI:
        return EighteenAPI(Rules(_titles_with(
            title_id, lambda t: dataclasses.replace(t, privates_hook=hook))))
    return make


def _dh_fixed(requires_tile: bool, tile_after_token: bool) -> Callable[
        [Mapping[str, PrivateDef], Mapping[str, Any]], dict[str, PrivateDef]]:
    def hook(privates: Mapping[str, PrivateDef],
             options: Mapping[str, Any]) -> dict[str, PrivateDef]:
        out = dict(privates)
        dh = out["DH"]
        assert dh.token is not None and dh.separate_execution is not None
        out["DH"] = dataclasses.replace(
            dh, token=dataclasses.replace(dh.token, requires_tile_laid=requires_tile),
            separate_execution=dataclasses.replace(dh.separate_execution,
                                                   tile_after_token=tile_after_token))
        return out
    return hook


def _no_baden_block() -> EighteenAPI:
    def change(title: TitleData) -> TitleData:
        hexes = dict(title.map.hexes)
        hexes["L6"] = dataclasses.replace(hexes["L6"], unlaid_home_blocks_tokens=False)
        return dataclasses.replace(title, map=dataclasses.replace(title.map, hexes=hexes))
    return EighteenAPI(Rules(_titles_with("1835", change)))


def _ws_with_tile() -> EighteenAPI:
    """The Rails bug seed 001 reports: the W&S offers a D&H-like tile lay."""
    tile = TilePower(hex="I9", tile=("57",), colour="", when="track", extra=False,
                     connected=False, free=False, reserved=False)
    return EighteenAPI(Rules(_titles_with("18GA", lambda t: t.with_private("WS", tile=tile))))


def _every_colour_every_phase() -> EighteenAPI:
    """Tiles of every colour in every phase (the special tiles' phase check forgotten,
    and with it the normal lays')."""
    def change(title: TitleData) -> TitleData:
        return dataclasses.replace(title, phases=tuple(
            dataclasses.replace(p, colours=("yellow", "green", "brown", "gray"))
            for p in title.phases))
    return EighteenAPI(Rules({key: change(title) for key, title in TITLES.items()}))


def _base(rule: Mechanism) -> Callable[[], EighteenAPI]:
    """The oracle with one of the base turn's rules replaced (``BASE_RULES``)."""
    return lambda: EighteenAPI(Rules(mechanisms={rule.name: rule}))


# -- the track's reach, the token lays, the turn's order ---------------------------------
class _NoConnectionCheck(TrackReach):
    def connected(self, rules: RulesContext, state: State, company: str, hex_id: str,
                  tile: TileDef, rotation: int) -> bool:
        return True


class _ReachFromHomeOnly(TrackReach):
    def connected(self, rules: RulesContext, state: State, company: str, hex_id: str,
                  tile: TileDef, rotation: int) -> bool:
        cdef = rules.title(state).company(company)
        home = cdef.home if cdef else ""
        kept = tuple(t for t in state.tokens if t.company != company or t.hex == home)
        return super().connected(rules, dataclasses.replace(state, tokens=kept), company,
                                 hex_id, tile, rotation)


class _FreeTokens(TokenLays):
    def token_cost(self, rules: RulesContext, state: State, company: Company) -> int:
        return 0


class _HomeOptional(TurnOrder):
    def first_step(self, rules: RulesContext, state: State, company_id: str) -> str:
        return "track"

    def pass_step(self, rules: RulesContext, state: State, company: Company,
                  action: Pass) -> State:
        if state.turn.step == "home":
            return dataclasses.replace(state, turn=dataclasses.replace(state.turn, step="track"))
        return super().pass_step(rules, state, company, action)


#: both lay steps' handler of a private's token, its actions accepted but never listed
_SPECIAL_TOKEN_UNLISTED = dataclasses.replace(SPECIAL_TOKEN, offered=False)


def _ba_home_city_0() -> EighteenAPI:
    def change(title: TitleData) -> TitleData:
        companies = tuple(dataclasses.replace(c, home_city=0) if c.id == "BA" else c
                          for c in title.companies)
        return dataclasses.replace(title, companies=companies)
    return EighteenAPI(Rules(_titles_with("1835", change)))


def _bonus_reading_ignored() -> EighteenAPI:
    titles = dict(TITLES)
    for key in ("1856", "18AL"):
        titles[key] = dataclasses.replace(titles[key], privates_hook=_same)
    return EighteenAPI(Rules(titles))


def _m(name: str, rulings: tuple[str, ...], description: str,
       make: Callable[[], Any]) -> Mutant:
    return Mutant(name, GAME, rulings, description, make)


MUTANTS: list[Mutant] = [
    # 1830 D&H
    _m("18xx_dh_tile_extra", ("TP-DH30-01",), "the D&H tile is an extra tile lay",
       _power("1830", "DH", "tile", extra=True)),
    _m("18xx_dh_tile_free", ("TP-DH30-01",), "the D&H tile does not pay the $120 mountain",
       _power("1830", "DH", "tile", free=True)),
    _m("18xx_dh_tile_needs_connection", ("TP-DH30-01",), "the D&H tile must be connected",
       _power("1830", "DH", "tile", connected=True)),
    _m("18xx_dh_any_tile", ("TP-DH30-01",), "the D&H lays any tile, not only 57",
       _power("1830", "DH", "tile", tile=())),
    _m("18xx_dh_tile_any_step", ("TP-DH30-01",), "the D&H tile may come in the token step",
       _power("1830", "DH", "tile", when="turn")),
    _m("18xx_dh_token_extra", ("TP-DH30-02",), "the D&H token is an extra token",
       _power("1830", "DH", "token", extra=True)),
    _m("18xx_dh_token_paid", ("TP-DH30-02",), "the D&H token costs the normal price",
       _power("1830", "DH", "token", free=False)),
    _m("18xx_dh_token_any_step", ("TP-DH30-02",), "the D&H token may come in the tile step",
       _power("1830", "DH", "token", when="turn")),
    _m("18xx_dh_hex_not_blocked", ("TP-DH30-03",), "F16 is not blocked while a player owns D&H",
       _private("1830", "DH", blocks="")),
    _m("18xx_dh_any_company_of_player", ("TP-DH30-03",),
       "every company of the D&H owner's president may use it",
       _private("1830", "DH", usable_by=OWNING_PLAYERS_COMPANIES)),
    _m("18xx_dh_closes_on_use", ("TP-DH30-03",), "the D&H closes after either power",
       _private("1830", "DH", closes="any")),
    _m("18xx_dh_token_after_other_tile", ("TP-DH30-04",),
       "D&H lays its token after another company tiled F16",
       _power("1830", "DH", "separate_execution", token_survives_other_tile=True)),
    _m("18xx_dh_token_in_later_turn", ("TP-DH30-04",),
       "the D&H token may follow its tile in a later turn",
       _power("1830", "DH", "separate_execution", token_in_later_turn=True)),
    _m("18xx_dh_token_always_needs_tile", ("TP-DH30-05",),
       "the D&H token needs the tile whatever the option says",
       _hook("1830", _dh_fixed(True, True))),
    _m("18xx_dh_tile_never_after_token", ("TP-DH30-05",),
       "the D&H tile is gone after its token whatever the option says",
       _hook("1830", _dh_fixed(False, False))),
    _m("18xx_dh_options_ignored", ("TP-DH30-05",),
       "the D&H's open points fixed to the defaults whatever the options say",
       _hook("1830", _dh_fixed(False, True))),
    # 1835 NF and PfB
    _m("18xx_nf_token_not_extra", ("TP-NF35-01",), "NF's token is not extra",
       _power("1835", "NF", "token", extra=False)),
    _m("18xx_nf_stays_open", ("TP-NF35-01",), "NF does not close after its token",
       _private("1835", "NF", closes="never")),
    _m("18xx_nf_owning_company_only", ("TP-NF35-01",),
       "NF usable only by a company owning it, not by the owner's companies",
       _private("1835", "NF", usable_by=OWNING_COMPANY)),
    _m("18xx_nf_token_step_only", ("TP-NF35-02",),
       "NF token only in the token-lay step even by default", _power("1835", "NF", "token",
                                                                    when="token")),
    _m("18xx_nf_westermann_ignored", ("TP-NF35-02", "TP-PFB35-02"),
       "the Westermann option has no effect", _hook("1835", _same)),
    _m("18xx_pfb_closes_after_tile", ("TP-PFB35-03",), "PfB closes after its tile lay",
       _private("1835", "PfB", closes="any")),
    _m("18xx_pfb_token_same_turn_only", ("TP-PFB35-03",),
       "PfB token only in the turn of its tile lay",
       _power("1835", "PfB", "separate_execution", token_in_later_turn=False)),
    _m("18xx_pfb_token_without_tile", ("TP-PFB35-02",), "PfB token needs no tile on L6",
       _power("1835", "PfB", "token", requires_tile_laid=False)),
    _m("18xx_pfb_ignores_baden_home", ("TP-PFB35-02",),
       "tokens go on L6 before Baden has placed its home", _no_baden_block),
    _m("18xx_pfb_tile_not_extra", ("TP-PFB35-01",), "PfB tile is the turn's tile lay",
       _power("1835", "PfB", "tile", extra=False)),
    _m("18xx_pfb_tile_any_phase", ("TP-PFB35-01",), "green tiles before the green phase",
       _every_colour_every_phase),
    _m("18xx_pfb_any_colour", ("TP-PFB35-01",), "PfB lays tiles of any colour",
       _power("1835", "PfB", "tile", colour="")),
    _m("18xx_home_token_optional", ("TP-PFB35-02",), "a company may skip its home token",
       _base(_HomeOptional())),
    # 1856 W&SR
    _m("18xx_wsr_both_powers", ("TP-WSR56-03",), "W&SR can use both powers (closes after all)",
       _private("1856", "WSR", closes="all")),
    _m("18xx_wsr_tile_extra", ("TP-WSR56-01",), "W&SR tile is an extra lay",
       _power("1856", "WSR", "tile", extra=True)),
    _m("18xx_wsr_hex_not_blocked", ("TP-WSR56-01",), "I12 not blocked while a player owns W&SR",
       _private("1856", "WSR", blocks="")),
    _m("18xx_wsr_token_requires_tile", ("TP-WSR56-02",), "W&SR token needs tile 59 first",
       _power("1856", "WSR", "token", requires_tile_laid=True)),
    _m("18xx_wsr_token_extra", ("TP-WSR56-02",), "W&SR token is extra",
       _power("1856", "WSR", "token", extra=True)),
    # 18GA W&S
    _m("18xx_ws_tile_lay", ("TP-WS18GA-02",), "W&S offers a tile lay (the Rails bug)",
       _ws_with_tile),
    _m("18xx_ws_hex_blocked", ("TP-WS18GA-01",), "I9 blocked while a player owns W&S",
       _private("18GA", "WS", blocks="I9")),
    _m("18xx_ws_token_extra", ("TP-WS18GA-01",), "W&S token is extra",
       _power("18GA", "WS", "token", extra=True)),
    _m("18xx_ws_token_paid", ("TP-WS18GA-01",), "the W&S token costs the normal price",
       _power("18GA", "WS", "token", free=False)),
    _m("18xx_ws_token_any_company", ("TP-WS18GA-01",), "any company may use the W&S",
       _private("18GA", "WS", usable_by=OWNING_PLAYERS_COMPANIES)),
    # 18Kaas D&H
    _m("18xx_kaas_dh_any_tile", ("TP-DH18K-01",), "18Kaas D&H lays any tile (as Rails data)",
       _power("18Kaas", "DH", "tile", tile=())),
    _m("18xx_kaas_dh_on_f16", ("TP-DH18K-01",), "18Kaas D&H kept 1830's hex F16",
       _power("18Kaas", "DH", "tile", hex="F16")),
    # bonus tokens
    _m("18xx_glsc_needs_connection", ("TP-BONUS-01",), "GLSC port marker must be connected",
       _power("1856", "GLSC", "token", connected=True)),
    _m("18xx_glsc_stays_open", ("TP-BONUS-01",), "GLSC stays open after its marker",
       _private("1856", "GLSC", closes="never")),
    _m("18xx_bonus_never_removed", ("TP-BONUS-01",),
       "the port marker never leaves: it still counts from phase 6",
       _power("1856", "GLSC", "token", bonus_removed_in_phase="")),
    _m("18xx_snar_no_connection", ("TP-BONUS-01",), "S&NA coal token unconnected, trainless",
       _power("18AL", "SNAR", "token", connected=False)),
    _m("18xx_bonus_is_station", ("TP-BONUS-01",), "bonus tokens are placed as station tokens",
       _power("1856", "GLSC", "token", bonus=0)),
    _m("18xx_bonus_reading_ignored", ("TP-BONUS-01",), "the bonus-token reading has no effect",
       _bonus_reading_ignored),
    _m("18xx_snar_closes", ("TP-BONUS-01",), "S&NA closes after its coal token",
       _private("18AL", "SNAR", closes="token")),
    # more per-private records
    _m("18xx_wsr_any_tile", ("TP-WSR56-01",), "W&SR lays any tile", _power("1856", "WSR", "tile",
                                                                          tile=())),
    _m("18xx_pfb_token_step_only", ("TP-PFB35-02",), "PfB token only in the token-lay step",
       _power("1835", "PfB", "token", when="token")),
    _m("18xx_pfb_token_not_extra", ("TP-PFB35-02",), "PfB token is the turn's token",
       _power("1835", "PfB", "token", extra=False)),
    _m("18xx_kaas_dh_not_blocked", ("TP-DH18K-01",), "K16 not blocked while a player owns D&H",
       _private("18Kaas", "DH", blocks="")),
    _m("18xx_kaas_dh_token_in_later_turn", ("TP-DH18K-01",), "18Kaas D&H token in a later turn",
       _power("18Kaas", "DH", "separate_execution", token_in_later_turn=True)),
    _m("18xx_kaas_dh_token_paid", ("TP-DH18K-01",), "18Kaas D&H token costs the normal price",
       _power("18Kaas", "DH", "token", free=False)),
    _m("18xx_ba_home_city_fixed", ("TP-PFB35-02",), "Baden's home is fixed to L6 city 0",
       _ba_home_city_0),
    # the engine
    _m("18xx_closed_privates_usable", ("TP-NF35-01", "TP-PFB35-03", "TP-WSR56-03"),
       "a closed private's powers still work", _base(_ClosedUsable())),
    _m("18xx_private_any_player", ("TP-NF35-01", "TP-PFB35-01"),
       "a player's private is usable by any player's company",
       _base(_AnyPlayersCompany())),
    _m("18xx_tokens_free", ("TP-DH30-02",), "normal tokens cost nothing",
       _base(_FreeTokens())),
    _m("18xx_pfb_token_needs_own_tile", ("TP-PFB35-02",),
       "requires_tile_laid read as 'laid with the PfB itself'",
       _base(_OwnTileOnly())),
    _m("18xx_requires_tile_from_earlier_turn", ("TP-DH30-05",),
       "requires_tile_laid read as 'laid before this turn'",
       _base(_TileBeforeThisTurn())),
    _m("18xx_token_lost_ignored", ("TP-DH30-04",), "a lost token power still works",
       lambda: EighteenAPI(Rules(handlers={SPECIAL_TOKEN: _TOKEN_LOST_IGNORED}))),
    _m("18xx_powers_any_hex", ("TP-DH30-01", "TP-DH18K-01", "TP-BONUS-01"),
       "special powers act on any hex", _base(_AnyHex())),
    _m("18xx_token_gone_after_tile", ("TP-DH30-04",),
       "the D&H token is gone as soon as its tile is laid, even in the same turn",
       _base(_TokenGoneAfterTile())),
    _m("18xx_blocked_whatever_owner", ("TP-DH30-03", "TP-WSR56-01"),
       "a blocking private blocks even when a company owns it",
       _base(_BlockedWhateverOwner())),
    _m("18xx_reach_from_home_only", ("TP-NF35-02",),
       "track may start only from the home token", _base(_ReachFromHomeOnly())),
    _m("18xx_legal_omits_special_tokens", ("TP-WS18GA-02",),
       "legal actions never offer a private's token",
       lambda: EighteenAPI(Rules(handlers={SPECIAL_TOKEN: _SPECIAL_TOKEN_UNLISTED}))),
    _m("18xx_specials_any_step", ("TP-NF35-02", "TP-DH30-01", "TP-DH30-02"),
       "special powers ignore their 'when'", _base(_AnyStep())),
    _m("18xx_no_connection_check", ("TP-DH30-01",), "normal tile lays need no connection",
       _base(_NoConnectionCheck())),
]
