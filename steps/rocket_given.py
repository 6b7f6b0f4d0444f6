"""Stephenson's Rocket: the ``Given`` steps that set a position.

A board is drawn in the notation of docs/rocket-scenarios.md and turned into
canonical JSON by the suite's own builder (``steps.rocket_drawing``, which imports
no engine, so the oracle and an outside engine are judged on the same position);
the steps then edit that JSON (keeping every total right) and load it through the
Implementation interface, which refuses a position that does not add up.
Steps named "has ..." send real actions through ``world`` to reach a position.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pytest_bdd import given, parsers

from steps.rocket_drawing import position_from_drawing
from steps.tags import node_tags, options_of
from steps.world import World

JSON = dict[str, Any]
GAME = "rocket"


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def edit(world: World) -> JSON:
    """A private copy of the current position to change and load again."""
    return copy.deepcopy(world.need_position())


def shares_of(pos: JSON, player: str, line: str) -> dict[str, int]:
    held: dict[str, int] = pos["holdings"][player]["shares"].setdefault(
        line, {"real": 0, "supplementary": 0})
    return held


def send_ok(world: World, action: JSON) -> None:
    verdict = world.send(action, setup=True)
    assert verdict.accepted, f"setting up: {action} refused with {verdict.code}: {verdict.reason}"


@given(parsers.parse("a {n:d}-player game on this board:"), target_fixture="world")
def game_on_board(world: World, request: pytest.FixtureRequest, n: int, docstring: str) -> World:
    # The scenario's @option tags are the options it runs under.
    options = options_of(node_tags(request.node))
    world.load(GAME, position_from_drawing(docstring, players(n), options))
    return world


@given(parsers.re(r"player (?P<player>p\d) holds (?P<n>\d+) real shares? of (?P<line>[a-z]+)"))
def holds_real(world: World, player: str, n: str, line: str) -> None:
    pos = edit(world)
    ln = pos["lines"][line]
    assert ln["pile"] >= int(n), f"the {line} pile has only {ln['pile']} shares"
    ln["pile"] -= int(n)
    shares_of(pos, player, line)["real"] += int(n)
    world.load(GAME, pos)


@given(parsers.re(r"player (?P<player>p\d) holds (?P<n>\d+) supplementary shares? "
                  r"of (?P<line>[a-z]+)"))
def holds_supplementary(world: World, player: str, n: str, line: str) -> None:
    pos = edit(world)
    shares_of(pos, player, line)["supplementary"] += int(n)
    pos["supply"]["supplementary_issued"] += int(n)
    world.load(GAME, pos)


@given(parsers.re(r"player (?P<player>p\d) holds the rest of the (?P<line>[a-z]+) pile"))
def holds_rest(world: World, player: str, line: str) -> None:
    pos = edit(world)
    ln = pos["lines"][line]
    shares_of(pos, player, line)["real"] += ln["pile"]
    ln["pile"] = 0
    world.load(GAME, pos)


@given(parsers.re(r"player (?P<player>p\d) holds (?P<n>\d+) (?P<industry>[a-z]+) tokens? "
                  r"of (?P<city>[a-z]+)"))
def holds_tokens(world: World, player: str, n: str, industry: str, city: str) -> None:
    pos = edit(world)
    left: list[str] = pos["city_tokens"][city]
    for _ in range(int(n)):
        assert industry in left, f"{city} has no {industry} token left"
        left.remove(industry)
    tokens = pos["holdings"][player]["tokens"].setdefault(city, {})
    tokens[industry] = tokens.get(industry, 0) + int(n)
    world.load(GAME, pos)


@given(parsers.re(r"only (?P<n>\d+) track tiles? (is|are) left"))
def tiles_left(world: World, n: str) -> None:
    """The other tiles were laid on parts of the board the drawing leaves out: the
    position format counts them as ``supply.tiles_elsewhere``, nothing more."""
    pos = edit(world)
    supply = pos["supply"]
    moved = supply["tiles_left"] - int(n)
    assert moved >= 0, f"only {supply['tiles_left']} tiles are left already"
    supply["tiles_elsewhere"] += moved
    supply["tiles_left"] = int(n)
    world.load(GAME, pos)


@given(parsers.re(r"it is (?P<player>p\d)'s turn"))
def its_turn(world: World, player: str) -> None:
    pos = edit(world)
    pos["turn"] = {"active": player, "actions_taken": 0, "moved": []}
    world.load(GAME, pos)


@given(parsers.re(r"the (?P<line>[a-z]+) line is isolated"))
def line_isolated(world: World, line: str) -> None:
    """SR-ISO-04: an isolated line's pile leaves the game."""
    pos = edit(world)
    ln = pos["lines"][line]
    ln["status"] = "isolated"
    ln["discarded"] += ln["pile"]
    ln["pile"] = 0
    world.load(GAME, pos)


# -- positions reached by playing ----------------------------------------------------

@given(parsers.re(r"(?P<player>p\d) has moved the (?P<line>[a-z]+) locomotive to "
                  r"(?P<space>[A-Z]\d+)$"))
def has_moved(world: World, player: str, line: str, space: str) -> None:
    send_ok(world, {"type": "move", "player": player, "line": line, "to": space})


@given(parsers.re(r"(?P<player>p\d) has moved the (?P<line>[a-z]+) locomotive to "
                  r"(?P<space>[A-Z]\d+) and the move stands"))
def has_moved_and_stands(world: World, player: str, line: str, space: str) -> None:
    send_ok(world, {"type": "move", "player": player, "line": line, "to": space})
    send_ok(world, {"type": "place_tile", "player": player})


@given(parsers.re(r"(?P<player>p\d) has asked for a veto round"))
def has_called(world: World, player: str) -> None:
    send_ok(world, {"type": "call_veto", "player": player})


@given(parsers.re(r"(?P<player>p\d) has bid (?P<n>\d+) shares? to send it to "
                  r"(?P<space>[A-Z]\d+)"))
def has_bid(world: World, player: str, n: str, space: str) -> None:
    send_ok(world, {"type": "veto_bid", "player": player, "shares": int(n), "to": space})


@given(parsers.re(r"(?P<player>p\d) has passed in the veto round"))
def has_passed(world: World, player: str) -> None:
    send_ok(world, {"type": "veto_pass", "player": player})


@given(parsers.re(r"(?P<player>p\d) has given way to the high bid"))
def has_conceded(world: World, player: str) -> None:
    send_ok(world, {"type": "concede", "player": player})


@given(parsers.re(r"(?P<player>p\d) has taken a (?P<industry>[a-z]+) token from "
                  r"(?P<city>[a-z]+)"))
def has_taken_token(world: World, player: str, industry: str, city: str) -> None:
    send_ok(world, {"type": "take_token", "player": player, "city": city,
                    "industry": industry})
