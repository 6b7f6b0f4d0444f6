"""Game-neutral steps: verdicts, reason codes and the rulings refusals cite."""

from __future__ import annotations

from pytest_bdd import parsers, then

from steps.world import World


@then("the action is accepted")
def action_accepted(world: World) -> None:
    verdict = world.need_verdict()
    assert verdict.accepted, f"refused with {verdict.code}: {verdict.reason}"


def _refused(world: World, code: str) -> None:
    verdict = world.need_verdict()
    assert not verdict.accepted, "the action was accepted"
    assert verdict.code == code, f"refused with {verdict.code!r}, expected {code!r}"


@then(parsers.re(r'the action is refused with reason "(?P<code>[a-z_]+/[a-z_]+)"$'))
def action_refused(world: World, code: str) -> None:
    _refused(world, code)


@then(parsers.re(r'the action is refused with reason "(?P<code>[a-z_]+/[a-z_]+)" '
                 r"under ruling (?P<ruling>[A-Z]{2}-[A-Z0-9-]+)$"))
def action_refused_under(world: World, code: str, ruling: str) -> None:
    """The refusal names the catalogue ruling it rests on (the protocol's ``ruling``)."""
    _refused(world, code)
    cited = world.need_verdict().ruling
    assert cited == ruling, f"refused citing ruling {cited!r}, expected {ruling!r}"
