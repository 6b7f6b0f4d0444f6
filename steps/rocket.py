"""Stephenson's Rocket: the ``When`` steps (one action each) and the ``Then`` steps.

Everything goes through ``world`` (the Implementation interface): ``world.send``
for actions, ``world.position`` (the canonical JSON the implementation returned)
for facts, ``world.impl.legal_actions`` and ``world.impl.scores`` for queries.
"""

from __future__ import annotations

import copy

from pytest_bdd import parsers, then, when

from steps.rocket_given import *  # noqa: F403 - the Given steps register on import
from steps.rocket_given import GAME, JSON
from steps.world import World

P = r"(?P<player>p\d)"
LINE = r"(?P<line>[a-z]+)"
SPACE = r"(?P<space>[A-Z]\d+)"
N = r"(?P<n>-?\d+)"


rx = parsers.re


def money(text: str) -> int:
    return int(text.replace(",", ""))


def position(world: World) -> JSON:
    return world.need_position()


def held(world: World, player: str, line: str) -> dict[str, int]:
    shares: dict[str, int] = position(world)["holdings"][player]["shares"].get(
        line, {"real": 0, "supplementary": 0})
    return shares


def legal(world: World) -> list[JSON]:
    return world.impl.legal_actions(GAME, position(world))


# -- When: one action each -------------------------------------------------------------

@when(rx(rf"{P} moves the {LINE} locomotive to {SPACE}"))
def move(world: World, player: str, line: str, space: str) -> None:
    world.send({"type": "move", "player": player, "line": line, "to": space})


@when(rx(rf"{P} asks for a veto round"))
def call_veto(world: World, player: str) -> None:
    world.send({"type": "call_veto", "player": player})


@when(rx(rf"{P} lays the track tile"))
def place_tile(world: World, player: str) -> None:
    world.send({"type": "place_tile", "player": player})


@when(rx(rf"{P} bids {N} shares? to send the locomotive to {SPACE}"))
def bid(world: World, player: str, n: str, space: str) -> None:
    world.send({"type": "veto_bid", "player": player, "shares": int(n), "to": space})


@when(rx(rf"{P} passes in the veto round"))
def veto_pass(world: World, player: str) -> None:
    world.send({"type": "veto_pass", "player": player})


@when(rx(rf"{P} defends {SPACE} with {N} shares?"))
def defend(world: World, player: str, space: str, n: str) -> None:
    world.send({"type": "defend", "player": player, "shares": int(n), "to": space})


@when(rx(rf"{P} gives way to the high bid"))
def concede(world: World, player: str) -> None:
    world.send({"type": "concede", "player": player})


@when(rx(rf"{P} places a station on {SPACE}"))
def place_station(world: World, player: str, space: str) -> None:
    world.send({"type": "place_station", "player": player, "to": space})


@when(rx(rf"{P} moves the station on (?P<source>[A-Z]\d+) to {SPACE}"))
def move_station(world: World, player: str, source: str, space: str) -> None:
    world.send({"type": "move_station", "player": player, "from": source, "to": space})


@when(rx(rf"{P} takes a (?P<industry>[a-z]+) token from (?P<city>[a-z]+)"))
def take_token(world: World, player: str, industry: str, city: str) -> None:
    world.send({"type": "take_token", "player": player, "city": city, "industry": industry})


# -- Then: pieces on the board ---------------------------------------------------------

@then(rx(rf"the {LINE} locomotive stands on {SPACE}"))
def loco_on(world: World, line: str, space: str) -> None:
    ln = position(world)["lines"][line]
    assert ln["loco"] == space, f"the {line} locomotive stands on {ln['loco']}"


@then(rx(rf"a {LINE} track tile lies on {SPACE}"))
def tile_on(world: World, line: str, space: str) -> None:
    ln = position(world)["lines"][line]
    assert space in ln["track"], f"{line} track: {ln['track']}"


@then(rx(rf"no track tile lies on {SPACE}"))
def no_tile_on(world: World, space: str) -> None:
    for lid, ln in position(world)["lines"].items():
        assert space not in ln["track"], f"a {lid} track tile lies on {space}"


@then(rx(r"(?P<n>\d+) track tiles? (is|are) left"))
def tiles_left_now(world: World, n: str) -> None:
    left = position(world)["supply"]["tiles_left"]
    assert left == int(n), f"{left} tiles are left"


@then(rx(r"(?P<n>\d+) imaginary tiles? (has|have) been laid"))
def imaginary(world: World, n: str) -> None:
    got = position(world)["supply"]["imaginary_tiles"]
    assert got == int(n), f"{got} imaginary tiles"


@then(rx(rf"the {LINE} locomotive may move to (?P<spaces>[A-Z0-9, ]+)"))
def may_move_to(world: World, line: str, spaces: str) -> None:
    want = sorted(s.strip() for s in spaces.split(",") if s.strip())
    got = sorted(a["to"] for a in legal(world) if a["type"] == "move" and a["line"] == line)
    assert got == want, f"the {line} locomotive may move to {got}"


