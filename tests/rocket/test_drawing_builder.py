"""The suite's own position builder (steps/rocket_drawing.py) agrees with the oracle.

The steps draw positions without importing an engine; these tests (which may import
the oracle) prove the builder's JSON is the oracle's ``API.from_drawing`` JSON for
every drawing in the Rocket features, under each scenario's @option tags, that both
pass the position schema, and that malformed drawings are refused naming the cell.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pytest_bdd.parser import FeatureParser

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate
from oracle.rocket import state as rocket_state
from oracle.rocket.api import API
from oracle.rocket.notation import default_drawing_text, default_industries
from oracle.rocket.options import SPECS
from oracle.rocket.places import LINE_LETTERS, PLACES
from steps.drawing import DrawingError
from steps.paths import suite_root
from steps.rocket_drawing import legend, position_from_drawing
from steps.tags import options_of

_GIVEN = re.compile(r"^a (\d)-player game on this board:$")
FEATURES = suite_root() / "features"


def _drawings() -> list[Any]:
    """(id, players, options, docstring) for every drawn board, outlines expanded."""
    out = []
    for path in sorted((FEATURES / "rocket").glob("*.feature")):
        feature = FeatureParser(str(FEATURES), str(path.relative_to(FEATURES))).parse()
        for template in feature.scenarios.values():
            contexts: list[tuple[set[str], dict[str, str]]] = [
                (set(ex.tags), ctx) for ex in template.examples for ctx in ex.as_contexts()]
            for i, (ex_tags, ctx) in enumerate(contexts or [(set(), {})]):
                scenario = template.render(ctx)
                tags = sorted(set(feature.tags) | set(template.tags) | ex_tags)
                for step in scenario.steps:
                    m = _GIVEN.match(step.name)
                    if m and step.docstring:
                        out.append(pytest.param(
                            int(m.group(1)), options_of(tags), step.docstring,
                            id=f"{path.stem}:{template.name}:{i}"))
    return out


DRAWINGS = _drawings()


def _players(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


def test_every_feature_drawing_is_collected() -> None:
    text = "".join(p.read_text("utf-8") for p in (FEATURES / "rocket").glob("*.feature"))
    # An outline's one drawing is compared once per Examples row.
    assert len(DRAWINGS) >= text.count("-player game on this board:")
    assert len(DRAWINGS) > 100


@pytest.mark.parametrize(("n", "options", "text"), DRAWINGS)
def test_builder_equals_oracle(n: int, options: dict[str, Any], text: str) -> None:
    built = position_from_drawing(text, _players(n), options)
    assert built == API.from_drawing(text, _players(n), options)
    validate(built, "oracle.rocket", "position.schema.json")
    API.validate(built)  # the oracle's own checks beyond the schema


def test_default_board_with_settings_and_industries() -> None:
    text = default_drawing_text()
    built = position_from_drawing(text, _players(4))
    assert built == API.from_drawing(text, _players(4))
    assert built["board"]["name"] == "england-approx" and built["board"]["approximate"]
    API.validate(built)


def test_industries_block_overrides_defaults() -> None:
    text = "name: tiny\nA  LO .  YO\nB   .  y@ DO\nindustries:\n  london: steel brewing steel\n"
    built = position_from_drawing(text, _players(2))
    assert built == API.from_drawing(text, _players(2))
    assert built["board"]["industries"]["london"] == ["brewing", "steel", "steel"]


def test_legend_matches_the_published_facts() -> None:
    places = legend()["places"]
    assert {p["id"] for p in places.values()} == set(PLACES)
    for abbrev, p in places.items():
        place = PLACES[p["id"]]
        assert (abbrev, p["name"], p["kind"]) == (place.abbrev, place.name, place.kind)
        assert p.get("line_letter") == LINE_LETTERS.get(p["id"])
        if "industries" in p:
            assert tuple(sorted(p["industries"])) == default_industries()[p["id"]]
    assert legend()["counts"] == {"shares_per_line": rocket_state.SHARES_PER_LINE,
                                  "passengers": rocket_state.PASSENGERS,
                                  "tiles": rocket_state.TILES}
    assert legend()["options"] == {s.name: s.default for s in SPECS}


MALFORMED = [
    ("A  YO y? .\nB   .  .  DO", "drawing.A2", "unknown token"),
    ("A  YO q= .\nB   .  .  DO", "drawing.A2", "names no line"),
    ("A  YO .  YO\nB   .  .  DO", "drawing.A3", "drawn twice"),
    ("A  YO y@ y@e\nB   .  .  DO", "drawing.A3", "locomotive is drawn twice"),
    ("A  YO y= .\nB   y= y@ DO", "drawing.B2", "which way"),
    ("A  YO .  .3\nB   .  .  DO", "drawing", "player 3"),
    ("A  .  l= .\nB   .  YO DO", "drawing.liverpool", "starting town is not"),
    ("A  YO .  LE\nB   .  .  DO\nindustries:\n  leeds: steel steel steel",
     "drawing.industries.leeds", "not a city"),
    ("A  YO .  LO\nB   .  .  DO\nindustries:\n  london: steel gold",
     "drawing.industries.london", "three tokens"),
    ("A  YO .  .\nlondon is here", "drawing", "cannot read line"),
    ("A  YO .  .\nA  .  .  DO", "drawing.row A", "drawn twice"),
]


@pytest.mark.parametrize(("text", "where", "why"), MALFORMED)
def test_malformed_drawings_are_refused_naming_the_cell(text: str, where: str,
                                                        why: str) -> None:
    with pytest.raises(DrawingError) as err:
        position_from_drawing(text, _players(2))
    assert err.value.where == where
    assert where in str(err.value) and why in str(err.value)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(DrawingError, match=r"options\.colour"):
        position_from_drawing("A  YO .  DO", _players(2), {"colour": "red"})


# -- random small drawings: both accept with the same JSON, or both refuse -----------------

_TOKENS = [".", ".", ".", ".", "~", "-", "YO", "DO", "LO", "LE", "CR", ".1", ".2",
           "y=", "y=1", "d=", "y@", "y@e", "d@", "d@ne2", "c@", "c="]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=5),
                min_size=1, max_size=4))
def test_random_drawings_agree(rows: list[list[str]]) -> None:
    text = "\n".join(f"{chr(ord('A') + r)}  {'  '.join(row)}" for r, row in enumerate(rows))
    try:
        expected = API.from_drawing(text, _players(2))
    except MalformedInput:
        with pytest.raises(DrawingError):
            position_from_drawing(text, _players(2))
        return
    assert position_from_drawing(text, _players(2)) == expected
