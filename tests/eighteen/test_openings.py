"""18xx openings (oracle/eighteen/openings.py): where random 18xx games start. Each is a
scenario's Given position, well-formed and with something to play; a campaign's
options choose among them; and the file is the suite's: regenerated from the
scenarios it comes out the same (after changing an 18xx scenario, run
``python -m oracle.harness.openings 18xx oracle/eighteen/data/openings.json``)."""

from __future__ import annotations

import json
from importlib import resources

from oracle.eighteen.api import API
from oracle.eighteen.openings import openings
from oracle.games import game_module
from oracle.harness.openings import openings as from_the_suite
from oracle.harness.suite_info import feature_paths


def test_every_opening_is_well_formed_and_playable() -> None:
    found = openings({})
    assert len(found) > 100
    for opening in found:
        API.validate(opening["position"])
        assert API.legal_actions(opening["position"]), opening["scenario"]
        assert opening["players"] == [p["id"] for p in opening["position"]["players"]]
        assert opening["options"]["title"] == opening["position"]["title"]


def test_every_title_has_openings() -> None:
    titles = {o["options"]["title"] for o in openings({})}
    assert titles == set(API.rules.titles)


def test_options_choose_among_them() -> None:
    only_1870 = openings({"title": "1870"})
    assert only_1870 and {o["position"]["title"] for o in only_1870} == {"1870"}
    single = openings({"title": "1825", "single_track": "yes"})
    assert single and all(o["position"]["options"]["single_track"] == "yes" for o in single)
    assert openings({"title": "no such title"}) == []


def test_the_openings_are_the_scenarios_given_positions() -> None:
    text = resources.files("oracle.eighteen.data").joinpath("openings.json").read_text(
        encoding="utf-8")
    assert json.loads(text) == from_the_suite("18xx"), (
        "the 18xx scenarios changed: run python -m oracle.harness.openings 18xx "
        "oracle/eighteen/data/openings.json")
    tagged = " ".join(path.read_text(encoding="utf-8") for path in
                      feature_paths([game_module("18xx")]))
    assert all(f"@id:{o['scenario']}" in tagged for o in openings({}))
