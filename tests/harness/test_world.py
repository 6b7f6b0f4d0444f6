"""World.send: what the step code checks after every action, whatever the engine."""

from __future__ import annotations

from typing import Any

import pytest
from toygame import TOY

from oracle.protocol.implementation import JSON
from oracle.protocol.inprocess import InProcess
from steps.world import World


class Scribbler(InProcess):
    """An in-process engine that writes on the position it was handed before refusing."""

    def apply(self, game: str, position: JSON, action: JSON) -> Any:
        verdict = super().apply(game, position, action)
        position["total"] = 0
        return verdict


def _world(impl: InProcess) -> World:
    world = World(impl=impl, invariants={"toy": TOY.conservation})
    world.load("toy", {"game": "toy", "version": 1, "options": {"step_max": 2},
                       "players": ["a", "b"], "total": 9, "limit": 10, "turn": 0})
    return world


def test_a_refusal_that_changes_the_handed_position_fails() -> None:
    world = _world(Scribbler(overrides={"toy": TOY}, games=["toy"]))
    with pytest.raises(AssertionError, match="changed the position it was given"):
        world.send({"type": "add", "n": 2})


def test_an_honest_refusal_leaves_the_position_as_it_was() -> None:
    world = _world(InProcess(overrides={"toy": TOY}, games=["toy"]))
    before = dict(world.need_position())
    verdict = world.send({"type": "add", "n": 2})
    assert not verdict.accepted and verdict.code == "add/past_limit"
    assert verdict.ruling == "TOY-01" and world.position == before
