"""Connections (SR-TWN-*), mergers (SR-MRG-*), isolation (SR-ISO-*) and the end."""

from __future__ import annotations

from oracle.rocket.holdings import add_token, set_holding
from oracle.rocket.state import DISSOLVED, ISOLATED, OVER, State
from tests.rocket.helpers import RULES, act, drawn, give_shares


def finish_move(s: State, player: str, line: str, to: str) -> State:
    s = act(s, type="move", player=player, line=line, to=to)
    return act(s, type="place_tile", player=player)


def with_token(s: State, player: int, city: str, industry: str) -> State:
    s = set_holding(s, player, add_token(s.holdings[player], city, industry))
    ci = s.board.cities.index(city)
    left = list(s.city_tokens[ci])
    left.remove(industry)
    tokens = list(s.city_tokens)
    tokens[ci] = tuple(left)
    return s.evolve(city_tokens=tuple(tokens))


CITY = """
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO y@ .  LO .  .
C  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .
E  LE .  .  .  .  DO .
"""


def test_a_new_city_pays_its_token_majority() -> None:
    s = with_token(with_token(drawn(CITY), 1, "london", "steel"), 1, "london", "steel")
    s = with_token(s, 2, "london", "textiles")
    s = finish_move(s, "p1", "york", "B4")
    assert [h.money for h in s.holdings] == [0, 2000, 1000]
    assert "london" in s.line("york").connected


def test_a_lone_holder_takes_the_top_prize() -> None:
    s = with_token(drawn(CITY), 1, "london", "steel")
    s = finish_move(s, "p1", "york", "B4")
    assert [h.money for h in s.holdings] == [0, 2000, 0]


def test_a_city_counts_once_per_line() -> None:
    s = with_token(drawn(CITY), 1, "london", "steel")
    s = finish_move(s, "p1", "york", "B4")
    s = s.evolve(active=0, actions_taken=0, moved=frozenset())
    s = finish_move(s, "p1", "york", "A5")  # still next to London: no new event
    assert s.holdings[1].money == 2000


def test_tied_token_holders_split_by_default() -> None:
    s = with_token(with_token(drawn(CITY), 1, "london", "steel"), 2, "london", "steel")
    assert [h.money for h in finish_move(s, "p1", "york", "B4").holdings] == [0, 1500, 1500]
    s = with_token(with_token(drawn(CITY, tie_rule="each_full"), 1, "london", "steel"),
                   2, "london", "steel")
    assert [h.money for h in finish_move(s, "p1", "york", "B4").holdings] == [0, 2000, 2000]


TOWN = """
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO y=1 y@ .  LE .
C  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .
E  LO .  .  .  .  DO .
"""


def test_a_new_railway_town_pays_the_station_majority_per_town() -> None:
    s = finish_move(drawn(TOWN), "p1", "york", "B5")
    assert "leeds" in s.line("york").connected
    assert [h.money for h in s.holdings] == [1000, 0, 0]


def test_every_new_line_at_a_railway_town_scores() -> None:
    s = drawn("""
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO y=1 y@ .  LE d@2 DO
C  .  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .
E  LO .  .  .  .  .  .
""")
    assert "leeds" in s.line("dover").connected
    s = finish_move(s, "p1", "york", "B5")
    assert [h.money for h in s.holdings] == [1000, 0, 0]


def test_a_starting_town_triggers_nothing() -> None:
    s = drawn("""
   1  2  3  4  5  6  7
A  .  .  .  .  .  .  .
B   .  YO y=1 y@ .  DO .
C  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .
E  LO .  .  .  .  .  LE
""")
    s = finish_move(s, "p1", "york", "B5")
    assert "dover" in s.line("york").connected
    assert s.bank_paid == 0
    assert s.line("york").status != DISSOLVED and s.line("dover").status != DISSOLVED


