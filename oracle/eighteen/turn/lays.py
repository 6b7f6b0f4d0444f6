"""Tile lays: the checks common to normal and special lays, in the order whose first
refusal is the answer, then the effects. The title's mechanisms are asked at their
hooks (``turn/protocol.py``, ``Mechanism``): ``check_hex`` before the lay allowance,
``check_lay`` after the upgrade and border checks, ``after_lay`` once the tile is down.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.core.errors import MalformedInput
from oracle.eighteen import private_variants
from oracle.eighteen.mechanisms import tile_lays
from oracle.eighteen.model.actions import LayTile
from oracle.eighteen.model.board import MapDef
from oracle.eighteen.model.borders import crossing_edges, off_map_edges
from oracle.eighteen.model.city_map import move_tokens
from oracle.eighteen.model.privates import TilePower
from oracle.eighteen.model.state import Company, LaidTile, State
from oracle.eighteen.model.tiles import TileDef, stop_mapping, upgrade_problem
from oracle.eighteen.routes.graph import end_node, hex_content
from oracle.eighteen.turn.context import refuse
from oracle.eighteen.turn.protocol import Mechanism, RulesContext


def check_upgrade(rules: RulesContext, state: State, hex_id: str, tile: TileDef,
                  rotation: int) -> None:
    board = rules.title(state).map
    found = upgrade_refusal(rules, state, board, hex_content(board, state, hex_id), hex_id,
                            tile, rotation)
    if found is not None:
        raise refuse(found[0], f"tile {tile.id} may not replace what is on {hex_id}",
                     found[1])


def upgrade_refusal(rules: RulesContext, state: State, board: MapDef,
                    content: tuple[TileDef, int], hex_id: str, tile: TileDef,
                    rotation: int) -> tuple[str, str] | None:
    """``check_upgrade``'s refusal (its code and ruling), or None where ``tile`` may
    replace ``content``, what is on ``hex_id`` (``hex_content``), on the title's
    ``board``: the listing asks it for every tile and rotation of a hex, the hex's
    content looked up once and no refusal raised."""
    old, old_rotation = content
    label = board.hexes[hex_id].label_for(tile.colour, old.label)
    halt = rules.single_track.halt_upgrade(state, old, old_rotation, tile, rotation, label)
    problem, ruling = halt if halt is not None else \
        (upgrade_problem(old, old_rotation, tile, rotation, label), "")
    return None if problem is None else (problem, ruling)


def check_borders(rules: RulesContext, state: State, hex_id: str, tile: TileDef,
                  rotation: int) -> None:
    """No track may run to an impassable border edge, nor off the map (base rules,
    no ruling ID; borders.py)."""
    crossed = crossing_edges(rules.title(state).map, hex_id, tile, rotation)
    if crossed:
        raise refuse("tile/crosses_border",
                     f"tile {tile.id} at rotation {rotation} on {hex_id} runs track "
                     f"across the border at edge {crossed[0]}")
    old, old_rotation = hex_content(rules.title(state).map, state, hex_id)
    kept = frozenset((end[1] + old_rotation) % 6 for path in old.paths for end in path
                     if end[0] == "e")
    off = off_map_edges(rules.title(state).map, hex_id, tile, rotation, kept)
    if off:
        raise refuse("tile/off_map", f"tile {tile.id} at rotation {rotation} on {hex_id} "
                     f"runs track off the map at edge {off[0]}")


class TrackReach(Mechanism):
    """The base turn's connection rule of a normal tile lay: the new track touches the
    company's reach (its tokens, the track they reach). Every title has it
    (``turn/registry.py``, ``BASE_RULES``); the rules object asks it."""

    name = "track_reach"

    def connected(self, rules: RulesContext, state: State, company: str, hex_id: str,
                  tile: TileDef, rotation: int) -> bool:
        board = rules.title(state).map
        reach = rules.reach(state, company)
        for path in tile.paths:
            for end in path:
                node = end_node(board, hex_id, end, rotation)
                if node[0] == "side" and node in reach.sides:
                    return True
                if node[0] == "stop" and (hex_id, node[2]) in reach.token_stops:
                    return True
        return False


def terrain_cost(rules: RulesContext, state: State, hex_id: str) -> int:
    """Terrain is paid when the first tile goes on the hex."""
    if state.laid(hex_id) is not None:
        return 0
    return rules.title(state).map.hexes[hex_id].cost


def lay_tile(rules: RulesContext, state: State, company: Company, action: LayTile,
             power: TilePower | None, via: str) -> State:
    """Place a tile after the checks common to normal and special lays."""
    tile = rules.title(state).map.tile(action.tile)
    if tile is None:
        raise MalformedInput("tile", f"unknown tile {action.tile!r}")
    mechanisms = rules.mechanisms(state)
    for mechanism in mechanisms:  # 1870's MRBC home lay (private_variants.py)
        mechanism.check_hex(rules, state, company, action.hex)
    extra = power is not None and power.extra
    allowance = rules.title(state).tile_lays
    if not extra and not tile_lays.lays_left(allowance, state.turn.tile_lays):
        # ST-02: a second yellow single-track tile next to the first one
        extra = power is None and rules.single_track.second_lay(rules, state, company,
                                                           action.hex, tile)
        if not extra:
            raise refuse("tile/no_lays_left", "the turn's tile lay is used",
                         rules.cites(state, via, "tile"))
    if not extra:  # 1870: the second lay is yellow only (tile_lays.py)
        tile_lays.check_later_lay(allowance, state.turn.tile_lays, tile,
                                  rules.cites(state, via, "tile"))
    if tile.colour not in rules.phase_colours(state):
        raise refuse("phase/colour_not_available",
                     f"{tile.colour} tiles are not available in phase {state.phase}",
                     rules.cites(state, via, "tile"))
    if state.supply_of(tile.id) <= 0:
        raise refuse("tile/none_left", f"no tile {tile.id} left")
    rules.check_upgrade(state, action.hex, tile, action.rotation)
    rules.check_borders(state, action.hex, tile, action.rotation)
    for mechanism in mechanisms:  # 1870's river, 1835's water borders, 1825's single track
        mechanism.check_lay(rules, state, company, action.hex, tile, action.rotation)
    if (power is None or power.connected) and not rules.tile_connected(
            state, company.id, action.hex, tile, action.rotation):
        raise refuse("tile/not_connected", f"{company.id} does not reach {action.hex}")
    cost = 0 if power is not None and power.free else rules.single_track.lay_cost(
        rules, state, company, action.hex, tile, rules.terrain_cost(state, action.hex))
    if power is not None and power.discount:  # 1870's MRBC: $40 off the terrain
        cost = max(0, cost - power.discount)
    state = _put_down(rules, rules.pay(state, company, cost), action, tile, extra)
    for mechanism in mechanisms:  # ST-02: 1825 remembers the turn's single-track lays
        state = mechanism.after_lay(rules, state, action.hex, tile, power is not None)
    return rules.after_tile_laid(state, action.hex, via)


def _put_down(rules: RulesContext, state: State, action: LayTile, tile: TileDef,
              extra: bool) -> State:
    """The tile on its hex, the old one back in the supply, the turn's lays counted
    (an extra lay counts none)."""
    # tokens follow their city when the upgrade renumbers it (city_map.py)
    before, before_rotation = hex_content(rules.title(state).map, state, action.hex)
    mapping = stop_mapping(before, before_rotation, tile, action.rotation)
    if mapping is not None:
        state = replace(state, tokens=move_tokens(state, action.hex, mapping))
    old = state.laid(action.hex)
    supply = dict(state.supply)
    supply[tile.id] -= 1
    if old is not None:
        supply[old.tile] = supply.get(old.tile, 0) + 1
    tiles = (*(t for t in state.tiles if t.hex != action.hex),
             LaidTile(action.hex, tile.id, action.rotation))
    turn = state.turn
    if not extra:
        allowance = rules.title(state).tile_lays
        turn = replace(turn, tile_lays=tile_lays.used_after(allowance, turn.tile_lays, tile))
    return replace(state, tiles=tiles, supply=tuple(supply.items()), turn=turn).canonical()


def normal_tile(rules: RulesContext, state: State, company: Company, action: LayTile) -> State:
    if state.turn.step != "track":
        raise refuse("step/wrong_step", "tiles are laid in the tile-lay step")
    rules.hex_or_malformed(state, action.hex)
    blocker = rules.blocked_by(state, action.hex)
    if blocker:
        raise refuse("hex/blocked", f"{action.hex} is blocked while a player owns {blocker}",
                     rules.cites(state, blocker, "blocks"))
    return rules.lay_tile(state, company, action, None, "")


def special_tile(rules: RulesContext, state: State, company: Company, action: LayTile) -> State:
    rules.hex_or_malformed(state, action.hex)
    pdef, pstate = rules.check_private(state, company, action.private)
    power = pdef.tile
    if power is None:
        raise refuse("private/no_tile_power", f"{pdef.id} gives no tile lay",
                     pdef.ruling("tile"))
    if not rules.power_hex_ok(power.hexes(), action.hex):
        raise refuse("private/wrong_hex", f"{pdef.id} lays only on "
                     f"{', '.join(power.hexes())}",
                     pdef.ruling("tile"))
    if not rules.step_allows(power.when, state.turn.step):
        raise refuse("step/wrong_step", f"{pdef.id}'s tile comes in the tile-lay step",
                     pdef.ruling("tile"))
    if pstate.tile_used:
        raise refuse("private/used", f"{pdef.id} has laid its tile", pdef.ruling("tile"))
    sep = pdef.separate_execution
    if pstate.token_used and sep is not None and sep.tile_after_token is False:
        raise refuse("private/tile_after_token",
                     f"{pdef.id}'s tile power is gone after its token",
                     pdef.ruling("tile_after_token"))
    tile = rules.title(state).map.tile(action.tile)
    if tile is None:
        raise MalformedInput("tile", f"unknown tile {action.tile!r}")
    if (power.tile and tile.id not in power.tile) or \
            (power.colour and tile.colour != power.colour):
        raise refuse("private/wrong_tile", f"{pdef.id} may not lay tile {tile.id}",
                     pdef.ruling("tile"))
    home = private_variants.home_lay(rules, state, company, power, action)
    state = rules.lay_tile(state, company, action, home or power, pdef.id)
    if home is not None:  # 1870's MRBC: free and extra at home, no upgrade this round
        state = private_variants.after_home_lay(state, action.hex)
    pstate = replace(pstate, tile_used=True)
    pstate = replace(pstate, closed=rules.closes_now(pdef, pstate))
    turn = replace(state.turn, special_tiles=(*state.turn.special_tiles, pdef.id))
    return replace(state.with_private(pstate), turn=turn)


TRACK_REACH = TrackReach()
