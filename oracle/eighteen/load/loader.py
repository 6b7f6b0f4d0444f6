"""The one loader of 18xx data: the tile catalogue (``data/tiles.json``) and each
title's board, tile manifest, companies, trains, phases and market
(``data/<title>.json``), validated against ``data/title.schema.json``.

Mechanisms that the data leaves implicit live here and only here:

* an off-board area pays the value of the latest colour of the phase that it
  lists (a phase of yellow, green and brown pays an area's brown value, a phase
  of yellow and green its yellow value): ``PhaseDef.offboard_colour``;
* a train's first purchase starts the phase that names it (``starts_phase``) is
  written in the data; a train ``distance`` given as a number ``n`` visits and
  pays ``n`` stops of any kind;
* market cells are ``<price><zone letter>``, the letters declared by the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any, Final

from oracle.core.schema import validate
from oracle.eighteen.model.board import HexDef, MapDef, Phase
from oracle.eighteen.model.coords import neighbour
from oracle.eighteen.model.privates import PrivateDef
from oracle.eighteen.model.records import (
    Allowance,
    CompanyDef,
    MarketCell,
    MarketDef,
    OffboardValue,
    PhaseDef,
    TrainType,
)
from oracle.eighteen.model.tiles import COLOURS, TileDef, make_tile
from oracle.eighteen.model.title import PrivatesHook, TitleData
from oracle.eighteen.train_events import unknown as unknown_events

DATA: Final = "oracle.eighteen.data"
TITLE_SCHEMA: Final = "title.schema.json"
TILES_SCHEMA: Final = "tiles.schema.json"
#: stop kinds a plain "n-train" counts
ANY_STOP: Final = frozenset({"city", "town", "offboard"})

JSON = dict[str, Any]


def read_json(name: str) -> JSON:
    text = resources.files(DATA).joinpath(name).read_text(encoding="utf-8")
    data: JSON = json.loads(text)
    return data


def _tile(spec: Mapping[str, Any]) -> TileDef:
    return make_tile(spec["id"], spec["colour"], spec.get("stops", ""), spec.get("track", ""),
                     spec.get("label", ""), track_kind=spec.get("track_kind", "normal"))


@cache
def load_catalogue() -> dict[str, TileDef]:
    """The common tile catalogue, by number."""
    data = read_json("tiles.json")
    validate(data, DATA, TILES_SCHEMA, what="tiles")
    out: dict[str, TileDef] = {}
    for spec in data["tiles"]:
        if spec["id"] in out:
            raise ValueError(f"tile {spec['id']} defined twice in tiles.json")
        out[spec["id"]] = _tile(spec)
    return out


CATALOGUE: Final[dict[str, TileDef]] = load_catalogue()


def _hexes(data: JSON) -> dict[str, HexDef]:
    names: Mapping[str, str] = data.get("names", {})
    table: dict[str, HexDef] = {}
    for group in data["hexes"]:
        printed = group.get("values")
        values = OffboardValue(tuple(printed.items())) if printed else None
        for hex_id in group["hexes"].split():
            if hex_id in table:
                raise ValueError(f"{data['title']}: hex {hex_id} defined twice")
            content = make_tile(f"@{hex_id}", group.get("colour", "white"),
                                group.get("stops", ""), group.get("track", ""),
                                group.get("label", ""), values)
            table[hex_id] = HexDef(
                hex_id, content, group.get("cost", 0), group.get("terrain", ""),
                names.get(hex_id, ""), group.get("unlaid_home_blocks_tokens", False),
                tuple(group.get("borders", ())), tuple(group.get("exits", ())),
                _future_label(group.get("future_label")),
                _future_label(group.get("later_label")))
    unknown = sorted(set(names) - set(table))
    if unknown:
        raise ValueError(f"{data['title']}: names for hexes not on the map: {unknown}")
    return table


def _future_label(spec: Mapping[str, str] | None) -> tuple[str, str] | None:
    return None if spec is None else (spec["colour"], spec["label"])


def _distance(spec: int | list[JSON]) -> tuple[Allowance, ...]:
    if isinstance(spec, int):
        return (Allowance(ANY_STOP, spec, spec),)
    return tuple(Allowance(frozenset(a["kinds"]), a["visit"], a["pay"]) for a in spec)


def _trains(data: JSON) -> tuple[TrainType, ...]:
    return tuple(
        TrainType(name=t["name"], distance=_distance(t["distance"]), price=t["price"],
                  count=t["count"], rusted_by=t.get("rusted_by"),
                  obsolete_by=t.get("obsolete_by"), starts_phase=t.get("starts_phase"),
                  flags=frozenset(t.get("flags", ())), available_from=t.get("available_from"),
                  trade_in=tuple(t.get("trade_in", {}).items()),
                  events=tuple(t.get("events", ())), doubles=frozenset(t.get("doubles", ())))
        for t in data.get("trains", ()))


def _offboard_colours(hexes: Mapping[str, HexDef]) -> set[str]:
    listed: set[str] = set()
    for h in hexes.values():
        for stop in h.content.stops:
            if stop.values is not None:
                listed |= {colour for colour, _ in stop.values.by_colour}
    return listed


def _phases(data: JSON, hexes: Mapping[str, HexDef]) -> tuple[Phase | PhaseDef, ...]:
    listed = _offboard_colours(hexes)
    out: list[Phase | PhaseDef] = []
    for p in data["phases"]:
        colours = tuple(p["colours"])
        if "train_limit" not in p:
            out.append(Phase(p["name"], colours))
            continue
        paid = [c for c in colours if c in listed]
        out.append(PhaseDef(p["name"], colours, p["train_limit"],
                            paid[-1] if paid else colours[0],
                            tuple(p.get("train_limits", {}).items())))
    return tuple(out)


def _market(data: JSON) -> MarketDef | None:
    spec = data.get("market")
    if spec is None:
        return None
    zones: Mapping[str, str] = spec["zones"]
    rows: list[tuple[MarketCell | None, ...]] = []
    for row in spec["rows"]:
        cells: list[MarketCell | None] = []
        for cell in row:
            if cell is None:
                cells.append(None)
                continue
            letter = cell[-1] if cell[-1].isalpha() else ""
            if letter and letter not in zones:
                raise ValueError(f"{data['title']}: market zone {letter!r} is not declared")
            price = int(cell[:-1] if letter else cell)
            cells.append(MarketCell(price, zones[letter] if letter else ""))
        rows.append(tuple(cells))
    return MarketDef(tuple(rows))


def _companies(data: JSON) -> tuple[CompanyDef, ...]:
    return tuple(
        CompanyDef(c["id"], c["name"], c["home"], c.get("city", 0), tuple(c["tokens"]),
                   c.get("destination", ""), c.get("float_percent"), c.get("par"),
                   c.get("token_cost_per_hex", 0))
        for c in data["companies"])


def check_exits(board: MapDef) -> list[str]:
    """Printed track must lead to a hex of the map or be a declared exit."""
    problems = []
    for h in board.hexes.values():
        edges = {end[1] for path in h.content.paths for end in path if end[0] == "e"}
        for edge in sorted(edges):
            if neighbour(h.id, edge, board.layout) not in board.hexes and edge not in h.exits:
                problems.append(f"{h.id} edge {edge}")
    return problems


def check_references(data: JSON, hexes: Mapping[str, HexDef]) -> list[str]:
    """Names that must exist: homes and destinations on the map, trains and phases
    that trains (and the train-trade rule) name."""
    problems = []
    for c in data["companies"]:
        for key in ("home", "destination"):
            hex_id = c.get(key, "")
            if hex_id and hex_id not in hexes:
                problems.append(f"{c['id']} {key} {hex_id} is not on the map")
    trains = {t["name"] for t in data.get("trains", ())}
    phases = {p["name"] for p in data["phases"]}
    for t in data.get("trains", ()):
        for key, known in (("rusted_by", trains), ("obsolete_by", trains),
                           ("starts_phase", phases), ("available_from", phases)):
            if key in t and t[key] not in known:
                problems.append(f"train {t['name']} {key} {t[key]} is unknown")
        problems += [f"train {t['name']} trades in unknown {name}"
                     for name in t.get("trade_in", {}) if name not in trains]
        problems += [f"train {t['name']} names unknown event {name} (train_events.py)"
                     for name in unknown_events(t.get("events", ()))]
    trade_phase = data.get("train_trade", {}).get("from_phase")
    if trade_phase is not None and trade_phase not in phases:
        problems.append(f"train_trade from_phase {trade_phase} is unknown")
    return problems


@cache
def load_title_data(title_id: str) -> JSON:
    """The raw, schema-checked data of a title (``data/<title>.json``)."""
    data = read_json(f"{title_id}.json")
    validate(data, DATA, TITLE_SCHEMA, what=title_id)
    if data["title"] != title_id:
        raise ValueError(f"data/{title_id}.json names title {data['title']!r}")
    return data


def load_title(title_id: str, privates: tuple[PrivateDef, ...] = (),
               privates_hook: PrivatesHook | None = None,
               mechanisms: tuple[str, ...] | None = None) -> TitleData:
    """Build a title from its data file; privates (records with rulings) come from code."""
    data = load_title_data(title_id)
    catalogue = dict(CATALOGUE)
    catalogue.update({t["id"]: _tile(t) for t in data.get("own_tiles", ())})
    unknown = sorted(t for t in data["tiles"] if t not in catalogue)
    if unknown:
        raise ValueError(f"{title_id}: manifest tiles not in the catalogue: {unknown}")
    hexes = _hexes(data)
    for h in hexes.values():
        if h.content.colour not in (*COLOURS, "red", "blue"):
            raise ValueError(f"{title_id}: hex {h.id} has colour {h.content.colour}")
    board = MapDef(data["layout"], hexes, catalogue)
    problems = check_exits(board) + check_references(data, hexes)
    if problems:
        raise ValueError(f"{title_id}: {problems}")
    title = TitleData(
        id=title_id, map=board, phases=_phases(data, hexes), companies=_companies(data),
        privates=privates, supply=dict(data["tiles"]), bank=data.get("bank", 0),
        starting_cash={int(k): v for k, v in data.get("starting_cash", {}).items()},
        tile_lays=data.get("tile_lays", 1),
        train_trade_min_price=data.get("train_trade", {}).get("min_price", 1),
        train_trade_from_phase=data.get("train_trade", {}).get("from_phase", ""),
        sources="; ".join(data["sources"]), trains=_trains(data), market=_market(data),
        board=data["board"], mechanisms=mechanisms)
    return title if privates_hook is None else replace(title, privates_hook=privates_hook)
