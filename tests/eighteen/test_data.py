"""The title data files: schema, board integrity, manifests, companies, trains,
phases, markets, and spot checks of published facts."""

from __future__ import annotations

import copy

import pytest

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate
from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.load.loader import (
    CATALOGUE,
    DATA,
    TITLE_SCHEMA,
    check_exits,
    check_references,
    load_title_data,
    read_json,
)
from oracle.eighteen.model.board import HexDef, MapDef
from oracle.eighteen.model.coords import neighbour
from oracle.eighteen.model.records import PhaseDef
from oracle.eighteen.model.tiles import make_tile, upgrade_problem
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.options import OPTIONS, TITLE_IDS
from oracle.eighteen.titles import TITLES

ALL = sorted(TITLES)
WHOLE = ("1830", "1835", "1856", "18GA", "18AL", "18Kaas", "1870")


def _title(title_id: str) -> TitleData:
    return TITLES[title_id]


@pytest.mark.parametrize("title_id", ALL)
def test_every_title_has_a_valid_data_file(title_id: str) -> None:
    data = load_title_data(title_id)  # schema-checked on load
    assert data["title"] == title_id
    assert data["sources"]


def test_a_broken_title_file_is_refused_naming_the_field() -> None:
    data = copy.deepcopy(load_title_data("1870"))
    data["hexes"][0]["cost"] = -40
    with pytest.raises(MalformedInput) as err:
        validate(data, DATA, TITLE_SCHEMA, what="1870")
    assert "hexes.0.cost" in str(err.value)


def test_the_loader_checks_the_names_data_refers_to() -> None:
    data = copy.deepcopy(load_title_data("1830"))
    data["companies"][0]["home"] = "Z99"
    data["trains"][0]["rusted_by"] = "9"
    hexes = TITLES["1830"].map.hexes
    assert check_references(data, hexes) == [
        "PRR home Z99 is not on the map", "train 2 rusted_by 9 is unknown"]
    assert check_references(load_title_data("1830"), hexes) == []


@pytest.mark.parametrize(("title_id", "count"), [
    ("1830", 93), ("1835", 127), ("1856", 100), ("18GA", 51), ("18AL", 60), ("18Kaas", 84),
    ("1870", 154), ("1825", 88)])
def test_hex_counts_as_transcribed(title_id: str, count: int) -> None:
    assert len(_title(title_id).map.hexes) == count


def test_the_tile_catalogue_is_data_and_complete() -> None:
    data = read_json("tiles.json")
    ids = [t["id"] for t in data["tiles"]]
    assert len(ids) == len(set(ids)) == len(CATALOGUE)
    assert CATALOGUE["57"].stops[0].revenue == 20


@pytest.mark.parametrize("title_id", WHOLE)
def test_whole_boards_are_marked_whole(title_id: str) -> None:
    assert _title(title_id).board == "whole"


def test_1825_is_unit_1_plus_the_four_kit_hexes() -> None:
    t = _title("1825")
    assert t.board == "units"
    names = {h.name: h.id for h in t.map.hexes.values() if h.name}
    assert names["Hull"] == "N18"
    assert names["Oban"] == "E1"
    assert names["Milford Haven"] == "U1"
    assert names["Devonport & Plymouth"] == "Z4"
    assert names["London"] == "V20"
    assert len(t.map.hexes) == 88


@pytest.mark.parametrize("title_id", ALL)
def test_printed_track_stays_on_the_map_or_is_a_published_exit(title_id: str) -> None:
    board = _title(title_id).map
    assert check_exits(board) == []
    for h in board.hexes.values():
        for edge in range(6):
            other = board.neighbour(h.id, edge)
            assert other is None or other in board.hexes
        for edge in h.exits:  # an exit really leaves the map
            assert neighbour(h.id, edge, board.layout) not in board.hexes


