"""Game-neutral steps: a new game, verdicts and reason codes."""

from __future__ import annotations

import json

import pytest
from pytest_bdd import given, parsers, then

from steps.tags import node_tags, options_of
from steps.world import World


@then("the action is accepted")
def action_accepted(world: World) -> None:
    verdict = world.need_verdict()
    assert verdict.accepted, f"refused with {verdict.code}: {verdict.reason}"


def _refused(world: World, code: str) -> None:
    """Refused; and, for an engine graded on reasons (a v1 adapter, or a v2 one that
    declares ``level: reasons``), refused with ``code`` (docs/reason-codes.md). An
    engine graded on verdicts passes on the refusal alone. The ruling graded is the
    scenario's tag, never what the engine cites (oracle.protocol.levels)."""
    verdict = world.need_verdict()
    assert not verdict.accepted, "the action was accepted"
    if world.level() == "reasons":
        assert verdict.code == code, f"refused with {verdict.code!r}, expected {code!r}"


@then(parsers.re(r'the action is refused with reason "(?P<code>[a-z_]+/[a-z_]+)"$'))
def action_refused(world: World, code: str) -> None:
    _refused(world, code)


@given(parsers.parse("a new {n:d}-player {game} game"), target_fixture="world")
def new_game(world: World, request: pytest.FixtureRequest, n: int, game: str) -> World:
    """A fresh position from the implementation's own ``new_game``, players p1..pN, under
    the scenario's ``@option`` tags (fuzz drafts start here)."""
    players = [f"p{i}" for i in range(1, n + 1)]
    world.load(game, world.impl.new_game(game, players, options_of(node_tags(request.node))))
    return world


@given(parsers.parse("this {game} position:"), target_fixture="world")
def this_position(world: World, game: str, docstring: str) -> World:
    """A position written out as JSON: where a fuzz draft starts when its game started
    from one of the game's openings (a rules expert redraws it with the game's own
    Given steps before the scenario joins the suite)."""
    world.load(game, json.loads(docstring))
    return world