@then(rx(rf"the {LINE} locomotive cannot move"))
def cannot_move(world: World, line: str) -> None:
    got = [a["to"] for a in legal(world) if a["type"] == "move" and a["line"] == line]
    assert not got, f"the {line} locomotive may move to {got}"


@then(rx(rf"{P} has a station on {SPACE}"))
def station_on(world: World, player: str, space: str) -> None:
    stations = position(world)["holdings"][player]["stations"]
    assert space in stations, f"{player}'s stations: {stations}"


@then(rx(rf"{P} may not place another station"))
def no_place_station(world: World, player: str) -> None:
    got = [a for a in legal(world) if a["type"] == "place_station" and a["player"] == player]
    assert not got, f"{player} may still place stations: {got[:3]} ..."


@then(rx(rf"{P} may move the station on {SPACE}"))
def may_move_station(world: World, player: str, space: str) -> None:
    got = [a for a in legal(world) if a["type"] == "move_station" and a["from"] == space
           and a["player"] == player]
    assert got, f"{player} may not move the station on {space}"


@then(rx(rf"{P} may not move the station on {SPACE}"))
def may_not_move_station(world: World, player: str, space: str) -> None:
    got = [a for a in legal(world) if a["type"] == "move_station" and a["from"] == space
           and a["player"] == player]
    assert not got, f"{player} may move the station on {space}: {got[:3]} ..."


# -- Then: shares and money ------------------------------------------------------------

@then(rx(rf"player {P} holds {N} shares? of {LINE}"))
def holds_total(world: World, player: str, n: str, line: str) -> None:
    h = held(world, player, line)
    total = h["real"] + h["supplementary"]
    assert total == int(n), f"{player} holds {h['real']} real + {h['supplementary']} " \
                            f"supplementary {line} shares"


@then(rx(rf"player {P} holds {N} real and (?P<m>\d+) supplementary shares? of {LINE}"))
def holds_split(world: World, player: str, n: str, m: str, line: str) -> None:
    h = held(world, player, line)
    assert (h["real"], h["supplementary"]) == (int(n), int(m)), \
        f"{player} holds {h['real']} real + {h['supplementary']} supplementary {line} shares"


@then(rx(rf"the {LINE} pile holds {N} shares?"))
def pile_holds(world: World, line: str, n: str) -> None:
    pile = position(world)["lines"][line]["pile"]
    assert pile == int(n), f"the {line} pile holds {pile}"


@then(rx(rf"{N} {LINE} shares? (is|are) out of the game"))
def discarded(world: World, n: str, line: str) -> None:
    out = position(world)["lines"][line]["discarded"]
    assert out == int(n), f"{out} {line} shares are out of the game"


@then(rx(r"players hold (?P<n>\d+) supplementary shares?"))
def supplementary_held(world: World, n: str) -> None:
    got = position(world)["supply"]["supplementary_issued"]
    assert got == int(n), f"players hold {got} supplementary shares"


@then(rx(rf"player {P} has £(?P<amount>[0-9,]+)"))
def has_money(world: World, player: str, amount: str) -> None:
    got = position(world)["holdings"][player]["money"]
    assert got == money(amount), f"{player} has £{got:,}"


@then(rx(r"nobody has been paid"))
def nobody_paid(world: World) -> None:
    paid = {p: h["money"] for p, h in position(world)["holdings"].items() if h["money"]}
    assert not paid, f"paid: {paid}"


@then(rx(rf"player {P} holds {N} passenger tokens?"))
def passengers(world: World, player: str, n: str) -> None:
    got = position(world)["holdings"][player]["passengers"]
    assert got == int(n), f"{player} holds {got} passenger tokens"


@then(rx(rf"the scores give {P} £(?P<amount>[0-9,]+)"))
def scored(world: World, player: str, amount: str) -> None:
    got = world.impl.scores(GAME, position(world))["scores"][player]
    assert got == money(amount), f"scores give {player} {got}"


# -- Then: lines ----------------------------------------------------------------------

@then(rx(rf"the {LINE} line is (?P<status>active|isolated|dissolved)"))
def line_status(world: World, line: str, status: str) -> None:
    got = position(world)["lines"][line]["status"]
    assert got == status, f"the {line} line is {got}"


@then(rx(rf"the {LINE} line is not isolated"))
def line_not_isolated(world: World, line: str) -> None:
    got = position(world)["lines"][line]["status"]
    assert got == "active", f"the {line} line is {got}"


@then(rx(rf"the {LINE} line has merged into the (?P<into>[a-z]+) line"))
def merged(world: World, line: str, into: str) -> None:
    ln = position(world)["lines"][line]
    assert ln["status"] == "dissolved" and ln["merged_into"] == into, \
        f"the {line} line is {ln['status']}, merged into {ln['merged_into']}"


