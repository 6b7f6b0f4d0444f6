"""The scenarios as a reader sees them: read from the feature files, not run.

Each scenario (each Examples row of an outline is one, as the reports count them) keeps
its Gherkin as written: the feature's Background, its steps with their doc strings and
tables, the row's values put in. Its id is the one the reports and the kill matrix use
(``@id``, with the row's values for an outline row: ``twn-cities[BI-birmingham-brewing]``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_bdd.feature import get_features

from oracle.core.game import GameModule
from steps.paths import features_dir
from steps.tags import rulings_of, scenario_id


@dataclass(frozen=True, slots=True)
class Step:
    keyword: str
    text: str
    docstring: str | None = None
    table: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class FeatureDoc:
    game: str
    path: str  # relative to the game's features folder's parent (``rocket/veto.feature``)
    name: str
    description: str  # the feature's own words: a paraphrase of its source, seeds named


@dataclass(frozen=True, slots=True)
class ScenarioDoc:
    id: str
    name: str
    feature: FeatureDoc
    line: int
    tags: tuple[str, ...]
    background: tuple[Step, ...]
    steps: tuple[Step, ...]
    row: dict[str, str] = field(default_factory=dict)  # an outline row's values

    @property
    def rulings(self) -> list[str]:
        return rulings_of(list(self.tags))

    @property
    def sources(self) -> list[str]:
        return sorted(t.removeprefix("source:") for t in self.tags if t.startswith("source:"))

    @property
    def options(self) -> dict[str, str]:
        """The option setting an open ruling's scenario runs under (``@option:N=V``)."""
        pairs = (t.removeprefix("option:").split("=", 1) for t in self.tags
                 if t.startswith("option:"))
        return {p[0]: p[1] for p in pairs if len(p) == 2}

    @property
    def is_open(self) -> bool:
        return "open" in self.tags

    def gherkin(self) -> str:
        """The scenario as Gherkin text, indented as a feature file would hold it."""
        out = [" ".join("@" + t for t in self.tags)]
        if self.background:
            out.append("Background:")
            out += _steps_text(self.background)
        out.append(f"Scenario: {self.name}")
        out += _steps_text(self.steps)
        return "\n".join(out)


def _steps_text(steps: Iterable[Step]) -> list[str]:
    out = []
    for step in steps:
        out.append(f"  {step.keyword} {step.text}")
        if step.docstring is not None:
            out += ['    """', *("    " + line for line in step.docstring.splitlines()),
                    '    """']
        out += ["    | " + " | ".join(row) + " |" for row in step.table]
    return out


def _step(raw: Any) -> Step:
    table: tuple[tuple[str, ...], ...] = ()
    if raw.datatable is not None:
        table = tuple(tuple(str(c.value) for c in row.cells) for row in raw.datatable.rows)
    return Step(str(raw.keyword).strip(), str(raw.name), raw.docstring, table)


def _row_id(meta_id: str, values: Sequence[str]) -> str:
    """An outline row's id as pytest-bdd parametrizes it and the reports name it."""
    joined = "-".join(values).encode("ascii", "backslashreplace").decode("ascii")
    return f"{meta_id}[{joined}]"


def read_game(game: GameModule) -> list[ScenarioDoc]:
    """Every scenario of one game, in file and line order."""
    folder = features_dir(game.features)
    out: list[ScenarioDoc] = []
    for feature in sorted(get_features([str(folder)]), key=lambda f: f.rel_filename):
        file = Path(feature.filename)
        rel = file.relative_to(folder.parent) if file.is_relative_to(folder.parent) else file
        doc = FeatureDoc(game.name, rel.as_posix(), str(feature.name),
                         str(feature.description or "").strip())
        for template in feature.scenarios.values():
            out += _scenarios(doc, feature, template)
    return out


def _scenarios(doc: FeatureDoc, feature: Any, template: Any) -> list[ScenarioDoc]:
    tags = set(template.tags) | set(feature.tags)
    contexts: list[tuple[dict[str, str], set[str]]] = [
        (dict(context), set(examples.tags or ()))
        for examples in template.examples for context in examples.as_contexts()]
    if not template.templated or not contexts:
        contexts = [({}, set())]
    out = []
    for context, row_tags in contexts:
        all_tags = tuple(sorted(tags | row_tags))
        meta = scenario_id(list(all_tags)) or f"{doc.path}:{template.line_number}"
        rendered = template.render(context)
        background = tuple(_step(s) for s in template.all_background_steps)
        steps = tuple(_step(s) for s in rendered.steps[len(background):])
        name = str(rendered.name)
        out.append(ScenarioDoc(
            id=_row_id(meta, list(context.values())) if context else meta, name=name,
            feature=doc, line=int(template.line_number), tags=all_tags,
            background=background, steps=steps, row=context))
    return out


def read_suite(games: Iterable[GameModule]) -> list[ScenarioDoc]:
    return [s for game in games for s in read_game(game)]
