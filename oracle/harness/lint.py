"""Hygiene of a game's Gherkin suite: the checks every registered game's scenarios meet.

Each check takes a game's record (``oracle.games``) and returns the problems found, so
the lint runs the same for the built-in games and for a plug-in game:

* ``features``: the game's folder holds feature files;
* ``covered``: every catalogue ruling of the game has scenarios (prefixes the game
  declares ``pending`` excepted: their scenarios are not written yet, and reports list
  them as rulings without scenarios);
* ``three``: every ruling has at least three scenarios (allowed, refused, boundary);
* ``ids``: every scenario has exactly one ``@id``, unique across games;
* ``tags``: tags are from the vocabulary, rulings are in the catalogue, a source is
  cited and is a seed of the ruling, an open ruling's scenarios say which reading;
* ``defined``: every step (Examples rendered) matches a step definition;
* ``arguments``: every step definition uses every argument it parses;
* ``used``: every step definition of the game's step module is used by a scenario,
  but for the modules that say ``DRAFT_STEPS = True``: the When steps only fuzz drafts
  write (each action sent exactly as the trace holds it), which a unit test of the
  game's ``action_step`` sends instead of a scenario.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from pytest_bdd.feature import get_features
from pytest_bdd.steps import step_function_context_registry

from oracle.core.game import GameModule
from oracle.harness.catalogue import Ruling
from steps.paths import features_dir
from steps.tags import is_suite_tag, rulings_of, scenario_id, tag_problem

Problems = list[str]
Scenario = tuple[str, Any, set[str]]


def scenarios(game: GameModule) -> Iterator[Scenario]:
    """(file, scenario template, tags including the feature's and each Examples')."""
    for feature in get_features([str(features_dir(game.features))]):
        for template in feature.scenarios.values():
            tags = set(template.tags) | set(feature.tags)
            for ex in template.examples:
                tags |= set(ex.tags)
            yield feature.rel_filename, template, tags


def rendered_steps(template: Any) -> list[Any]:
    contexts: list[dict[str, str]] = [
        dict(zip(ex.example_params, row, strict=True))
        for ex in template.examples for row in ex.examples] or [{}]
    return [s for c in contexts for s in template.render(c).steps]


def definitions(game: GameModule) -> list[Any]:
    """The step definitions a game's scenarios run with: its step module's and the
    game-neutral ones (steps.common)."""
    found = []
    for name in ("steps.common", game.steps):
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            function = getattr(value, "_fixture_function", None)
            if key.startswith("pytestbdd_stepdef") and function is not None:
                context = step_function_context_registry.get(function)
                if context is not None:
                    found.append(context)
    return found


def check_features(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    folder = features_dir(game.features)
    return [] if any(folder.rglob("*.feature")) else [f"{folder} holds no feature files"]


def check_covered(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    covered = {r for _, _, tags in scenarios(game) for r in rulings_of(sorted(tags))}
    missing = [r for r in catalogue if game.due(r) and r not in covered]
    return [f"rulings without scenarios: {missing}"] if missing else []


def check_three(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    counts: Counter[str] = Counter()
    for _f, _template, tags in scenarios(game):
        counts.update(rulings_of(sorted(tags)))
    return [f"{r}: {n} scenario(s), fewer than 3" for r, n in sorted(counts.items()) if n < 3]


def check_ids(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    out: Problems = []
    ids: Counter[str] = Counter()
    for f, template, tags in scenarios(game):
        if sum(1 for t in tags if t.startswith("id:")) != 1:
            out.append(f"{f}: {template.name!r} needs exactly one @id")
        ids[scenario_id(sorted(tags))] += 1
    out += [f"scenario ID {i!r} used {n} times" for i, n in ids.items() if n > 1]
    return out


def check_tags(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    out: Problems = []
    for f, template, tags in scenarios(game):
        where = f"{f}: {template.name!r}"
        out += [f"{where}: {p}" for t in tags
                if (p := (tag_problem(t) if is_suite_tag(t) else f"@{t} is not a suite tag"))]
        found = rulings_of(sorted(tags))
        if not found:
            out.append(f"{where}: no @ruling tag")
        sources = {t.removeprefix("source:") for t in tags if t.startswith("source:")}
        if not sources:
            out.append(f"{where}: no @source tag")
        has_option = any(t.startswith("option:") for t in tags)
        for r in found:
            ruling = catalogue.get(r)
            if ruling is None:
                out.append(f"{where}: @ruling:{r} is not in the catalogue")
                continue
            if ruling.sources and not sources & set(ruling.sources):
                out.append(f"{where}: @source {sorted(sources)} is not a source of {r} "
                           f"({list(ruling.sources)})")
            if ruling.status == "open" and not ("open" in tags and has_option):
                out.append(f"{where}: open ruling {r} needs @open and @option:NAME=VALUE")
        if "open" in tags and not has_option:
            out.append(f"{where}: @open without the @option setting it exercises")
    return out


def check_defined(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    defs = definitions(game)
    return [f"{f}:{s.line_number}: undefined {s.type} step {s.name!r}"
            for f, template, _tags in scenarios(game) for s in rendered_steps(template)
            if not any(d.type in (None, s.type) and d.parser.is_matching(s.name) for d in defs)]


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
    return list(getattr(getattr(parser, "parser", None), "named_fields", []))


def check_arguments(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    return [f"{d.step_func.__module__}.{d.step_func.__name__} ignores its argument {name!r}"
            for d in definitions(game) for name in _parsed_names(d.parser)
            if name not in _names_used(d.step_func)]


def _draft_steps(module: str) -> bool:
    """Whether a step module holds the When steps only fuzz drafts write."""
    return module == "steps.common" or bool(
        getattr(importlib.import_module(module), "DRAFT_STEPS", False))


def check_used(game: GameModule, catalogue: Mapping[str, Ruling]) -> Problems:
    steps = [s for _f, template, _tags in scenarios(game) for s in rendered_steps(template)]
    return [f"{d.step_func.__module__}.{d.step_func.__name__}: no scenario uses it"
            for d in definitions(game) if not _draft_steps(d.step_func.__module__)
            and not any(d.type in (None, s.type) and d.parser.is_matching(s.name)
                        for s in steps)]


CHECKS: dict[str, Callable[[GameModule, Mapping[str, Ruling]], Problems]] = {
    "features": check_features, "covered": check_covered, "three": check_three,
    "ids": check_ids, "tags": check_tags, "defined": check_defined,
    "arguments": check_arguments, "used": check_used,
}


def lint(games: Sequence[GameModule], catalogue: Mapping[str, Ruling]) -> dict[str, Problems]:
    """Every check on every game: ``game/check`` -> problems (empty lists omitted), plus
    the steps of steps.common that no game uses and IDs shared between games."""
    out: dict[str, Problems] = {}
    for game in games:
        for name, check in CHECKS.items():
            problems = check(game, catalogue)
            if problems:
                out[f"{game.name}/{name}"] = problems
    ids = Counter(scenario_id(sorted(tags)) for g in games for _f, _t, tags in scenarios(g))
    shared = [i for i, n in ids.items() if n > 1]
    if shared and len(games) > 1:
        out["all/ids"] = [f"scenario IDs used twice: {shared}"]
    return out
