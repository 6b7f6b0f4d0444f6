"""What one engine's report says of one ruling: a cell of the compare matrix and of a
ruling page's engines table."""

from __future__ import annotations

from dataclasses import dataclass

from oracle.harness.site.engine_reports import EngineRun

#: the kinds of cell, as the matrix's legend lists them
KINDS = ("pass", "fail", "gap", "none")
KIND_WORDS = {"pass": "every scenario that counts passed",
              "fail": "a scenario failed, or reached no verdict the engine had not declared",
              "gap": "not graded: the engine declared a gap, or no scenario ran",
              "none": "not in the run's scope"}


@dataclass(frozen=True, slots=True)
class Cell:
    kind: str  # one of KINDS
    detail: str  # the report's word (coverage) or why there is none
    reading: str = ""  # for an open ruling: the readings followed

    @property
    def text(self) -> str:
        return {"pass": "pass", "fail": "fail", "gap": "gap", "none": "\u2014"}[self.kind]


def cell(run: EngineRun, ruling: str) -> Cell:
    result = run.rulings.get(ruling)
    if result is None:
        return Cell("none", "not in the scope of this run")
    # an open ruling's readings followed, or the report's word when it follows none
    reading = "; ".join(result.follows) or result.reading_verdict
    if result.verdict == "pass":
        return Cell("pass", result.coverage, reading)
    if result.verdict == "fail":
        return Cell("fail", result.coverage, reading)
    return Cell("gap", result.coverage, reading)


def matrix(runs: list[EngineRun], rulings: list[str]) -> dict[str, list[Cell]]:
    """Ruling -> one cell per run, in the runs' order."""
    return {rid: [cell(run, rid) for run in runs] for rid in rulings}


def passed(run: EngineRun, rulings: list[str]) -> int:
    return sum(1 for rid in rulings if cell(run, rid).kind == "pass")
