"""18xx steps: build positions from the canonical JSON form, send one action,
read facts back from the returned JSON. Only the ``world`` fixture is used.

A board docstring is a small drawing for the reader plus fact lines
``HEX: fact, fact`` that set the position: ``tile 57 rotation 0``,
``token PRR`` and ``token PRR city 1``. Lines without ``HEX:`` are the picture.
"""

from __future__ import annotations

import re

from pytest_bdd import given, parsers, then, when

from steps.eighteen_new_game import operating_turn_only
from steps.eighteen_position import (
    _HOMES,
    GAME,
    JSON,
    PLAYERS,
    _company,
    _loaded,
    _position,
    _private,
    _reload,
    _set_company,
    _set_private,
    _set_turn,
    _start,
)
from steps.world import World

_FACT_LINE = re.compile(r"^\s*([A-Z][0-9]{1,2}):\s*(.+?)\s*$")
_TILE = re.compile(r"^tile (\S+) rotation ([0-5])$")
_TOKEN = re.compile(r"^token (\S+?)(?: city ([0-9]))?$")
#: 1870: a destination token (DS-11, DS-12), placed by the company's connection run
_DESTINATION = re.compile(r"^destination token (\S+?)(?: city ([0-9]))?$")
#: TP-BONUS-01: a bonus token a private placed earlier (the port marker, the coal token)
_BONUS = re.compile(r"^bonus token (\S+) \+([0-9]+) from (\S+)$")



# -- Given -------------------------------------------------------------------------
@given(parsers.parse('an 18xx "{title}" game in phase "{phase}"'))
def new_game(world: World, title: str, phase: str) -> None:
    position = operating_turn_only(world.impl.new_game(GAME, list(PLAYERS), {"title": title}))
    _start(world, dict(position, phase=phase))


@given(parsers.parse('the game is in phase "{phase}"'))
def in_phase(world: World, phase: str) -> None:
    _reload(world, dict(_position(world), phase=phase))


@given("every private is closed")
def all_privates_closed(world: World) -> None:
    position = _position(world)
    _reload(world, dict(position, privates=[dict(p, closed=True)
                                            for p in position["privates"]]))


@given(parsers.parse('the option "{name}" is "{value}"'))
def set_option(world: World, name: str, value: str) -> None:
    position = _position(world)
    _reload(world, dict(position, options=dict(position["options"], **{name: value})))


@given(parsers.parse('"{company}" is run by "{player}" with ${cash:d} in treasury'))
def company_run_by(world: World, company: str, player: str, cash: int) -> None:
    _set_company(world, company, president=player, treasury=cash)


@given(parsers.parse('"{company}" owns a "{train}" train'))
def company_train(world: World, company: str, train: str) -> None:
    trains = _company(_position(world), company)["trains"]
    _set_company(world, company, trains=[*trains, train])


@given("the board", target_fixture="board_drawing")
def board(world: World, docstring: str) -> str:
    position = _position(world)
    tiles = {t["hex"]: t for t in position["tiles"]}
    tokens = list(position["tokens"])
    bonus = list(position["bonus_tokens"])
    supply = dict(position["supply"])
    companies = {c["id"]: dict(c) for c in position["companies"]}
    for line in docstring.splitlines():
        m = _FACT_LINE.match(line)
        if not m:
            continue
        hex_id, facts = m.group(1), m.group(2)
        for fact in (f.strip() for f in facts.split("--")[0].split(",")):
            if tm := _TILE.match(fact):
                if hex_id in tiles:
                    supply[tiles[hex_id]["tile"]] += 1
                tiles[hex_id] = {"hex": hex_id, "tile": tm.group(1), "rotation": int(tm.group(2))}
                supply[tm.group(1)] = supply.get(tm.group(1), 0) - 1
            elif dm := _DESTINATION.match(fact):
                tokens.append({"hex": hex_id, "city": int(dm.group(2) or 0),
                               "company": dm.group(1)})
                companies[dm.group(1)]["destination"] = "placed"
            elif bm := _BONUS.match(fact):
                bonus.append({"hex": hex_id, "private": bm.group(3), "company": bm.group(1),
                              "value": int(bm.group(2))})
            elif km := _TOKEN.match(fact):
                company = km.group(1)
                if (company, hex_id) in world.notes.get(_HOMES, []):  # drawn after all
                    world.notes[_HOMES].remove((company, hex_id))
                    tokens = [t for t in tokens
                              if (t["company"], t["hex"]) != (company, hex_id)]
                    companies[company]["tokens_left"] += 1
                tokens.append({"hex": hex_id, "city": int(km.group(2) or 0), "company": company})
                companies[company]["tokens_left"] -= 1
            elif fact:
                raise AssertionError(f"unknown board fact {fact!r} on {hex_id}")
    _reload(world, dict(position, tiles=list(tiles.values()), tokens=tokens, supply=supply,
                        bonus_tokens=bonus,
                        companies=[companies[c["id"]] for c in position["companies"]]))
    return docstring


