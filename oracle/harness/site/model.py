"""Everything the site is built from, gathered once: the rulings (catalogue order), the
scenarios citing each, the features they sit in, the options of open rulings, the
boards, the kill matrix and the engines' reports."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from oracle.core.game import GameModule
from oracle.core.options import OptionSpec
from oracle.harness.catalogue import Ruling
from oracle.harness.site.engine_reports import EngineRun
from oracle.harness.site.features_doc import FeatureDoc, ScenarioDoc
from oracle.harness.site.kills import Kills


def seeds() -> dict[str, dict[str, str]]:
    """Seed number -> ``{"file", "what"}``: the source documents, in our words."""
    text = resources.files("oracle.harness.data").joinpath("seeds.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return {k: v for k, v in data.items() if isinstance(v, dict)}


@dataclass
class SiteData:
    catalogue: dict[str, Ruling]
    scenarios: list[ScenarioDoc]
    games: Sequence[GameModule]
    #: game -> its declared options (an open ruling's readings are option values)
    options: dict[str, list[OptionSpec]] = field(default_factory=dict)
    #: scenario id -> the board file, relative to the site's folder ("" for none)
    boards: dict[str, str] = field(default_factory=dict)
    runs: list[EngineRun] = field(default_factory=list)
    kills: Kills | None = None
    seeds: dict[str, dict[str, str]] = field(default_factory=seeds)
    #: why no boards were drawn, when none were
    boards_note: str = ""
    #: the hash of the suite the pages show (a report of another suite is flagged)
    suite_hash: str = ""

    def ruling_ids(self) -> list[str]:
        """The catalogue's rulings in its order, then any a scenario cites that the
        catalogue lacks."""
        cited = {r for s in self.scenarios for r in s.rulings}
        return list(self.catalogue) + sorted(cited - set(self.catalogue))

    def game_of(self, ruling: str) -> str:
        for game in self.games:
            if ruling.startswith(game.ruling_prefixes):
                return game.name
        return ""

    def scenarios_of(self, ruling: str) -> list[ScenarioDoc]:
        return [s for s in self.scenarios if ruling in s.rulings]

    def features_of(self, ruling: str) -> list[FeatureDoc]:
        seen: dict[str, FeatureDoc] = {}
        for scenario in self.scenarios_of(ruling):
            seen.setdefault(scenario.feature.path, scenario.feature)
        return list(seen.values())

    def options_of(self, ruling: str) -> list[tuple[OptionSpec | None, str, list[str]]]:
        """An open ruling's readings: each option its scenarios run under (or that names
        the ruling), with the option's declaration when the game has one, and the values
        its scenarios take."""
        taken: dict[str, set[str]] = {}
        for scenario in self.scenarios_of(ruling):
            for name, value in scenario.options.items():
                taken.setdefault(name, set()).add(value)
        specs = {o.name: o for o in self.options.get(self.game_of(ruling), [])}
        for spec in specs.values():
            if spec.ruling == ruling:
                taken.setdefault(spec.name, set())
        return [(specs.get(name), name, sorted(values)) for name, values in sorted(taken.items())]