def test_check_exits_names_track_that_leads_nowhere() -> None:
    tile = make_tile("@A2", "gray", "C10", "e0-s0 e3-s0")
    board = MapDef("pointy", {"A2": HexDef("A2", tile)})
    assert check_exits(board) == ["A2 edge 0", "A2 edge 3"]
    board = MapDef("pointy", {"A2": HexDef("A2", tile, exits=(0, 3))})
    assert check_exits(board) == []


@pytest.mark.parametrize("title_id", ALL)
def test_tile_counts_match_the_manifest(title_id: str) -> None:
    t = _title(title_id)
    manifest = load_title_data(title_id)["tiles"]
    assert dict(t.supply) == manifest
    assert all(tile in t.map.catalogue for tile in manifest)
    position = EighteenAPI().new_game(["P1", "P2", "P3"], {"title": title_id})
    assert position["supply"] == dict(sorted(manifest.items()))


@pytest.mark.parametrize("title_id", ALL)
def test_homes_and_destinations_are_cities_on_the_map(title_id: str) -> None:
    t = _title(title_id)
    for c in t.companies:
        if t.board == "region" and not c.home:
            continue  # the home lies outside the modelled region
        home = t.map.hexes[c.home].content
        token_stops = [i for i, s in enumerate(home.stops) if s.holds_tokens]
        assert token_stops, f"{c.id}: {c.home} has no city"
        if c.home_city is not None:
            assert c.home_city in token_stops
        if c.destination:
            # a city or an off-board area; 1856's CV goes to Drumbo's towns (I14)
            assert t.map.hexes[c.destination].content.stops, c.id


@pytest.mark.parametrize("title_id", ALL)
def test_trains_name_trains_and_phases_that_exist(title_id: str) -> None:
    t = _title(title_id)
    names = {tr.name for tr in t.trains}
    phases = {p.name for p in t.phases}
    assert len(names) == len(t.trains)
    for tr in t.trains:
        for other in (tr.rusted_by, tr.obsolete_by):
            assert other is None or other in names, tr.name
        for phase in (tr.starts_phase, tr.available_from):
            assert phase is None or phase in phases, tr.name
        assert all(given in names for given, _ in tr.trade_in)
        assert tr.distance and all(a.kinds for a in tr.distance)
    if t.trains:
        assert all(isinstance(p, PhaseDef) for p in t.phases)


@pytest.mark.parametrize("title_id", [t for t in ALL if TITLES[t].market is not None])
def test_markets_are_grids_with_holes_only_where_published(title_id: str) -> None:
    market = _title(title_id).market
    assert market is not None
    width = len(market.rows[0])
    for row in market.rows:
        assert 0 < len(row) <= width
        cells = [c for c in row if c is not None]
        # holes only lead a row (the lower left of a 2D market)
        assert row[len(row) - len(cells):] == tuple(cells)
        prices = [c.price for c in cells]
        assert prices == sorted(prices)
    for col in range(width):  # prices fall down each column
        column = [r[col].price for r in market.rows if col < len(r) and r[col] is not None]
        assert column == sorted(column, reverse=True)


def test_1870_home_and_destination_pairs() -> None:
    pairs = {c.id: (c.home, c.destination) for c in _title("1870").companies}
    assert pairs == {
        "ATSF": ("B9", "N1"), "SSW": ("H17", "J3"), "SP": ("N1", "N17"),
        "SLSF": ("E12", "M22"), "MP": ("C18", "J5"), "MKT": ("B11", "N1"),
        "IC": ("K16", "A22"), "GMO": ("M20", "C18"), "FW": ("J3", "A2"), "TP": ("J5", "N17"),
    }


def test_1870_off_board_areas_pay_by_phase_colour() -> None:
    t = _title("1870")
    denver = t.map.hexes["A2"].content.stops[0]
    assert denver.kind == "offboard" and denver.values is not None
    colours = {p.name: p.offboard_colour for p in t.phases if isinstance(p, PhaseDef)}
    assert [denver.values.value(colours[n]) for n in ("1", "3", "4", "5", "6", "8")] == \
        [30, 30, 40, 40, 50, 50]
    # Southwest (N1) takes the SP home token; the other areas have no circle
    assert t.map.hexes["N1"].content.stops[0].holds_tokens
    assert not denver.holds_tokens


