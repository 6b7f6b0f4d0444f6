"""Build the rulings site: every ruling a page, with its words, its source (in our words,
the seed named), its status and readings, and every scenario that encodes it in Gherkin
with its board and the mutants it catches; an index by game and source, and a search
over a JSON index. With ``--reports``, each ruling shows which engines pass it and which
reading each follows. The boards are the scenarios' positions as their Given steps
leave them, taken by running the suite once against the built-in oracle (some 15 s),
or read from ``--positions``. See docs/site.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from oracle.core import cli_types
from oracle.games import game_modules, get_game
from oracle.harness.site.boards import write_boards
from oracle.harness.site.build import build_site
from oracle.harness.site.engine_reports import ReportError, load_reports
from oracle.harness.site.features_doc import read_suite
from oracle.harness.site.kills import Kills, load_kills
from oracle.harness.site.model import SiteData
from oracle.harness.site.positions import capture, read_positions
from oracle.harness.suite_info import chosen, combined_catalogue, suite_info


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, type=cli_types.writable_dir,
                        help="the folder the site is written to")
    parser.add_argument("--reports", nargs="+", default=[], metavar="REPORT",
                        help="report.json files (or their folders) written by railrules "
                             "certify: each ruling shows how each engine did")
    parser.add_argument("--matrix", default=None, type=cli_types.existing_file,
                        help="a kill matrix (railrules mutants --json > FILE): the mutants "
                             "each scenario catches; without it the pages say it is unknown")
    parser.add_argument("--positions", default=None, type=cli_types.existing_file,
                        help="the scenarios' positions from an earlier --keep-positions "
                             "(default: run the suite against the oracle to take them)")
    parser.add_argument("--keep-positions", default=None, metavar="FILE",
                        help="write the positions taken to FILE, for --positions")
    parser.add_argument("--no-boards", action="store_true", help="draw no boards")
    parser.add_argument("--game", action="append", default=None,
                        type=cli_types.one_of(lambda: game_modules(), "game"),
                        help="only this game's rulings (repeatable; default: every game)")
    parser.add_argument("--rulings", default=None, type=cli_types.existing_file,
                        help="rulings catalogue (default: the copy shipped in the package)")


def _fail(message: str) -> int:
    print(f"railrules site: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    games = chosen(args.game)
    try:  # everything handed in is read first: a bad file costs no suite run
        runs = load_reports(args.reports)
        kills: Kills | None = load_kills(args.matrix) if args.matrix else None
        positions = read_positions(Path(args.positions)) if args.positions else None
    except (ReportError, ValueError, OSError) as err:
        return _fail(str(err))
    note = ""
    if args.no_boards:
        positions, note = {}, "the site was built with --no-boards"
    elif positions is None:
        keep = Path(args.keep_positions) if args.keep_positions else None
        try:
            positions = capture([g.name for g in games], keep)
        except RuntimeError as err:
            return _fail(str(err))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data = SiteData(
        catalogue=combined_catalogue(games, args.rulings), scenarios=read_suite(games),
        games=games, options={g.name: list(get_game(g.name).options()) for g in games},
        runs=runs, kills=kills, boards_note=note or "the scenario reached no position",
        suite_hash=str(suite_info(games)["hash"]))
    data.boards = write_boards(out, positions, games)
    stats = build_site(data, out)
    print(f"railrules site: {stats['rulings']} rulings, {stats['scenarios']} scenarios, "
          f"{stats['boards']} boards; largest page {stats['largest_page']} "
          f"({int(stats['largest_page_bytes']):,} bytes), pages {int(stats['page_bytes']):,} "
          f"bytes, boards {int(stats['board_bytes']):,} bytes, "
          f"{time.perf_counter() - start:.1f} s -> {out / 'index.html'}")
    return 0
