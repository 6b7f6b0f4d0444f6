"""``legal_json`` (oracle/rocket/rules/listing.py) lists exactly what ``iter_legal``
lists, in the same order, on random positions of every phase, and a rule set that
lists the action phase its own way (a mutant) is listed its own way; the canonical
listing (rules/canonical.py) holds the same actions' texts, sorted."""

from __future__ import annotations

import random
from collections.abc import Iterator

from oracle.harness.canonical_keys import key
from oracle.harness.mutants.rocket import MUTANTS
from oracle.rocket.actions import Action
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import legal_groups
from oracle.rocket.rules.listing import legal_json
from oracle.rocket.setup import initial_state
from oracle.rocket.state import State


def _positions(rules: Rules, games: int) -> Iterator[State]:
    for seed in range(games):
        players = ["p1", "p2", "p3", "p4"][: 2 + seed % 3]
        trace = random_trace(rules, initial_state(players, None, default_board()),
                             random.Random(seed))
        for state, _ in trace:
            yield state


def _texts(rules: Rules, state: State) -> list[str]:
    """The canonical listing's texts (rules/canonical.py), one group after another."""
    return [text for group in legal_groups(rules, state) for text in group]


def test_the_json_listing_is_the_records_listing() -> None:
    rules = Rules()
    seen = 0
    for state in _positions(rules, 6):
        listed = legal_json(rules, state)
        assert listed == [a.to_json() for a in rules.iter_legal(state)]
        assert _texts(rules, state) == sorted(key(a) for a in listed)  # the lockstep's keys
        seen += 1
    assert seen > 500


def test_a_rule_set_listing_stations_its_own_way_is_listed_its_own_way() -> None:
    class OneStationLess(Rules):
        def legal_station_actions(self, state: State) -> Iterator[Action]:
            listed = list(super().legal_station_actions(state))
            yield from listed[1:]

    rules = OneStationLess()
    differs = 0
    for state in _positions(Rules(), 2):
        expected = [a.to_json() for a in rules.iter_legal(state)]
        assert legal_json(rules, state) == expected
        assert _texts(rules, state) == sorted(key(a) for a in expected)
        differs += expected != [a.to_json() for a in Rules().iter_legal(state)]
    assert differs


def test_every_mutant_rule_set_lists_as_its_records_do() -> None:
    states = list(_positions(Rules(), 1))
    for mutant in MUTANTS:
        rules = mutant.make().rules
        for state in states:
            expected = [a.to_json() for a in rules.iter_legal(state)]
            assert legal_json(rules, state) == expected, mutant.name
            assert _texts(rules, state) == sorted(key(a) for a in expected), mutant.name


def test_texts_escape_odd_player_ids_as_the_keys_do() -> None:
    rules = Rules()
    players = ['p"1', "p\\2", "p\u00e93", "p\x7f4"]
    trace = random_trace(rules, initial_state(players, None, default_board()),
                         random.Random(9))
    for state, _ in trace[:80]:
        assert _texts(rules, state) == sorted(key(a) for a in legal_json(rules, state))