def test_labels_a_hex_takes_at_a_later_colour() -> None:
    fort_worth = _title("1870").map.hexes["J3"]
    assert fort_worth.future_label == ("brown", "P")
    assert fort_worth.label_for("green", "") == ""
    assert fort_worth.label_for("brown", "") == "P"
    green = CATALOGUE["14"]  # on Fort Worth at rotation 0
    assert upgrade_problem(green, 0, CATALOGUE["170"], 0, "P") is None
    assert upgrade_problem(green, 0, CATALOGUE["63"], 0, "P") == "tile/label_mismatch"
    assert _title("1856").map.hexes["F15"].label_for("brown", "B-L") == "Lon"
    assert _title("1835").map.hexes["E19"].label_for("green", "") == "B"


def test_1870_trains_and_rusting() -> None:
    t = _title("1870")
    assert [(tr.name, tr.price, tr.count) for tr in t.trains] == [
        ("2", 80, 7), ("3", 180, 6), ("4", 300, 5), ("5", 450, 4), ("6", 630, 3),
        ("8", 800, 3), ("10", 950, 2), ("12", 1100, None)]  # unlimited (fwtwr, Rails)
    assert {tr.name: tr.rusted_by for tr in t.trains if tr.rusted_by} == \
        {"2": "4", "3": "6", "4": "8", "5": "12"}


def test_1825_trains_include_the_t_and_u_trains() -> None:
    t = _title("1825")
    u3 = t.train("U3")
    assert u3 is not None and u3.price == 410
    assert {(a.kinds, a.visit, a.pay) for a in u3.distance} == \
        {(frozenset({"city"}), 3, 3), (frozenset({"town"}), 99, 99)}
    prices = {tr.name: tr.price for tr in t.trains}
    assert prices["3T"] == 370 and prices["4T"] == 480
    market = t.market
    assert market is not None and len(market.rows) == 1
    assert {c.id: c.par for c in t.companies} == {
        "LNWR": 100, "GWR": 90, "GER": 76, "LSWR": 76, "SECR": 71, "LBSC": 67}


def test_1830_published_facts() -> None:
    t = _title("1830")
    scranton = t.map.hexes["F16"]
    assert (scranton.cost, scranton.terrain, scranton.name) == (120, "mountain", "Scranton")
    assert t.map.hexes["D12"].borders == (2, 3)
    chicago = t.map.hexes["F2"].content.stops[0]
    assert chicago.values is not None
    assert chicago.values.by_colour == (("yellow", 40), ("brown", 70))
    colours = {p.name: p.offboard_colour for p in t.phases if isinstance(p, PhaseDef)}
    assert colours["4"] == "yellow" and colours["5"] == "brown"
    diesel = t.train("D")
    assert diesel is not None and diesel.available_from == "6"
    assert dict(diesel.trade_in) == {"4": 300, "5": 300, "6": 300}
    market = t.market
    assert market is not None and market.cell(0, 6) is not None
    par = market.cell(0, 6)
    assert par is not None and (par.price, par.zone) == (100, "par")
    assert market.cell(8, 0) is None


def test_1856_and_18ga_published_facts() -> None:
    t1856 = _title("1856")
    goderich = t1856.map.hexes["F9"].content.stops[0]
    assert goderich.kind == "town" and goderich.values is not None
    assert t1856.map.layout == "flat"
    assert t1856.map.tile("125") is not None and t1856.map.tile("125").label == "L"  # type: ignore[union-attr]
    t18ga = _title("18GA")
    assert t18ga.map.hexes["I9"].name == "Waycross"
    assert t18ga.starting_cash == {3: 600, 4: 450, 5: 360}
    assert t18ga.train("8") is not None and t18ga.train("8").count is None  # type: ignore[union-attr]