@then(rx(r"no line has merged"))
def none_merged(world: World) -> None:
    gone = [lid for lid, ln in position(world)["lines"].items() if ln["status"] == "dissolved"]
    assert not gone, f"dissolved: {gone}"


@then(rx(rf"the {LINE} line reaches (?P<place>[a-z]+)"))
def reaches(world: World, line: str, place: str) -> None:
    got = position(world)["lines"][line]["connected"]
    assert place in got, f"the {line} line reaches {got}"


# -- Then: the turn and the veto round ---------------------------------------------------

@then(rx(r"the move waits for its veto round and track tile"))
def move_pending(world: World) -> None:
    pos = position(world)
    assert pos["phase"] == "veto_window", f"phase {pos['phase']}"


@then(rx(r"the move is complete"))
def move_complete(world: World) -> None:
    pos = position(world)
    assert pos["phase"] in ("action", "over"), f"phase {pos['phase']}"
    assert pos["pending"] is None, "a move is still pending"


@then(rx(rf"{P} is next to bid"))
def next_bidder(world: World, player: str) -> None:
    pending = position(world)["pending"]
    assert pending is not None and pending["bidders"][:1] == [player], \
        f"bidders: {pending and pending['bidders']}"


@then(rx(rf"{P} may defend or give way"))
def defence_due(world: World, player: str) -> None:
    pos = position(world)
    assert pos["phase"] == "veto_defence" and pos["turn"]["active"] == player, \
        f"phase {pos['phase']}, active {pos['turn']['active']}"


@then(rx(rf"{P} may ask for a veto round"))
def may_call(world: World, player: str) -> None:
    got = [a for a in legal(world) if a["type"] == "call_veto" and a["player"] == player]
    assert got, f"{player} may not ask for a veto round"


@then(rx(rf"{P} may bid (?P<n>\d+) shares? but not (?P<m>\d+)"))
def bid_limits(world: World, player: str, n: str, m: str) -> None:
    bids = {a["shares"] for a in legal(world) if a["type"] == "veto_bid"
            and a["player"] == player}
    assert int(n) in bids and int(m) not in bids, f"{player} may bid {sorted(bids)}"


@then(rx(rf"{P} has one action left"))
def one_action_left(world: World, player: str) -> None:
    pos = position(world)
    turn = pos["turn"]
    assert pos["phase"] == "action" and turn["active"] == player \
        and turn["actions_taken"] == 1, f"phase {pos['phase']}, turn {turn}"


@then(rx(r"the game is over because (?P<why>the tiles ran out|one line is left)"))
def game_over(world: World, why: str) -> None:
    pos = position(world)
    reason = {"the tiles ran out": "tiles", "one line is left": "one_line"}[why]
    assert pos["phase"] == "over", f"the game is not over (phase {pos['phase']})"
    assert pos["end_reason"] == reason, f"it ended for {pos['end_reason']}"
    assert world.impl.scores(GAME, pos)["over"], "the scores say the game is not over"


@then(rx(r"the game is not over"))
def game_not_over(world: World) -> None:
    pos = position(world)
    assert pos["phase"] != "over", f"the game ended ({pos['end_reason']})"


# -- positions the implementation must refuse -------------------------------------------------

@when(rx(r"a position calling (?P<place>[a-z]+) a (?P<kind>start|railway|city) place is loaded"))
def load_relabelled(world: World, place: str, kind: str) -> None:
    pos = copy.deepcopy(position(world))
    pos["board"]["places"][place]["kind"] = kind
    world.malformed = world.impl.check_position(GAME, pos)


# -- Then: positions the implementation refuses --------------------------------------------

@then(rx(r"the position is refused as malformed at (?P<field>[a-z_.A-Z0-9]+)"))
def position_refused(world: World, field: str) -> None:
    bad = world.malformed
    assert bad is not None, "the implementation accepted the position"
    # the field is our name for it: checked of an engine graded on reasons only, as a
    # refusal's code is (steps/common.py)
    if world.level() == "reasons":
        assert bad.field == field, f"refused at {bad.field}: {bad.message}"


# -- the When step of an action (drafts written by ``railrules fuzz``) ---------------------

_WHEN_TEXT: dict[str, str] = {
    "move": "{player} moves the {line} locomotive to {to}",
    "call_veto": "{player} asks for a veto round",
    "place_tile": "{player} lays the track tile",
    "veto_bid": "{player} bids {shares} shares to send the locomotive to {to}",
    "veto_pass": "{player} passes in the veto round",
    "defend": "{player} defends {to} with {shares} shares",
    "concede": "{player} gives way to the high bid",
    "place_station": "{player} places a station on {to}",
    "move_station": "{player} moves the station on {from} to {to}",
    "take_token": "{player} takes a {industry} token from {city}",
}


def action_step(action: JSON) -> str | None:
    """The text of the When step above that sends ``action`` (None: no step sends it)."""
    text = _WHEN_TEXT.get(str(action.get("type")))
    if text is None:
        return None
    try:
        return text.format_map(action)
    except KeyError:
        return None
