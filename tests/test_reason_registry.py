"""The reason-code registry (oracle/core/reasons.py) reads as documented: its small
API, its files in order, its rulings all in the catalogue."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from oracle.core import reasons
from oracle.core.errors import MalformedInput
from oracle.harness.catalogue import catalogue


def test_each_game_has_codes_meanings_and_rulings() -> None:
    assert reasons.games() == ("rocket", "18xx")
    assert "veto/not_original_space" in reasons.codes("rocket")
    assert reasons.rulings("rocket", "veto/not_original_space") == ("SR-VETO-03",)
    assert reasons.meaning("rocket", "veto/not_original_space").startswith("In a veto round")
    assert "tile/label_mismatch" in reasons.codes("18xx")
    assert reasons.rulings("18xx", "tile/none_left") == ()
    # the two games keep their own vocabularies
    assert "turn/not_your_turn" not in reasons.codes("18xx")
    assert "turn/not_operating" not in reasons.codes("rocket")


def test_unknown_games_and_codes_are_lookup_errors() -> None:
    with pytest.raises(LookupError, match="known"):
        reasons.codes("chess")
    with pytest.raises(LookupError, match="not a registered rocket reason code"):
        reasons.meaning("rocket", "tile/label_mismatch")
    with pytest.raises(LookupError):
        reasons.rulings("18xx", "veto/not_now")


@pytest.mark.parametrize("game", reasons.games())
def test_the_file_lists_codes_once_in_order(game: str) -> None:
    """Sorted by code: a new code has one place to go, and diffs stay small."""
    listed = [r.code for r in reasons.entries(game)]
    assert listed == sorted(set(listed))


@pytest.mark.parametrize("game", reasons.games())
def test_every_cited_ruling_is_in_the_catalogue(game: str) -> None:
    known = catalogue()
    for entry in reasons.entries(game):
        unknown = [r for r in entry.rulings if r not in known]
        assert not unknown, f"{entry.code} cites rulings not in the catalogue: {unknown}"
        assert list(entry.rulings) == sorted(entry.rulings), entry.code


def test_a_malformed_file_is_refused() -> None:
    """The schema, the game's name and the one-code-once check guard the data."""
    text = resources.files(reasons.DATA).joinpath(reasons.file_name("rocket")).read_text("utf-8")
    data = json.loads(text)
    assert reasons.parse("rocket", data) == reasons.entries("rocket")
    with pytest.raises(MalformedInput, match="names game"):
        reasons.parse("18xx", data)
    twice = {**data, "reasons": [*data["reasons"], data["reasons"][0]]}
    with pytest.raises(MalformedInput, match="twice"):
        reasons.parse("rocket", twice)
    for bad in ({"code": "no-namespace"}, {"meaning": "no capital, no stop"},
                {"rulings": ["not a ruling"]}):
        entry = {**data["reasons"][0], **bad}
        with pytest.raises(MalformedInput, match="schema"):
            reasons.parse("rocket", {**data, "reasons": [entry]})
