"""Hygiene of the Gherkin suite, checked on every test run.

* every SR-* ruling in the catalogue has scenarios (TP-* rulings too, once
  features/18xx holds feature files; ST/DS are not required here);
* scenario IDs are unique, every scenario has an ID, rulings and a source;
* every tag is from the known vocabulary, every ruling tag names a catalogue ruling;
* an open ruling's scenarios carry @open and an @option setting; @open needs an @option;
* every step (Examples rendered) matches a step definition of its type.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.feature import get_features
from pytest_bdd.steps import step_function_context_registry

from oracle.harness.catalogue import rulings
from steps.tags import is_suite_tag, rulings_of, scenario_id, tag_problem

ROOT = Path(__file__).resolve().parents[1]
SUITES = {"rocket": ("SR-",), "18xx": ("TP-",)}
#: suite -> the step modules its feature test module imports
STEP_MODULES = {"rocket": ("steps.common", "steps.rocket"),
                "18xx": ("steps.common", "steps.eighteen")}


def feature_dirs() -> list[str]:
    return [name for name in SUITES if any((ROOT / "features" / name).glob("*.feature"))]


def scenarios(suite: str) -> Iterator[tuple[str, Any, set[str]]]:
    """(file, scenario template, tags including the feature's and each Examples')."""
    for feature in get_features([str(ROOT / "features" / suite)]):
        for template in feature.scenarios.values():
            tags = set(template.tags) | set(feature.tags)
            for ex in template.examples:
                tags |= set(ex.tags)
            yield feature.rel_filename, template, tags


def all_scenarios() -> list[tuple[str, str, Any, set[str]]]:
    return [(suite, f, t, tags) for suite in feature_dirs() for f, t, tags in scenarios(suite)]


def test_rocket_features_exist() -> None:
    assert "rocket" in feature_dirs(), "features/rocket holds no feature files"


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_every_ruling_has_scenarios(suite: str) -> None:
    assert suite in feature_dirs(), f"features/{suite} holds no feature files"
    prefixes = SUITES[suite]
    covered = {r for _, _, tags in scenarios(suite) for r in rulings_of(sorted(tags))}
    missing = [r for r in rulings() if r.startswith(prefixes) and r not in covered]
    assert not missing, f"rulings without scenarios in features/{suite}: {missing}"


def test_scenario_ids_unique_and_present() -> None:
    ids: Counter[str] = Counter()
    for _, f, template, tags in all_scenarios():
        sid = scenario_id(sorted(tags))
        assert sid, f"{f}: scenario {template.name!r} has no @id tag"
        assert sum(1 for t in tags if t.startswith("id:")) == 1, \
            f"{f}: scenario {template.name!r} has more than one @id"
        ids[sid] += 1
    repeated = [i for i, n in ids.items() if n > 1]
    assert not repeated, f"scenario IDs used twice: {repeated}"


def test_tags_known() -> None:
    catalogue = rulings()
    for _suite, f, template, tags in all_scenarios():
        where = f"{f}: {template.name!r}"
        for tag in tags:
            if not is_suite_tag(tag):
                pytest.fail(f"{where}: tag @{tag} is not in the suite vocabulary")
            problem = tag_problem(tag) if is_suite_tag(tag) else None
            assert problem is None, f"{where}: {problem}"
        found = rulings_of(sorted(tags))
        assert found, f"{where}: no @ruling tag"
        for r in found:
            assert r in catalogue, f"{where}: @ruling:{r} is not in the catalogue"
        assert any(t.startswith("source:") for t in tags), f"{where}: no @source tag"
        has_option = any(t.startswith("option:") for t in tags)
        if any(catalogue[r].status == "open" for r in found):
            assert "open" in tags and has_option, \
                f"{where}: an open ruling's scenario needs @open and @option:NAME=VALUE"
        if "open" in tags:
            assert has_option, f"{where}: @open without the @option setting it exercises"


def _definitions(suite: str) -> list[Any]:
    for name in STEP_MODULES[suite]:
        importlib.import_module(name)  # registers its step definitions
    return list(step_function_context_registry.values())


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_every_step_defined(suite: str) -> None:
    assert suite in feature_dirs(), f"features/{suite} holds no feature files"
    defs = _definitions(suite)
    undefined: list[str] = []
    for f, template, _tags in scenarios(suite):
        contexts: list[dict[str, str]] = [
            dict(zip(ex.example_params, row, strict=True))
            for ex in template.examples for row in ex.examples] or [{}]
        for context in contexts:
            for step in template.render(context).steps:
                if not any(d.type in (None, step.type) and d.parser.is_matching(step.name)
                           for d in defs):
                    undefined.append(f"{f}:{step.line_number}: {step.type} {step.name}")
    assert not undefined, "undefined steps:\n" + "\n".join(undefined)


def _template_count(suite: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _f, _template, tags in scenarios(suite):
        counts.update(rulings_of(sorted(tags)))
    return counts


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_every_ruling_has_three_scenarios(suite: str) -> None:
    """The allowed case, the refused case and the boundary (rulings.md): three at least."""
    thin = {r: n for r, n in _template_count(suite).items() if n < 3}
    assert not thin, f"rulings with fewer than 3 scenarios: {thin}"


def _names_used(function: Any) -> set[str]:
    """Names a function's body reads, leaving out those only inside f-strings (a
    parsed argument that only reaches an error message is an argument ignored)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    in_fstrings = {id(n) for j in ast.walk(tree) if isinstance(j, ast.JoinedStr)
                   for n in ast.walk(j)}
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in in_fstrings}


def _parsed_names(parser: Any) -> list[str]:
    regex = getattr(parser, "regex", None)
    if regex is not None:
        return list(regex.groupindex)
    inner = getattr(parser, "parser", None)
    return list(getattr(inner, "named_fields", []))


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_every_step_uses_every_argument(suite: str) -> None:
    ignored = []
    for d in _definitions(suite):
        used = _names_used(d.step_func)
        ignored += [f"{d.step_func.__module__}.{d.step_func.__name__}: {name}"
                    for name in _parsed_names(d.parser) if name not in used]
    assert not ignored, "step arguments parsed and then ignored:\n" + "\n".join(ignored)


def test_every_step_definition_is_used() -> None:
    """A step definition no scenario uses is dead code."""
    steps = []
    for suite in feature_dirs():
        for _f, template, _tags in scenarios(suite):
            contexts: list[dict[str, str]] = [
                dict(zip(ex.example_params, row, strict=True))
                for ex in template.examples for row in ex.examples] or [{}]
            steps += [s for c in contexts for s in template.render(c).steps]
    defs = {id(d): d for suite in SUITES for d in _definitions(suite)}
    unused = [f"{d.step_func.__module__}.{d.step_func.__name__}" for d in defs.values()
              if d.step_func.__module__.startswith("steps.")
              and not any(d.type in (None, s.type) and d.parser.is_matching(s.name)
                          for s in steps)]
    assert not unused, f"step definitions no scenario uses: {sorted(unused)}"
