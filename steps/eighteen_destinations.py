"""18xx steps for 1870 destinations and connection runs (DS-*), on the canonical JSON.

Brought into ``steps.eighteen`` (the game's step module). A route is written as the
hexes a train runs through, ``H17 H15 H13* H11 ... J3``: the first and last hexes
are its end stops, a ``*`` marks a stop it passes on the way; the hex sides in
between follow from the hex IDs (pointy layout, edges SW W NW NE E SE = 0..5).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from pytest_bdd import given, parsers, then, when

from steps.eighteen_base import _send
from steps.eighteen_position import GAME, _company, _loaded, _position, _reload, _set_company
from steps.world import World

JSON = dict[str, Any]
_HEX = re.compile(r"^([A-Z])([0-9]{1,2})(\*?)$")
#: (row step, column step) -> edge, pointy layout with the letter as the row
_EDGES = {(1, -1): 0, (0, -2): 1, (-1, -1): 2, (-1, 1): 3, (0, 2): 4, (1, 1): 5}


def route_path(text: str) -> list[str]:
    """``"H17 H15 H13* J3"`` as route nodes (``H17.s0``, ``H17.e1``, ...)."""
    hexes = []
    for word in text.split():
        m = _HEX.match(word)
        if not m:
            raise AssertionError(f"not a hex of a route: {word!r}")
        hexes.append((m.group(1), int(m.group(2)), bool(m.group(3))))
    if len(hexes) < 2:
        raise AssertionError("a route names at least two hexes")
    nodes = [f"{hexes[0][0]}{hexes[0][1]}.s0"]
    for (ra, ca, _), (rb, cb, stop) in itertools.pairwise(hexes):
        edge = _EDGES.get((ord(rb) - ord(ra), cb - ca))
        if edge is None:
            raise AssertionError(f"{ra}{ca} and {rb}{cb} are not neighbours")
        nodes.append(f"{ra}{ca}.e{edge}")
        if stop or (rb, cb) == hexes[-1][:2]:
            nodes.append(f"{rb}{cb}.s0")
    return nodes


def _turn(world: World, company: str, step: str, after: str | None) -> None:
    position = _position(world)
    order = list(position["operating_order"])
    for c in (after, company):
        if c is not None and c not in order:
            order.append(c)
    _reload(world, dict(position, operating_order=order,
                        turn={"company": company, "step": step, "tile_lays": 0,
                              "tokened": False, "special_tiles": [], "after": after}))


# -- Given -------------------------------------------------------------------------
@given(parsers.parse('the operating order is {order}'))
def operating_order(world: World, order: str) -> None:
    ids = [o.strip().strip('"') for o in order.split(",")]
    _reload(world, dict(_position(world), operating_order=ids))


@given(parsers.parse('"{company}"\'s share price is {price:d} (market row {row:d}, '
                     'column {col:d})'))
def share_price(world: World, company: str, price: int, row: int, col: int) -> None:
    _set_company(world, company, share_price=price, market=[row, col])


@given(parsers.parse('"{company}"\'s {count:d} shares are held by "{player}"'))
def shares_held(world: World, company: str, count: int, player: str) -> None:
    _set_company(world, company, shares={player: count})


@given(parsers.parse('"{company}" has made its connection run and kept the destination '
                     'token as a $100 token'))
def run_made_charter(world: World, company: str) -> None:
    left = _company(_position(world), company)["tokens_left"]
    _set_company(world, company, destination="charter", tokens_left=left + 1)


@given(parsers.parse('"{company}" made its token on its destination the destination token '
                     'and took a $100 token'))
def run_made_promoted(world: World, company: str) -> None:
    left = _company(_position(world), company)["tokens_left"]
    _set_company(world, company, destination="promoted", tokens_left=left + 1)


@given(parsers.parse('it is "{company}"\'s connection run in the "{step}" step, after '
                     '"{after}"\'s turn'))
def connection_turn(world: World, company: str, step: str, after: str) -> None:
    _turn(world, company, step, after)


@given(parsers.parse('it is "{company}"\'s connection run in the "{step}" step, opening the '
                     'operating round'))
def connection_opening(world: World, company: str, step: str) -> None:
    _turn(world, company, step, None)


@given(parsers.parse('the connection run has earned ${revenue:d}'))
def run_earned(world: World, revenue: int) -> None:
    position = _position(world)
    assert position["turn"]["step"] == "connection_dividend", "not in the dividend step"
    _reload(world, dict(position, turn=dict(position["turn"], revenue=revenue)))


@given(parsers.parse('the bank has {count:d} "{train}" trains and more to come'))
def depot(world: World, count: int, train: str) -> None:
    _reload(world, dict(_position(world), depot={train: count}))


# -- When --------------------------------------------------------------------------
@when(parsers.parse('"{company}" runs its trains'))
def run_trains(world: World, company: str, docstring: str) -> None:
    routes = []
    for line in docstring.splitlines():
        if not line.strip() or line.strip().startswith("#"):
            continue
        train, _, hexes = line.partition(":")
        routes.append({"train": train.strip(), "path": route_path(hexes)})
    _send(world, {"type": "run_routes", "company": company, "routes": routes})


@when(parsers.parse('"{company}" declares a "{kind}" dividend'))
def declare(world: World, company: str, kind: str) -> None:
    _send(world, {"type": "dividend", "company": company, "kind": kind})


@when(parsers.parse('"{company}" buys a "{train}" train'))
def buy(world: World, company: str, train: str) -> None:
    _send(world, {"type": "buy_train", "company": company, "train": train})


# -- Then --------------------------------------------------------------------------
def _connection(world: World, company: str) -> JSON:
    position = _loaded(world)
    answer = world.impl.query(GAME, position, "connection", {"company": company})
    assert isinstance(answer, dict), f"the connection query answered {answer!r}"
    return answer


@then(parsers.parse('"{company}" is eligible for its connection run'))
def is_eligible(world: World, company: str) -> None:
    assert _connection(world, company)["eligible"] is True, f"{company} is not eligible"


@then(parsers.parse('"{company}" is not eligible for its connection run'))
def not_eligible(world: World, company: str) -> None:
    assert _connection(world, company)["eligible"] is False, f"{company} is eligible"


@then(parsers.parse('"{company}" has its destination token on its destination'))
def on_destination(world: World, company: str) -> None:
    made = _company(_position(world), company).get("destination")
    assert made in ("placed", "promoted"), f"{company}'s connection run: {made!r}"


@then(parsers.parse('"{company}" kept its destination token as a $100 token'))
def kept(world: World, company: str) -> None:
    made = _company(_position(world), company).get("destination")
    assert made == "charter", f"{company}'s connection run: {made!r}"


@then(parsers.parse('"{company}" has {count:d} tokens on "{hex_id}"'))
def tokens_on(world: World, company: str, count: int, hex_id: str) -> None:
    found = sum(1 for t in _position(world)["tokens"]
                if t["hex"] == hex_id and t["company"] == company)
    assert found == count, f"{company} has {found} tokens on {hex_id}"


@then(parsers.parse('the run earns ${revenue:d}'))
def earns(world: World, revenue: int) -> None:
    turn = _position(world)["turn"]
    assert turn.get("revenue") == revenue, f"the run earns {turn.get('revenue')}"


@then(parsers.parse('"{company}"\'s share price is {price:d}'))
def price_is(world: World, company: str, price: int) -> None:
    actual = _company(_position(world), company)["share_price"]
    assert actual == price, f"{company}'s share price is {actual}"


@then(parsers.parse('"{player}" has ${cash:d}'))
def player_cash(world: World, player: str, cash: int) -> None:
    actual = next(p["cash"] for p in _position(world)["players"] if p["id"] == player)
    assert actual == cash, f"{player} has {actual}"
