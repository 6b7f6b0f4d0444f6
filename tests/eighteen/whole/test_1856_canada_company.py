"""1856's Canada Company (titles/g1856.py, ``TCC``): the owning company's extra lay of a
yellow town (3, 4 or 58) on H11, free, connected as its normal lays, once; the private
stays open (18xx.games's ``g_1856`` ability)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from oracle.eighteen.api import API
from oracle.eighteen.model.state import LaidTile, Token
from tests.eighteen.whole.play import act, refused
from tests.eighteen.whole.play1856 import operating

JSON = dict[str, Any]


def _owning(track_to_h11: bool = True) -> JSON:
    """WGB's track step, WGB owning the Canada Company, with a token on G12 whose tile
    57 runs to H11 (or no tile there)."""
    state = API.load(operating(company="WGB", step="track"))
    tcc = state.private("TCC")
    wgb = state.company("WGB")
    assert tcc is not None and wgb is not None
    tiles = (LaidTile("G12", "57", 1),) if track_to_h11 else ()
    supply = tuple((t, n - 1 if t == "57" and track_to_h11 else n) for t, n in state.supply)
    state = replace(state.with_private(replace(tcc, owner="WGB")).with_company(
        replace(wgb, tokens_left=wgb.tokens_left - 1)),
        tiles=tiles, supply=supply, tokens=(*state.tokens, Token("G12", 0, "WGB")))
    return state.canonical().to_json()


LAY = {"type": "lay_tile", "company": "WGB", "hex": "H11", "tile": "4", "rotation": 1,
       "private": "TCC"}


def test_the_canada_company_lays_a_town_on_h11_besides_the_normal_lay() -> None:
    position = _owning()
    after = act(position, LAY)
    assert {"hex": "H11", "tile": "4", "rotation": 1} in after["tiles"]
    assert after["turn"]["tile_lays"] == 0  # the normal lay is still to come
    tcc = next(p for p in after["privates"] if p["id"] == "TCC")
    assert tcc["tile_used"] and not tcc["closed"] and tcc["owner"] == "WGB"
    assert next(c for c in after["companies"] if c["id"] == "WGB")["treasury"] == 500
    refused(after, {**LAY, "tile": "58"}, "private/used")
    assert LAY in API.legal_actions(position)


def test_the_canada_companys_lay_is_connected_and_of_its_tiles() -> None:
    refused(_owning(track_to_h11=False), LAY, "tile/not_connected")
    refused(_owning(), {**LAY, "tile": "57"}, "private/wrong_tile")