@given(parsers.parse('the private "{private}" is owned by "{owner}"'))
def private_owner(world: World, private: str, owner: str) -> None:
    _set_private(world, private, owner=owner)


@given(parsers.parse('the private "{private}" has used its tile power in an earlier turn'))
def private_tile_earlier(world: World, private: str) -> None:
    _set_private(world, private, tile_used=True)


@given(parsers.parse('the private "{private}" has used its tile power this turn'))
def private_tile_this_turn(world: World, private: str) -> None:
    _set_private(world, private, tile_used=True)
    turn = _position(world)["turn"]
    _set_turn(world, special_tiles=[*turn["special_tiles"], private])


@given(parsers.parse('the private "{private}" has used its token power'))
def private_token_used(world: World, private: str) -> None:
    _set_private(world, private, token_used=True)


@given(parsers.parse('the private "{private}" has lost its token power'))
def private_token_lost(world: World, private: str) -> None:
    _set_private(world, private, token_lost=True)


@given(parsers.parse('the private "{private}" is closed'))
def private_closed(world: World, private: str) -> None:
    _set_private(world, private, closed=True)


@given(parsers.parse('it is "{company}"\'s turn in the "{step}" step'))
def turn_of(world: World, company: str, step: str) -> None:
    position = _position(world)
    order = list(position["operating_order"]) or [company]
    if company not in order:
        order.append(company)
    _reload(world, dict(position, operating_order=order,
                        turn={"company": company, "step": step, "tile_lays": 0,
                              "tokened": False, "special_tiles": []}))


def _operating(world: World, company: str) -> None:
    """A Given about "this turn" is about the operating company's turn."""
    operating = _position(world)["turn"]["company"]
    assert operating == company, f"it is {operating}'s turn, not {company}'s"


@given(parsers.parse('"{company}" has used its tile lay this turn'))
def used_tile_lay(world: World, company: str) -> None:
    _operating(world, company)
    _set_turn(world, tile_lays=1)


@given(parsers.parse('"{company}" has placed its token this turn'))
def used_token(world: World, company: str) -> None:
    _operating(world, company)
    _set_turn(world, tokened=True)


# -- When --------------------------------------------------------------------------
def _send(world: World, action: JSON) -> None:
    _loaded(world)
    world.send(action)


@when(parsers.parse('"{company}" lays tile "{tile}" on "{hex_id}" with rotation {rotation:d}'))
def lay_tile(world: World, company: str, tile: str, hex_id: str, rotation: int) -> None:
    _send(world, {"type": "lay_tile", "company": company, "hex": hex_id, "tile": tile,
                  "rotation": rotation})


@when(parsers.parse('"{company}" lays tile "{tile}" on "{hex_id}" with rotation {rotation:d} '
                    'using "{private}"'))
def lay_special_tile(world: World, company: str, tile: str, hex_id: str, rotation: int,
                     private: str) -> None:
    _send(world, {"type": "lay_tile", "company": company, "hex": hex_id, "tile": tile,
                  "rotation": rotation, "private": private})


@when(parsers.parse('"{company}" places a token on "{hex_id}"'))
def place_token(world: World, company: str, hex_id: str) -> None:
    _send(world, {"type": "place_token", "company": company, "hex": hex_id, "city": 0})


@when(parsers.parse('"{company}" places a token on "{hex_id}" city {city:d}'))
def place_token_city(world: World, company: str, hex_id: str, city: int) -> None:
    _send(world, {"type": "place_token", "company": company, "hex": hex_id, "city": city})


@when(parsers.parse('"{company}" places a token on "{hex_id}" using "{private}"'))
def place_special_token(world: World, company: str, hex_id: str, private: str) -> None:
    _send(world, {"type": "place_token", "company": company, "hex": hex_id, "city": 0,
                  "private": private})


@when(parsers.parse('"{company}" places a token on "{hex_id}" city {city:d} using "{private}"'))
def place_special_token_city(world: World, company: str, hex_id: str, city: int,
                             private: str) -> None:
    _send(world, {"type": "place_token", "company": company, "hex": hex_id, "city": city,
                  "private": private})


@when(parsers.parse('"{company}" passes'))
def pass_step(world: World, company: str) -> None:
    _send(world, {"type": "pass", "company": company})


@when("the legal actions are listed")
def list_legal(world: World) -> None:
    position = _loaded(world)
    world.notes["legal"] = world.impl.legal_actions(GAME, position)


# -- Then --------------------------------------------------------------------------
def _legal(world: World) -> list[JSON]:
    legal = world.notes.get("legal")
    assert isinstance(legal, list), "the legal actions were not listed"
    return legal


@then(parsers.parse('"{hex_id}" holds tile "{tile}"'))
def holds_tile(world: World, hex_id: str, tile: str) -> None:
    tiles = {t["hex"]: t["tile"] for t in _position(world)["tiles"]}
    assert tiles.get(hex_id) == tile, f"{hex_id} holds {tiles.get(hex_id)!r}"


@then(parsers.parse('"{company}" has a token on "{hex_id}"'))
def has_token(world: World, company: str, hex_id: str) -> None:
    assert any(t["hex"] == hex_id and t["company"] == company
               for t in _position(world)["tokens"]), f"no {company} token on {hex_id}"


