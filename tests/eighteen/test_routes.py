"""Routes on hand-drawn boards: each rule of the validator, revenue, and the search."""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.load.generated import empty_state
from oracle.eighteen.load.loader import CATALOGUE
from oracle.eighteen.model.board import HexDef, MapDef
from oracle.eighteen.model.records import OffboardValue, PhaseDef
from oracle.eighteen.model.state import LaidTile, State, Token
from oracle.eighteen.model.tiles import Stop, TileDef, make_tile
from oracle.eighteen.routes.revenue import RevenueHooks, VisitedStop, route_revenue
from oracle.eighteen.routes.route import (
    Route,
    RouteContext,
    StopTable,
    check_route,
    check_routes,
    parse_node,
)
from oracle.eighteen.routes.search import best_run, brute_force
from tests.eighteen.route_boards import ALL_TRAINS, SKIPPER, TRAINS_1830, TWO_PLUS_TWO

RED = OffboardValue((("yellow", 30), ("brown", 60)))


def offboard(hex_id: str, through: bool) -> HexDef:
    """A red area: one off-board stop with track to the west (and east if ``through``)."""
    paths = [frozenset({("s", 0), ("e", 1)})]
    if through:
        paths.append(frozenset({("s", 0), ("e", 4)}))
    return HexDef(hex_id, TileDef(f"@{hex_id}", "red", (Stop("offboard", 0, 0),), tuple(paths)))


def line(offboard_at: str = "", through: bool = False) -> MapDef:
    """A row of hexes A1 .. A9 joined west to east."""
    hexes = {h: HexDef(h, make_tile(f"@{h}", "white", "C0" if h != "A3" else ""))
             for h in ("A1", "A3", "A5", "A7", "A9")}
    if offboard_at:
        hexes[offboard_at] = offboard(offboard_at, through)
    return MapDef("pointy", hexes, CATALOGUE)


def state(tiles: dict[str, str], tokens: list[tuple[str, str]]) -> State:
    return replace(empty_state("synthetic", ("CO", "R1")),
                   tiles=tuple(sorted(LaidTile(h, t, 1) for h, t in tiles.items())),
                   tokens=tuple(sorted(Token(h, 0, c) for h, c in tokens)))


#: yellow cities (20) on A1, A5, A7, A9 and straight track on A3, all west-east
LINE_TILES = {"A1": "57", "A3": "9", "A5": "57", "A7": "57", "A9": "57"}


def table(board: MapDef, st: State, phase: PhaseDef | None = None,
          hooks: RevenueHooks | None = None) -> StopTable:
    ctx = RouteContext(ALL_TRAINS, phase, {"A7": RED, "A9": RED}, hooks or RevenueHooks())
    return StopTable(board, st, "CO", ctx)


def route(board: MapDef, train: str, *path: str) -> Route:
    return Route(train, tuple(parse_node(board, p) for p in path))


def test_a_route_is_paid_its_stops() -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO")]))
    r = route(board, "3", "A1.s0", "A1.e4", "A3.e4", "A5.s0", "A5.e4", "A7.s0")
    assert check_route(t, r) == 60
    with pytest.raises(IllegalAction) as err:
        check_route(t, Route("2", r.nodes))
    assert err.value.code == "route/too_long"


@pytest.mark.parametrize(("owned", "total"), [(["2"], 40), (["3"], 60), (["4"], 80),
                                              (["2", "2"], 40), (["D"], 80)])
def test_the_search_on_a_line(owned: list[str], total: int) -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO")]))
    run = best_run(t, owned)
    assert run.total == total == brute_force(t, owned)
    assert check_routes(t, run.routes, owned) == list(run.revenues)


def test_two_tokens_let_two_trains_share_a_city_not_track() -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO"), ("A9", "CO")]))
    run = best_run(t, ["3", "3"])
    # four cities in a row: 60 + 40 either way (the routes meet at a city, not on track)
    assert run.total == 100 == brute_force(t, ["3", "3"])
    a = route(board, "2", "A1.s0", "A1.e4", "A3.e4", "A5.s0")
    with pytest.raises(IllegalAction) as err:
        check_routes(t, [a, a], ["2", "2"])
    assert err.value.code == "route/reused_track"
    b = route(board, "2", "A5.s0", "A5.e4", "A7.s0", "A7.e4", "A9.s0")
    with pytest.raises(IllegalAction) as err:
        check_routes(t, [a, Route("2", b.nodes)], ["2", "2"])
    assert err.value.code == "route/too_long"
    c = route(board, "3", *(["A5.s0", "A5.e4", "A7.s0", "A7.e4", "A9.s0"]))
    assert check_routes(t, [a, c], ["2", "3"]) == [40, 60]


