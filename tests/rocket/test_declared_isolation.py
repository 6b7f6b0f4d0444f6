"""Scenario positions are reachable in play: where a scenario declares a line isolated
right after drawing its board ("And the york line is isolated"), the drawn line really
is isolated by the rules (SR-ISO-01), so the declaration states a fact of the position
and invents nothing."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest
from pytest_bdd.parser import FeatureParser

from oracle.rocket import codec
from oracle.rocket.rules import Rules
from steps.paths import suite_root
from steps.rocket_drawing import position_from_drawing
from steps.tags import options_of

FEATURES = suite_root() / "features"
_GIVEN = re.compile(r"^a (\d)-player game on this board:$")
_ISOLATED = re.compile(r"^the ([a-z]+) line is isolated$")


def _declared() -> list[Any]:
    out = []
    for path in sorted((FEATURES / "rocket").glob("*.feature")):
        feature = FeatureParser(str(FEATURES), str(path.relative_to(FEATURES))).parse()
        for template in feature.scenarios.values():
            contexts = [c for ex in template.examples for c in ex.as_contexts()] or [{}]
            for i, ctx in enumerate(contexts):
                steps = template.render(ctx).steps
                tags = sorted(set(feature.tags) | set(template.tags))
                for before, step in pairwise(steps):
                    m, iso = _GIVEN.match(before.name), _ISOLATED.match(step.name)
                    if m and iso and step.type == "given" and before.docstring:
                        out.append(pytest.param(int(m.group(1)), options_of(tags),
                                                before.docstring, iso.group(1),
                                                id=f"{path.stem}:{template.name}:{i}"))
    return out


DECLARED = _declared()


def test_declarations_are_found() -> None:
    assert len(DECLARED) >= 8


@pytest.mark.parametrize(("n", "options", "text", "line"), DECLARED)
def test_a_declared_isolated_line_is_isolated(n: int, options: dict[str, Any], text: str,
                                              line: str) -> None:
    players = [f"p{i}" for i in range(1, n + 1)]
    state = codec.from_json(position_from_drawing(text, players, options))
    assert Rules().is_isolated(state, line), f"the {line} line can still go somewhere"
