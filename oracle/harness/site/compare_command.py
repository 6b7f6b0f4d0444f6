"""Engines side by side: ``railrules compare REPORT... --out DIR`` writes a matrix of
rulings by engines (pass, fail, gap, and the reading each follows of an open ruling),
an SVG badge per engine stating scope, level and isolation, and the matrix as JSON.
Each report is validated first: one that is not a report is refused, naming what is
wrong (exit 2). See docs/site.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from oracle.core import cli_types
from oracle.games import game_modules
from oracle.harness.site.badge import badge_svg
from oracle.harness.site.cells import passed
from oracle.harness.site.compare_page import (
    badge_name,
    compare_json,
    compare_page,
    ruling_order,
)
from oracle.harness.site.engine_reports import EngineRun, ReportError, load_reports
from oracle.harness.site.page_shell import CSS
from oracle.harness.suite_info import combined_catalogue


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", nargs="+", metavar="REPORT",
                        help="report.json files (or their folders) written by railrules certify")
    parser.add_argument("--out", required=True, type=cli_types.writable_dir,
                        help="the folder the comparison is written to")
    parser.add_argument("--rulings", default=None, type=cli_types.existing_file,
                        help="rulings catalogue (default: the copy shipped in the package)")


def write_compare(runs: list[EngineRun], out: Path, rulings_path: str | None = None
                  ) -> list[str]:
    """Write the comparison; the files written, relative to ``out``."""
    games = list(game_modules().values())
    catalogue = combined_catalogue(games, rulings_path)
    game_of = {rid: next((g.name for g in games if rid.startswith(g.ruling_prefixes)), "")
               for rid in ruling_order(runs, catalogue)}
    (out / "badges").mkdir(parents=True, exist_ok=True)
    rulings = ruling_order(runs, catalogue)
    written = []
    for i, run in enumerate(runs):
        name = badge_name(i, run)
        (out / name).write_text(badge_svg(run, passed(run, rulings), len(rulings)), "utf-8")
        written.append(name)
    (out / "index.html").write_text(compare_page(runs, catalogue, game_of), "utf-8")
    (out / "compare.json").write_text(
        json.dumps(compare_json(runs, catalogue), indent=1, ensure_ascii=True) + "\n", "utf-8")
    (out / "style.css").write_text(CSS, "utf-8")
    return [*written, "index.html", "compare.json", "style.css"]


def run(args: argparse.Namespace) -> int:
    try:
        runs = load_reports(list(args.reports))
    except ReportError as err:
        print(f"railrules compare: {err}", file=sys.stderr)
        return 2
    out = Path(args.out)
    written = write_compare(runs, out, args.rulings)
    print(f"railrules compare: {len(runs)} reports -> {out / 'index.html'} "
          f"({len(written) - 3} badges)")
    return 0