MERGE = """
   1  2  3  4  5  6  7  8
A  .  .  LE .  .  .  .  .
B   .  YO y@ .  .  d= d@w DO
C  .  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .  .
E  LO .  .  .  SO .  .  SH
"""


def test_the_moving_line_dissolves_into_the_line_it_touches() -> None:
    s = drawn(MERGE)
    s = give_shares(s, "p2", "york", real=3)
    s = give_shares(s, "p3", "york", real=1)
    s = finish_move(s, "p1", "york", "B4")
    s = s.evolve(active=0, actions_taken=0, moved=frozenset())
    s = finish_move(s, "p1", "york", "B5")
    york, dover = s.line("york"), s.line("dover")
    assert york.status == DISSOLVED and york.merged_into == "dover"
    assert {"B3", "B4", "B5", "B6"} <= dover.track
    assert {"york", "leeds"} <= dover.connected
    li_d = s.line_index("dover")
    # p2 held 3 York shares -> 1 Dover share; p1 held 2 -> 1; p3 held 1 -> 0.
    assert [h.real[li_d] for h in s.holdings] == [1, 1, 0]
    # York reached york and leeds: 2 places. p2 tops (2 x 1000), p1 second (2 x 500).
    assert [h.money for h in s.holdings] == [1000, 2000, 0]


#: York can still move to B3, a dead end with nothing to reach: isolated once noticed.
#: Dover and Norwich keep the game going.
ISOLATED_YORK = """
   1  2  3  4  5  6  7
A  ~  ~  ~  ~  ~  .  .
B   y= y@ .  ~  .  .  DO
C  YO ~  ~  ~  .  .  .
D   ~  NO .  .  .  .  LE
"""


def test_an_isolated_line_gives_no_share_and_loses_its_pile() -> None:
    s = drawn(ISOLATED_YORK)
    assert RULES.is_isolated(s, "york")
    assert s.line("york").status == "active"  # isolation is noticed after a move
    s = finish_move(s, "p1", "dover", "B6")
    york = s.line("york")
    assert york.status == ISOLATED and york.pile == 0 and york.discarded == 16
    assert RULES.destinations(s, "york") == ["B3"]  # SR-ISO-03: it may still move
    s = finish_move(s, "p1", "york", "B3")
    assert s.line("york").loco == "B3"
    assert s.holdings[0].shares(s.line_index("york")) == 0  # but gives no share


def test_the_game_ends_when_the_tiles_run_out() -> None:
    s = drawn(MERGE).evolve(tiles_left=2, tiles_elsewhere=57)
    s = finish_move(s, "p1", "york", "B4")
    s = s.evolve(active=0, actions_taken=0, moved=frozenset())
    s = finish_move(s, "p1", "york", "A5")
    assert s.phase == OVER and s.end_reason == "tiles"


def test_a_merger_with_the_last_tile_completes_on_an_imaginary_61st() -> None:
    s = drawn("""
   1  2  3  4  5  6  7  8
A  .  .  LE .  .  .  .  .
B   .  YO y= y@ .  d= d@w DO
C  .  .  .  .  .  .  .  .
D   .  .  .  .  .  .  .  .
E  LO .  .  .  SO .  .  SH
""").evolve(tiles_left=1, tiles_elsewhere=57)
    s = give_shares(s, "p2", "york", real=2)
    s = finish_move(s, "p1", "york", "B5")
    assert s.line("york").status == DISSOLVED  # SR-MRG-04: the merger still happens
    assert (s.tiles_left, s.imaginary_tiles) == (0, 1)
    assert s.phase == OVER and s.end_reason == "tiles"  # then the game ends (SR-END-01)
    # The merger paid p2 (2 places x 1000) before the final scoring added to it.
    assert s.holdings[1].money >= 2000


def test_the_game_can_end_between_a_players_two_actions() -> None:
    s = drawn(MERGE).evolve(tiles_left=1, tiles_elsewhere=58)
    s = finish_move(s, "p1", "york", "B4")
    assert s.phase == OVER and s.actions_taken == 1
