"""The canonical listing (oracle/rocket/rules/canonical.py): at every position of
random games, its groups one after another are exactly the sorted canonical texts of
the full listing (``legal_json``), each group is non-empty and of one action type,
and a group is the very object an earlier listing with the same key was handed
(what lets two sides' listings compare at a pointer a group)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.harness.canonical_keys import key
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import _Spaces, legal_groups
from oracle.rocket.rules.listing import _STATIONS, legal_json
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def _full(rules: Rules, state: State) -> list[str]:
    """The listing written out whole and sorted: what the groups stand for."""
    return sorted(key(a) for a in legal_json(rules, state))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_the_groups_are_the_full_listing_sorted_at_every_position(seed: int,
                                                                  players: int) -> None:
    rules = Rules()
    start = initial_state([f"p{i}" for i in range(1, players + 1)], None, default_board())
    trace = random_trace(rules, start, random.Random(seed))
    for state, _ in trace:
        groups = legal_groups(rules, state)
        assert [t for group in groups for t in group] == _full(rules, state)
        for group in groups:
            assert group and len({json.loads(t)["type"] for t in group}) == 1
            if isinstance(group, _Spaces):  # its bytes for a digest, written apart
                assert group.joined() == ",".join(_Spaces(group.table, group.order,
                                                          group.mask)).encode()
            texts = tuple(group)  # a station group's first text is found apart: the same
            assert group[0] == texts[0] and len(group) == len(texts) and group == texts
    assert len(trace) > 20


class _Shorter(Rules):
    """A rule set of its own ``destinations`` (as a mutant may have): each line's
    first destination dropped."""

    def destinations(self, state: State, line_id: str) -> list[str]:
        return super().destinations(state, line_id)[1:]


class _NeverFixed(Rules):
    """A rule set of its own ``station_fixed`` (as a mutant may have): track never
    fixes a station."""

    def station_fixed(self, state: State, space: str) -> bool:
        return False


@pytest.mark.parametrize("own", [_Shorter(), _NeverFixed()], ids=["destinations", "fixed"])
def test_a_rule_set_of_its_own_hooks_is_listed_through_them(own: Rules) -> None:
    """The line groups are the plain geometry's kept destinations, and the movable
    stations those track has not reached, only where the rule set's hooks are the
    plain ones; otherwise its own ``destinations`` and ``station_fixed`` are asked."""
    plain = Rules()
    trace = random_trace(plain, initial_state(["p1", "p2", "p3"], None, default_board()),
                         random.Random(7))
    differ = 0
    for state, _ in trace:
        mine = [t for group in legal_groups(own, state) for t in group]
        assert mine == _full(own, state)
        differ += mine != [t for group in legal_groups(plain, state) for t in group]
    assert differ > 0


def test_a_station_group_reads_as_the_tuple_of_its_texts() -> None:
    """A station group (``_Spaces``) is written out only when read past its first
    text, and reads, indexes, slices and compares as the tuple of its texts would."""
    order = default_board().open_land_texts
    table = _STATIONS['"p1"', None]
    places = (0, 3, 4, 9)
    mask = sum(1 << i for i in places)
    texts = tuple(table[order[i]] for i in places)
    group = _Spaces(table, order, mask)
    assert len(group) == 4 and group[0] == texts[0]
    assert group._texts is None  # its size and first text cost no writing
    assert group == _Spaces(table, order, mask) and group._texts is None  # one key
    assert group[1] == texts[1] and group[3] == texts[3] and group[-4] == texts[0]
    assert group._texts is None  # a text drawn by its place is that text written alone
    assert group.joined() == ",".join(texts).encode() and group._texts is None
    with pytest.raises(IndexError):
        group[-5]
    assert tuple(group) == texts and group._texts == texts
    assert list(group) == list(texts)
    assert group[-1] == texts[-1] and group[1:3] == texts[1:3]
    assert group == texts and texts == group
    assert group != texts[:3] and group != _Spaces(table, order, mask | 2)
    assert group != list(texts)  # as a tuple is not equal to a list
    assert group == _Spaces(table, tuple(list(order)), mask)  # another key, the same texts
    assert _Spaces(_STATIONS['"p2"', None], order, mask) != group
    with pytest.raises(IndexError):
        group[4]
    with pytest.raises(TypeError):
        hash(group)


def test_a_group_is_handed_on_while_its_key_stands() -> None:
    """Two rule sets (two sides) listing equal positions get the very same groups
    (but for a lone pass, written each time), and most groups of a listing were
    handed to an earlier one already (written once, not once a position)."""
    a, b = Rules(), Rules()
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    trace = random_trace(a, start, random.Random(3))
    kept = total = shared = 0
    before: set[int] = set()
    for state, _ in trace:
        ga, gb = legal_groups(a, state), legal_groups(b, state.evolve())
        assert ga == gb
        shared += all(x is y for x, y in zip(ga, gb, strict=True))
        kept += sum(id(g) in before for g in ga)
        total += len(ga)
        before |= {id(g) for g in ga}
    assert shared >= len(trace) - 3
    assert kept > total // 2


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_station_groups_joined_bytes_are_its_texts_joined(data: st.DataObject) -> None:
    """``joined`` reads the spaces' texts a byte of the mask at a time: for any mask
    (the first and last spaces, a byte's edges, every space), its bytes are the
    group's texts joined by commas, for a new station and a station's moves."""
    order = default_board().open_land_texts
    size = len(order)
    mask = data.draw(st.one_of(
        st.integers(1, (1 << size) - 1),
        st.sampled_from([1, 1 << (size - 1), (1 << size) - 1, 0xFF, 0x1FE, 1 << 8])))
    source = data.draw(st.sampled_from([None, order[0], order[-1]]))
    table = _STATIONS['"p2"', source]
    texts = [table[order[i]] for i in range(size) if mask >> i & 1]
    assert _Spaces(table, order, mask).joined() == ",".join(texts).encode()
