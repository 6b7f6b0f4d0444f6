"""18xx steps for 1825's single-track tiles variant (seed 002, ST-01..ST-13): a game
started with the variant (its tiles and minors come from the implementation's own
``new_game``), the turn's single-track lays, the bank's trains, a train's run and
the facts read back (the run's revenue with the 1870 steps' "the run earns").
``steps.eighteen`` brings these in; no engine is imported.
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, then, when

from steps.eighteen_new_game import operating_turn_only
from steps.eighteen_position import _reload, _start
from steps.world import World

GAME = "18xx"
PLAYERS = ("P1", "P2", "P3")

JSON = dict[str, Any]


def _turn(world: World, **changes: Any) -> None:
    position = world.need_position()
    _reload(world, dict(position, turn=dict(position["turn"], **changes)))


def _company(position: JSON, company: str) -> JSON:
    for c in position["companies"]:
        if c["id"] == company:
            return dict(c)
    raise AssertionError(f"no company {company} in the position")


# -- Given -------------------------------------------------------------------------
@given(parsers.parse('an 18xx "{title}" game with single track in phase "{phase}"'))
def single_track_game(world: World, title: str, phase: str) -> None:
    """The variant's tiles, halts and minors, as ``new_game`` sets them up."""
    position = operating_turn_only(
        world.impl.new_game(GAME, list(PLAYERS), {"title": title, "single_track": "yes"}))
    _start(world, dict(position, phase=phase))


@given(parsers.parse('"{company}" has laid a single-track tile on "{hex_id}" this turn'))
def laid_single_track(world: World, company: str, hex_id: str) -> None:
    """ST-02: the turn's tile lay was a yellow single-track tile (drawn on the board)."""
    assert world.need_position()["turn"]["company"] == company, f"not {company}'s turn"
    _turn(world, tile_lays=1, single_track_hexes=[hex_id])


@given(parsers.parse('"{company}" has laid single-track tiles on "{first}" and "{second}" '
                     'this turn'))
def laid_two_single_track(world: World, company: str, first: str, second: str) -> None:
    assert world.need_position()["turn"]["company"] == company, f"not {company}'s turn"
    _turn(world, tile_lays=1, single_track_hexes=[first, second])


@given(parsers.parse('"{company}" owns no train'))
def owns_no_train(world: World, company: str) -> None:
    position = world.need_position()
    companies = [dict(c, trains=[]) if c["id"] == company else c
                 for c in position["companies"]]
    _reload(world, dict(position, companies=companies))


@given(parsers.parse('the bank has {count:d} "{train}" trains left'))
def bank_trains(world: World, count: int, train: str) -> None:
    """A depot: the position plays the train steps after the token step."""
    position = world.need_position()
    _reload(world, dict(position, depot=dict(position.get("depot", {}), **{train: count})))


# -- When --------------------------------------------------------------------------
def _send(world: World, action: JSON) -> None:
    position = world.need_position()
    if world.notes.pop("dirty", False):
        world.load(GAME, position)
    world.send(action)


@when(parsers.parse('"{company}" runs its "{train}" train over "{path}"'))
def run_train(world: World, company: str, train: str, path: str) -> None:
    _send(world, {"type": "run_routes", "company": company,
                  "routes": [{"train": train, "path": path.split()}]})


# -- Then --------------------------------------------------------------------------
@then(parsers.parse('"{company}" owns a "{train}" train'))
def owns_train(world: World, company: str, train: str) -> None:
    trains = _company(world.need_position(), company)["trains"]
    assert train in trains, f"{company} owns {trains}"


@then(parsers.parse('"{company}" owns no "{train}" train'))
def owns_no_such_train(world: World, company: str, train: str) -> None:
    trains = _company(world.need_position(), company)["trains"]
    assert train not in trains, f"{company} owns {trains}"


@then(parsers.parse('the supply holds {count:d} of tile "{tile}"'))
def supply_left(world: World, tile: str, count: int) -> None:
    left = world.need_position()["supply"].get(tile, 0)
    assert left == count, f"{left} of tile {tile} left"
