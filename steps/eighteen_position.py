"""18xx positions as the steps hold them: the world's canonical JSON, read and changed
field by field (``_company``, ``_set_turn``, ...), loaded through the implementation
(``_reload``, ``_start``), and completed as play leaves a position (``with_homes``:
home tokens the companies that have operated would have placed).
"""

from __future__ import annotations

from typing import Any

from steps.world import World

GAME = "18xx"
PLAYERS = ("P1", "P2", "P3")
JSON = dict[str, Any]


def _position(world: World) -> JSON:
    return world.need_position()


def _entry(position: JSON, section: str, ident: str, what: str) -> JSON:
    """A copy of the record ``ident`` of ``position[section]`` (companies, privates)."""
    for entry in position[section]:
        if entry["id"] == ident:
            return dict(entry)
    raise AssertionError(f"no {what} {ident} in the position")


def _set_entry(world: World, section: str, ident: str, changes: dict[str, Any]) -> None:
    """The position reloaded with ``changes`` made to record ``ident`` of ``section``."""
    position = _position(world)
    entries = [dict(e, **changes) if e["id"] == ident else e for e in position[section]]
    _reload(world, dict(position, **{section: entries}))


def _company(position: JSON, company: str) -> JSON:
    return _entry(position, "companies", company, "company")


def _set_company(world: World, company: str, **changes: Any) -> None:
    _set_entry(world, "companies", company, changes)


def _private(position: JSON, private: str) -> JSON:
    return _entry(position, "privates", private, "private")


def _set_private(world: World, private: str, **changes: Any) -> None:
    _set_entry(world, "privates", private, changes)


def _set_turn(world: World, **changes: Any) -> None:
    position = _position(world)
    _reload(world, dict(position, turn=dict(position["turn"], **changes)))


#: ``world.notes`` key: all the money of the scenario's game, as its new game holds it
_MONEY = "18xx money"


def _reload(world: World, position: JSON) -> None:
    """A Given's change. Money adds up in every position play reaches (the bank's
    cash, the players' cash and the companies' treasuries hold the game's total, and
    ``load`` refuses a position where they do not), so the bank makes up the rest: a
    treasury a Given states comes out of the bank. No 18xx Given states the bank's
    own cash (nor breaks the bank)."""
    total = world.notes.get(_MONEY)
    if total is not None:
        position = dict(position, bank=total - _held(position))
    world.position = with_homes(world, position)
    world.notes["dirty"] = True


def _held(position: JSON) -> int:
    """The money the players and the companies hold."""
    return sum(int(p["cash"]) for p in position["players"]) + \
        sum(int(c["treasury"]) for c in position["companies"])


def _start(world: World, position: JSON) -> None:
    """The implementation's new game, as the scenario's position from here on: the
    money it holds (bank and players) is the game's total."""
    world.game = GAME
    world.notes[_MONEY] = int(position["bank"]) + _held(position)
    _reload(world, position)


def _loaded(world: World) -> JSON:
    """The scenario's position, checked by the implementation once it is complete."""
    position = _position(world)
    if world.notes.pop("dirty", False):
        world.load(GAME, position)
    return world.need_position()


#: the steps in which a company's turn has not yet placed its home token
_BEFORE_HOME = ("home", "done", "auction", "stock")


def _operated(position: JSON, company: JSON) -> bool:
    """Whether the position shows ``company`` has operated: a station on the board, or
    its turn past the home step (a company places its home token first)."""
    turn = position["turn"]
    return company["president"] is not None and (
        any(t["company"] == company["id"] for t in position["tokens"])
        or (turn["company"] == company["id"] and turn["step"] not in _BEFORE_HOME))


def _home_lays(world: World, position: JSON, company: str) -> list[tuple[str, int]]:
    """Where ``company`` would place its home token: the reference engine's legal
    actions in its home step, on the position without its stations (none when the
    title has its home off the board or its city is full)."""
    companies = [dict(c, tokens_left=c["tokens_left"] + sum(
        t["company"] == company for t in position["tokens"])) if c["id"] == company else c
        for c in position["companies"]]
    order = list(position["operating_order"])
    scratch = dict(position, companies=companies,
                   tokens=[t for t in position["tokens"] if t["company"] != company],
                   operating_order=order if company in order else [*order, company],
                   turn={"company": company, "step": "home", "tile_lays": 0,
                         "tokened": False, "special_tiles": []})
    if world.reference_impl().check_position(GAME, scratch) is not None:
        return []
    return [(a["hex"], a.get("city", 0))
            for a in world.reference_impl().legal_actions(GAME, scratch)
            if a["type"] == "place_token" and a.get("private") is None]


#: ``world.notes`` key: the home tokens ``with_homes`` placed, as (company, hex)
_HOMES = "18xx homes completed"
#: (title, options, company) -> the hexes its home step offered: a title's fact, so
#: asked once a run (only a company on none of them is asked again, for its city)
_HOME_HEXES: dict[tuple[str, str, str], frozenset[str]] = {}


def _at_home(world: World, position: JSON, company: str) -> bool:
    """Whether ``company`` has a token on its home hex, or has no home to place."""
    key = (position["title"], repr(sorted(position["options"].items())), company)
    homes = _HOME_HEXES.get(key) or frozenset(
        h for h, _ in _home_lays(world, position, company))
    if homes:  # none offered (a full city, a position not yet whole): asked again later
        _HOME_HEXES[key] = homes
    return not homes or any(t["company"] == company and t["hex"] in homes
                            for t in position["tokens"])


def with_homes(world: World, position: JSON) -> JSON:
    """Every company that has operated with its home token: play places it first, so
    a Given that leaves it out (a board drawn round another city) is completed here,
    where the title puts it (docs/18xx.md, "Reachable positions"). A board drawn later
    that places the home itself takes the place of the completed one."""
    for company in position["companies"]:
        if not _operated(position, company) or _at_home(world, position, company["id"]):
            continue
        lays = _home_lays(world, position, company["id"])
        if not lays or any(t["company"] == company["id"] and t["hex"] == hex_id
                           for t in position["tokens"] for hex_id, _ in lays):
            continue
        hex_id, city = lays[0]
        world.notes.setdefault(_HOMES, []).append((company["id"], hex_id))
        position = dict(position, tokens=[*position["tokens"], {
            "hex": hex_id, "city": city, "company": company["id"]}], companies=[
            dict(c, tokens_left=c["tokens_left"] - 1) if c["id"] == company["id"] else c
            for c in position["companies"]])
    return position
