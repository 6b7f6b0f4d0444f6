"""Game-neutral steps: verdicts and reason codes."""

from __future__ import annotations

from pytest_bdd import parsers, then

from steps.world import World


@then("the action is accepted")
def action_accepted(world: World) -> None:
    verdict = world.need_verdict()
    assert verdict.accepted, f"refused with {verdict.code}: {verdict.reason}"


@then(parsers.parse('the action is refused with reason "{code}"'))
def action_refused(world: World, code: str) -> None:
    verdict = world.need_verdict()
    assert not verdict.accepted, "the action was accepted"
    assert verdict.code == code, f"refused with {verdict.code!r}, expected {code!r}"
    assert world.position == world.before, "a refused action changed the position"


@then("the action is refused")
def action_refused_any(world: World) -> None:
    verdict = world.need_verdict()
    assert not verdict.accepted, "the action was accepted"
