"""The lay steps' candidate actions for ``legal_actions``: every tile and rotation on
each hex the company reaches (and the hexes its usable private powers name), every
token spot it reaches or a private names. ``apply`` then keeps the legal ones.

A candidate the step has no handler for is not made at all: the dispatcher refuses it
before anything else (``turn/dispatch.py``, ``step/wrong_step``), and no mechanism's
``intercept`` takes a tile or a token. The plan says which handlers a step has, so a
title's (or a mutant's) own steps are asked, never a list kept here. In the token step
this leaves out every tile lay (some two fifths of the probes of a listing).

Likewise a tile is not tried whose colour the phase does not offer, nor at a rotation
the upgrade check refuses: ``lay_tile`` (``turn/lays.py``) refuses both for every lay,
normal or a private's, so the listing asks the same rules object first and leaves the
rest of each lay to ``apply``."""

from __future__ import annotations

from functools import cache
from typing import Any

from oracle.core.errors import IllegalAction
from oracle.eighteen.model.actions import Action, LayTile, PlaceToken
from oracle.eighteen.model.state import State
from oracle.eighteen.model.tiles import TileDef
from oracle.eighteen.routes.graph import hex_content
from oracle.eighteen.rules import Rules
from oracle.eighteen.turn.compose import TurnPlan
from oracle.eighteen.turn.lays import upgrade_refusal


def _taken(plan: TurnPlan, step: str, action: Action) -> bool:
    """Whether some handler of ``step`` takes actions of ``action``'s kind (and its
    private flag): the dispatcher refuses the others unread."""
    return any(h.handles(action) for h in plan.steps.get(step, ()))


def lay_candidates(rules: Rules, state: State, company_id: str) -> list[Action]:
    title = rules.title(state)
    plan = rules.plan(state)
    step = state.turn.step
    lays = _taken(plan, step, LayTile(company_id, "", "", 0))
    special_lays = _taken(plan, step, LayTile(company_id, "", "", 0, "-"))
    tokens = _taken(plan, step, PlaceToken(company_id, "", 0))
    special_tokens = _taken(plan, step, PlaceToken(company_id, "", 0, "-"))
    out: list[Action] = []
    plain = type(rules).check_upgrade is Rules.check_upgrade
    colours = rules.phase_colours(state)
    tiles = [title.map.catalogue[t] for t, n in state.supply
             if n > 0 and t in title.map.catalogue]
    reach = rules.reach(state, company_id)
    near: set[str] = set()
    if lays:
        near = {n[1] for n in reach.sides} | {h for h, _ in reach.stops}
        for node in reach.sides:  # the hex across a reached side too
            edge_hex = title.map.neighbour(node[1], node[2])
            if edge_hex:
                near.add(edge_hex)
    privates = {pid: pdef for pid, pdef in rules.private_defs(state).items()
                if state.private(pid) is not None}  # those the position lists
    special_tile_hexes: dict[str, list[str]] = {}
    company = state.company(company_id)
    for p in privates.values() if special_lays else ():  # the powers this company may use
        usable = company is not None and rules.may_use(state, p, company)
        for power_hex in p.tile.hexes() if p.tile and usable else ():
            special_tile_hexes.setdefault(power_hex, []).append(p.id)
    token_hexes = {h for h, _ in reach.stops} if tokens else set()
    for p in privates.values() if special_tokens else ():
        token_hexes.update(p.token.hexes if p.token else ())
    # only the hexes where something may be offered, in map order (the same list,
    # without walking every hex of the map for every tile and rotation)
    for hex_id in sorted((near | set(special_tile_hexes) | token_hexes)
                         & title.map.hexes.keys()):
        specials = special_tile_hexes.get(hex_id, ())
        # the rules' own upgrade check, or (not overridden) its refusal without raising,
        # the hex's content looked up once for all its tiles and rotations
        here = hex_content(title.map, state, hex_id) if plain else None
        for tile in tiles if hex_id in near or specials else ():
            if tile.colour not in colours:
                continue
            for rotation in _rotations(tile):
                if here is not None:
                    if upgrade_refusal(rules, state, title.map, here, hex_id, tile,
                                       rotation) is not None:
                        continue
                elif not _fits(rules, state, hex_id, tile, rotation):
                    continue
                if hex_id in near:
                    out.append(LayTile(company_id, hex_id, tile.id, rotation))
                out += [LayTile(company_id, hex_id, tile.id, rotation, pid)
                        for pid in specials]
        if hex_id not in token_hexes:
            continue
        content, _ = hex_content(title.map, state, hex_id)
        for i, stop in enumerate(content.stops):
            if not stop.holds_tokens:
                continue
            if tokens and (hex_id, i) in reach.stops:
                out.append(PlaceToken(company_id, hex_id, i))
            for pdef in privates.values() if special_tokens else ():
                if pdef.token and hex_id in pdef.token.hexes:
                    out.append(PlaceToken(company_id, hex_id, i, pdef.id))
                    if pdef.token.open_bonus:  # 1870's open port (private_variants.py)
                        out.append(PlaceToken(company_id, hex_id, i, pdef.id, True))
    return out


def _fits(rules: Rules, state: State, hex_id: str, tile: TileDef, rotation: int) -> bool:
    """The upgrade check every tile lay passes (``lays.py``, ``lay_tile``: normal and
    private lays alike), asked of the rules object, so a title's or a mutant's upgrade
    rule (1825's halts) is the one asked."""
    try:
        rules.check_upgrade(state, hex_id, tile, rotation)
    except IllegalAction:
        return False
    return True


@cache
def _rotations(tile: TileDef) -> tuple[int, ...]:
    """Rotations that give different track (so each lay is offered once). Tiles are
    fixed data (a title's catalogue): computed once per tile, not per hex and call."""
    seen: set[frozenset[Any]] = set()
    out = []
    for r in range(6):
        paths = tile.rotated_paths(r)
        if paths not in seen:
            seen.add(paths)
            out.append(r)
    return tuple(out)