def test_1870_and_1825_are_pointy_and_their_neighbours_are_published_neighbours() -> None:
    t1870, t1825 = _title("1870"), _title("1825")
    assert t1870.map.layout == t1825.map.layout == "pointy"
    # Kansas City (B11): W Topeka B9, E B13, SW C10, SE C12, NW/NE off the top edge
    assert [t1870.map.neighbour("B11", e) for e in range(6)] == \
        ["C10", "B9", "A10", "A12", "B13", "C12"]
    # London (V20) is surrounded by Unit 1 hexes on all six sides
    assert [t1825.map.neighbour("V20", e) for e in range(6)] == \
        ["W19", "V18", "U19", "U21", "V22", "W21"]


def test_18kaas_rails_sides_turned_into_our_edges_point_into_the_map() -> None:
    board = _title("18Kaas").map
    ruhr = board.hexes["K18"].content  # Ruhrgebied, east of Venlo
    assert [board.neighbour("K18", e) for p in ruhr.paths for k, e in p if k == "e"] == ["K16"]
    brussel = board.hexes["L9"].content  # Brussel, to the south: track runs north
    edges = sorted(e for p in brussel.paths for k, e in p if k == "e")
    assert [board.neighbour("L9", e) for e in edges] == ["K8", "K10"]
    venlo = board.hexes["K16"]
    assert (venlo.cost, venlo.name) == (120, "Venlo")


def test_1835_plus_trains_and_limits_by_company_type() -> None:
    t = _title("1835")
    two_plus_two = t.train("2+2")
    assert two_plus_two is not None and two_plus_two.rusted_by == "4+4"
    assert {(a.kinds, a.visit) for a in two_plus_two.distance} == \
        {(frozenset({"city", "offboard"}), 2), (frozenset({"town"}), 2)}
    phase = t.phase("2.3")
    assert isinstance(phase, PhaseDef)
    assert (phase.train_limit, dict(phase.limits_by_type)) == \
        (3, {"prussian": 4, "major": 3, "minor": 1})
    assert {c.id: c.par for c in t.companies} == {"BA": 84, "WT": 84, "BY": 92}


def test_an_off_board_area_ends_the_track_graph() -> None:
    from oracle.eighteen.model.state import State
    from oracle.eighteen.routes.graph import TrackGraph

    api = EighteenAPI()
    position = api.new_game(["P1", "P2", "P3"], {"title": "1830"})
    state = State.from_json(position)
    graph = TrackGraph(_title("1830").map, state)
    assert graph.blocked("F2", 0, "PRR")  # Chicago: routes end there
    assert not graph.blocked("D2", 0, "PRR")  # Lansing, a gray city, is run through


def test_title_ids_come_from_the_title_table() -> None:
    assert tuple(TITLES) == TITLE_IDS
    title_option = next(o for o in OPTIONS if o.name == "title")
    assert title_option.choices == tuple(TITLES)
    schema = EighteenAPI().position_schema()
    assert schema["properties"]["title"]["enum"] == list(TITLES)


def test_step_names_come_from_the_step_table() -> None:
    """The base steps, then the steps the mechanisms add (turn/registry.py), done last."""
    from oracle.core.errors import MalformedInput
    from oracle.eighteen.turn.registry import STEP_NAMES
    api = EighteenAPI()
    schema = api.position_schema()
    assert schema["properties"]["turn"]["properties"]["step"]["enum"] == list(STEP_NAMES)
    assert STEP_NAMES == ("home", "track", "token", "route", "dividend", "buy_train",
                          "discard_train", "connection_token", "connection_route",
                          "connection_dividend", "loans", "auction", "stock", "done")
    position = api.new_game(["P1", "P2", "P3"], {"title": "1830"})
    bad = dict(position, turn=dict(position["turn"], step="lunch"))
    with pytest.raises(MalformedInput) as err:
        api.validate(bad)
    assert err.value.field == "turn.step"