def test_a_route_holds_a_token_of_the_company() -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO")]))
    with pytest.raises(IllegalAction) as err:
        check_route(t, route(board, "2", "A5.s0", "A5.e4", "A7.s0"))
    assert err.value.code == "route/no_token"


def test_a_city_full_of_other_tokens_is_an_end_only() -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO"), ("A5", "R1")]))
    with pytest.raises(IllegalAction) as err:
        check_route(t, route(board, "3", "A1.s0", "A1.e4", "A3.e4", "A5.s0", "A5.e4", "A7.s0"))
    assert err.value.code == "route/blocked_city"
    assert check_route(t, route(board, "3", "A1.s0", "A1.e4", "A3.e4", "A5.s0")) == 40
    assert best_run(t, ["4"]).total == 40


def test_off_board_values_follow_the_phase_and_end_routes() -> None:
    board = line("A7", through=True)
    tiles = {h: t for h, t in LINE_TILES.items() if h != "A7"}
    st = state(tiles, [("A1", "CO")])
    brown = PhaseDef("5", ("yellow", "green", "brown"), 2, "brown")
    r = route(board, "3", "A1.s0", "A1.e4", "A3.e4", "A5.s0", "A5.e4", "A7.s0")
    assert check_route(table(board, st), r) == 70
    assert check_route(table(board, st, brown), r) == 100
    through = route(board, "4", *r.to_json()["path"], "A7.e4", "A9.s0")
    with pytest.raises(IllegalAction) as err:
        check_route(table(board, st), through)
    assert err.value.code == "route/offboard_through"
    assert best_run(table(board, st, brown), ["D"]).total == 100


@pytest.mark.parametrize(("path", "code"), [
    (["A1.s0", "A1.e4", "A5.s0"], "route/not_connected"),
    (["A1.s0", "A1.e4"], "route/bad_ends"),
    (["A1.s0", "A1.e4", "A1.s0"], "route/repeated_node"),
    (["A1.s0"], "route/bad_ends"),
])
def test_malformed_routes_are_refused(path: list[str], code: str) -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO")]))
    with pytest.raises(IllegalAction) as err:
        check_route(t, route(board, "D", *path))
    assert err.value.code == code


def test_trains_run_once_and_must_be_owned() -> None:
    board = line()
    t = table(board, state(LINE_TILES, [("A1", "CO")]))
    r = route(board, "2", "A1.s0", "A1.e4", "A3.e4", "A5.s0")
    with pytest.raises(IllegalAction) as err:
        check_routes(t, [r], ["3"])
    assert err.value.code == "route/no_such_train"
    with pytest.raises(IllegalAction) as err:
        check_route(t, Route("9", r.nodes))
    assert err.value.code == "route/no_such_train"


def test_route_json_round_trips_and_names_sides_canonically() -> None:
    board = line()
    r = route(board, "3", "A1.s0", "A3.e1", "A3.e4", "A5.s0")  # A3.e1 is A1.e4
    assert r.to_json() == {"train": "3", "path": ["A1.s0", "A1.e4", "A3.e4", "A5.s0"]}
    assert Route.from_json(board, r.to_json()) == r


def _stops(*spec: tuple[str, int]) -> list[VisitedStop]:
    return [VisitedStop((f"A{i}", 0), kind, value, i == 1)
            for i, (kind, value) in enumerate(spec, start=1)]


def test_several_allowances_and_skipped_stops() -> None:
    stops = _stops(("city", 20), ("town", 10), ("city", 30), ("town", 10), ("town", 10))
    assert route_revenue(TWO_PLUS_TWO, stops[:4]) == 70
    assert route_revenue(TWO_PLUS_TWO, stops) is None  # three towns
    assert route_revenue(SKIPPER, stops[:4]) == 50  # the best two of four
    assert route_revenue(TRAINS_1830["3"], stops[:3]) == 60


def test_title_hooks() -> None:
    stops = _stops(("city", 20), ("halt", 10), ("city", 30))
    three = TRAINS_1830["3"]
    assert route_revenue(three, stops) == 50  # a halt the train does not list is passed
    hooks = RevenueHooks(hex_bonus={"A3": 20}, double_stops=frozenset({("A1", 0)}))
    assert route_revenue(three, stops, hooks) == 50 + 20 + 20