@then(parsers.parse('"{company}" has a token on "{hex_id}" city {city:d}'))
def has_token_city(world: World, company: str, hex_id: str, city: int) -> None:
    assert {"hex": hex_id, "city": city, "company": company} in _position(world)["tokens"]


@then(parsers.parse('"{company}" has ${cash:d} in treasury'))
def treasury(world: World, company: str, cash: int) -> None:
    actual = _company(_position(world), company)["treasury"]
    assert actual == cash, f"{company} has {actual}"


@then(parsers.parse('"{company}" has {count:d} tokens left'))
def tokens_left(world: World, company: str, count: int) -> None:
    actual = _company(_position(world), company)["tokens_left"]
    assert actual == count, f"{company} has {actual} tokens left"


@then(parsers.parse('the private "{private}" is closed'))
def is_closed(world: World, private: str) -> None:
    assert _private(_position(world), private)["closed"], f"{private} is open"


@then(parsers.parse('the private "{private}" is open'))
def is_open(world: World, private: str) -> None:
    assert not _private(_position(world), private)["closed"], f"{private} is closed"


@then(parsers.parse('the private "{private}" has lost its token power'))
def has_lost(world: World, private: str) -> None:
    assert _private(_position(world), private)["token_lost"], f"{private} keeps its token"


@then(parsers.parse('the private "{private}" keeps its token power'))
def keeps_token(world: World, private: str) -> None:
    p = _private(_position(world), private)
    assert not p["token_lost"] and not p["token_used"] and not p["closed"]


#: What a company does next, as the rules say it -> the step the position names for it
#: (docs/18xx.md, docs/18xx-destinations.md). Thens say what comes next in these words,
#: read at the next decision (steps/world.py), never a step name of the oracle's.
NEXT: dict[str, str] = {
    "places its home token": "home",
    "lays track": "track",
    "places a token": "token",
    "runs its trains": "route",
    "pays or withholds": "dividend",
    "buys trains": "buy_train",
    "places or keeps its destination token": "connection_token",
    "runs to its destination": "connection_route",
    "pays or withholds its connection run": "connection_dividend",
}
_NEXT = "|".join(re.escape(words) for words in sorted(NEXT, key=len, reverse=True))


@then(parsers.re(rf'"(?P<company>[^"]+)" (?P<words>{_NEXT}) next$'))
def acts_next(world: World, company: str, words: str) -> None:
    turn = _position(world)["turn"]
    shown = next((w for w, s in NEXT.items() if s == turn["step"]), turn["step"])
    assert (turn["company"], turn["step"]) == (company, NEXT[words]), \
        f"{turn['company']} {shown} next"


def _same_turn(world: World) -> JSON | None:
    """The turn at the next decision if it is still the When's company's, in a step
    whose bookkeeping counts (tile lays, the token lay), else None: its turn has moved
    on, as an engine that plays forced passes shows at once (oracle.protocol.levels)
    and any engine shows once nothing is left for it to do."""
    before = world.before or {}
    company = (before.get("turn") or {}).get("company")
    turn: JSON = _position(world)["turn"]
    if turn["company"] == company and turn["step"] in ("home", "track", "token"):
        return turn
    return None


@then(parsers.parse('the turn has used {count:d} tile lays'))
def tile_lays_used(world: World, count: int) -> None:
    """Counted while the company's turn lasts; a turn that has moved on used its lays,
    which only a count of none contradicts."""
    turn = _same_turn(world)
    if turn is None:
        assert count > 0, "the turn moved on: its tile lays cannot be read as unused"
        return
    assert turn["tile_lays"] == count, f"{turn['tile_lays']} tile lays used"


@then("the turn has used its token lay")
def token_lay_used(world: World) -> None:
    """The company may place no other token this turn: its turn shows the lay used, or
    has moved past its token step (nothing was left to do there)."""
    turn = _same_turn(world)
    assert turn is None or turn["tokened"], "the token lay is still free"


@then("the turn has not used its token lay")
def token_lay_free(world: World) -> None:
    assert not _position(world)["turn"]["tokened"], "the token lay is used"


@then(parsers.parse('"{company}" has a bonus token worth {value:d} on "{hex_id}"'))
def bonus_token(world: World, company: str, value: int, hex_id: str) -> None:
    assert any(b["hex"] == hex_id and b["company"] == company and b["value"] == value
               for b in _position(world)["bonus_tokens"]), "no such bonus token"


@then(parsers.parse('the legal actions include no tile lay using "{private}"'))
def legal_no_tile(world: World, private: str) -> None:
    bad = [a for a in _legal(world) if a["type"] == "lay_tile" and a.get("private") == private]
    assert not bad, f"offered {bad[:3]}"


@then(parsers.parse('the legal actions include a token on "{hex_id}" using "{private}"'))
def legal_has_token(world: World, hex_id: str, private: str) -> None:
    assert any(a["type"] == "place_token" and a["hex"] == hex_id
               and a.get("private") == private for a in _legal(world))
