"""oracle/rocket/digested.py: a position's canonical text written from kept parts is
exactly ``canonical(codec.to_json(state))``, and its digest ``position_digest`` of it,
at every position of random games, with odd player IDs and where orjson refuses a
part (the standard module's way then, for the whole position)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.core.made import Made
from oracle.protocol.declarations import position_options
from oracle.protocol.digests import canonical, position_digest
from oracle.rocket import codec
from oracle.rocket.api import RocketAPI
from oracle.rocket.digested import Digested
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State

#: player IDs a canonical text escapes (the quote, the backslash) or writes as they are
#: (non-ASCII, DEL), mixed with plain ones
_IDS = st.lists(st.sampled_from(['p"1', "p\\2", "p\u00e93", "p\x7f4", "p\u6f225", "a", "b",
                                 "Z"]), min_size=2, max_size=4, unique=True)


def _states(seed: int, players: list[str]) -> list[State]:
    trace = random_trace(Rules(), initial_state(players, None, default_board()),
                         random.Random(seed))
    return [state for state, *_ in trace]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), _IDS)
def test_parts_give_the_whole_canonical_text(seed: int, players: list[str]) -> None:
    digested = Digested()  # one for the game: parts of earlier states are reused
    for state in _states(seed, players):
        whole = codec.to_json(state)
        assert digested.text(state) == canonical(whole)
        assert digested.digest(state) == position_digest(whole)


def test_reused_parts_change_nothing() -> None:
    states = _states(11, ["p1", "p2", "p3"])
    chained = Digested()
    assert [chained.text(s) for s in states] == [Digested().text(s) for s in states]


def test_a_changed_record_changes_the_text() -> None:
    state = _states(3, ["p1", "p2", "p3"])[40]
    digested = Digested()
    base = digested.text(state)
    line, holding = state.lines[0], state.holdings[0]
    for changed in (state.evolve(lines=(line._replace(pile=line.pile + 1), *state.lines[1:])),
                    state.evolve(holdings=(holding._replace(money=holding.money + 1),
                                           *state.holdings[1:])),
                    state.evolve(tiles_left=state.tiles_left + 1)):
        assert digested.text(changed) != base
        assert digested.text(changed) == canonical(codec.to_json(changed))


def test_what_orjson_refuses_is_written_as_canonical_writes_it() -> None:
    state = _states(5, ["p1", "p2"])[30]
    line, holding = state.lines[0], state.holdings[0]
    huge = 1 << 70  # past 64 bits: orjson refuses it, the standard module writes it
    for odd in (state.evolve(tiles_left=huge),
                state.evolve(lines=(line._replace(pile=huge), *state.lines[1:])),
                state.evolve(holdings=(holding._replace(money=huge), *state.holdings[1:]))):
        whole = codec.to_json(odd)
        assert str(huge).encode() in canonical(whole)
        digested = Digested()
        digested.text(state)  # the unchanged parts kept
        assert digested.text(odd) == canonical(whole)
        assert digested.digest(odd) == position_digest(whole)


def test_the_api_digests_its_made_positions() -> None:
    api = RocketAPI()
    start = api.new_game(["p1", "p-2"], {})
    made = api.apply_made(start, api.legal_actions(start)[0])
    assert isinstance(made, Made)
    assert api.made_digest(made) == position_digest(made.json())
    assert api.position_digest_of(made.state) == position_digest(made.json())
    # the options the client checks against a handshake, read from the state
    assert position_options(made) == position_options(made.json()) is not None
    other = RocketAPI().apply_made(start, api.legal_actions(start)[0])
    assert other is not None and api.made_digest(other) is None  # not its own


def test_positions_on_other_boards_are_digested_each_from_its_own_board() -> None:
    """The hash of a board's text is carried on from per board: positions on two
    boards asked in turn of one ``Digested`` each get their own whole text's digest."""
    from tests.rocket.helpers import drawn
    from tests.rocket.test_options import MERGE, TOWN
    digested = Digested()
    states = _states(3, ["p1", "p2", "p3"])[:20]
    others = [drawn(TOWN), drawn(MERGE)]
    assert len({id(s.board) for s in others + states[:1]}) == 3
    for state in (s for pair in zip(states, others * 10, strict=False) for s in pair):
        whole = codec.to_json(state)
        assert digested.digest(state) == position_digest(whole)
        assert digested.text(state) == canonical(whole)


def test_one_api_reads_each_position_s_own_options_fresh_each_time() -> None:
    """The options the client checks, kept per options record (``position_options``):
    positions of two option sets asked in turn of one API each give their own, and a
    caller changing what it was given changes nothing the next caller reads."""
    api = RocketAPI()
    plain = api.new_game(["p1", "p2"], {})
    other = api.new_game(["p1", "p2"], {"tie_rule": "each_full"})
    plain_made = api.apply_made(plain, api.legal_actions(plain)[0])
    other_made = api.apply_made(other, api.legal_actions(other)[0])
    assert plain_made is not None and other_made is not None
    for _ in range(2):
        for made, position in ((plain_made, plain), (other_made, other)):
            read = position_options(made)
            assert read == position_options(position) is not None
            assert read is not None
            read.clear()  # a caller's own copy
    assert position_options(other_made) == {**(position_options(plain_made) or {}),
                                            "tie_rule": "each_full"}
