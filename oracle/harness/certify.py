"""Run the whole suite against an implementation and write its reports.

With no ``--impl`` it grades the built-in oracle. Otherwise ``--impl "COMMAND"``
starts an adapter speaking the railrules protocol (docs/protocol.md). Results stream to
``reports/<implementation>/results.jsonl`` while the run goes; at the end come
report.json, junit.xml, index.html and a summary table. See docs/certify.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from oracle.core import cli_types
from oracle.core.errors import MalformedInput
from oracle.core.game import GameModule
from oracle.core.schema import validate
from oracle.games import ruling_prefixes
from oracle.harness.catalogue import Ruling
from oracle.harness.reports.coverage import resolve_scope
from oracle.harness.reports.html import render_html
from oracle.harness.reports.junit import junit_xml
from oracle.harness.reports.model import build_report
from oracle.harness.reports.terminal import summary_table
from oracle.harness.reports.text import for_xml, scrub
from oracle.harness.results_file import ResultsFileError, read_collected, read_results
from oracle.harness.run_record import (
    RUN_FILE,
    NotAnAdapter,
    handshake,
    implementation_name,
    resume_problem,
    run_record,
    selection_of,
    words,
)
from oracle.harness.serve_mutant import impl_spec
from oracle.harness.stopping import (
    GRACE,
    Stopped,
    Stopper,
    add_bounds,
)
from oracle.harness.suite_info import (
    chosen,
    combined_catalogue,
    count_scenarios,
    front_door,
    suite_info,
    suite_rulings,
)
from oracle.protocol import lifetime, sandbox
from oracle.protocol.exchange_log import ExchangeLog
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", default="oracle", type=impl_spec,
                        help="adapter command (default: the built-in oracle)")
    parser.add_argument("--name", default=None,
                        help="report folder name (default: from the handshake)")
    parser.add_argument("--out", default=None, type=cli_types.writable_dir,
                        help="reports folder (default: ROOT/reports)")
    parser.add_argument("--root", default=".", type=cli_types.existing_dir,
                        help="project root (default: .)")
    parser.add_argument("--game", action="append", default=None,
                        help="grade only this game's scenarios (repeatable; default: every "
                             "registered game)")
    parser.add_argument("--rulings", default=None, type=cli_types.existing_file,
                        help="rulings catalogue (default: the copy shipped in the package)")
    parser.add_argument("--scope", default="suite", type=cli_types.comma_words,
                        help="what the certificate covers: suite (default: every ruling the "
                             "suite cites), catalogue, a game, a ruling ID or prefix; "
                             "comma-separated")
    parser.add_argument("--resume", action="store_true",
                        help="continue an interrupted run, keeping its results")
    parser.add_argument("--timeout", type=cli_types.positive_float, default=5.0,
                        help="seconds per reply")
    parser.add_argument("--restarts", type=cli_types.non_negative_int, default=3,
                        help="adapter restarts allowed")
    parser.add_argument("--max-reply", type=cli_types.reply_bytes, default=16 << 20,
                        help="bytes per reply line")
    parser.add_argument("-j", "--jobs", default="auto", type=cli_types.jobs,
                        help="parallel workers (pytest-xdist): a number, or auto")
    parser.add_argument("-k", dest="keyword", default=None,
                        help="pytest -k expression (a selection: the run certifies nothing)")
    parser.add_argument("--ruling", action="append", default=None,
                        help="run only scenarios of these ruling IDs or prefixes "
                             "(comma-separated, repeatable; a selection: no certificate)")
    parser.add_argument("--scenario", action="append", default=None,
                        help="run only these scenario IDs, as the summary prints them "
                             "(comma-separated, repeatable; a selection: no certificate)")
    parser.add_argument("--progress", choices=("auto", "yes", "no"), default="auto")
    parser.add_argument("--quiet", action="store_true", help="no summary table")
    parser.add_argument("--isolate", choices=sandbox.MODES, default="auto",
                        help="run the adapter in a sandbox (bubblewrap): auto (when it works "
                             "here; the default), yes (required), no (docs/certify.md, "
                             "Isolation)")
    parser.add_argument("--log-exchanges", default=None, metavar="DIR",
                        type=cli_types.writable_dir,
                        help="write every request to the adapter and every reply (or failure) "
                             "to DIR/<scenario id>.jsonl, and the handshakes to "
                             "DIR/_handshake.jsonl; the HTML report links each failing "
                             "scenario's file (docs/certify.md, Exchange logs)")
    add_bounds(parser, "the run (a partial report)", "the adapter's", DEFAULT_MEMORY_MIB)


def workers(jobs: str, games: list[GameModule]) -> int:
    """0 means in one process. Parallel pays only past xdist's start-up cost."""
    if importlib.util.find_spec("xdist") is None:
        return 0  # pytest-xdist not installed: run in one process
    if jobs != "auto":
        return max(0, int(jobs))
    cores = os.cpu_count() or 1
    if cores < 2 or count_scenarios(games) < 200:
        return 0
    return min(cores, 8)


def pytest_command(args: argparse.Namespace, root: Path, results: Path, jobs: int,
                   progress: bool, scope_filter: list[str] | None = None) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", str(front_door()), f"--rootdir={root}",
           "-p", "oracle.harness.pytest_plugin", "-p", "no:cacheprovider",
           "--impl", args.impl, "--impl-timeout", str(args.timeout),
           "--impl-restarts", str(args.restarts), "--impl-max-reply", str(args.max_reply),
           "--impl-isolate", args.isolate, "--railrules-results", str(results),
           "--impl-memory", str(getattr(args, "adapter_memory", DEFAULT_MEMORY_MIB))]
    if progress:  # our bar replaces pytest's dots
        cmd += ["--railrules-progress", "-p", "no:terminal"]
    else:
        cmd += ["-q", "--no-header", "-rN", "--tb=no"]
    if args.resume:
        cmd.append("--railrules-resume")
    if getattr(args, "log_exchanges", None):  # absolute: pytest runs in ``root``
        cmd += ["--railrules-log-exchanges", str(Path(args.log_exchanges).resolve())]
    if args.keyword:
        cmd += ["-k", args.keyword]
    for word in words(args.ruling or []):
        cmd += ["--railrules-ruling", word]
    if args.scenario:
        cmd += ["--railrules-scenario", ",".join(words(args.scenario))]
    if scope_filter is not None:  # the scope narrows what runs, not only the verdict
        cmd += ["--railrules-scope", ",".join(scope_filter)]
    for game in args.game or ():
        cmd += ["--railrules-game", game]
    if jobs:
        cmd += ["-n", str(jobs)]
    return cmd


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def write_reports(out: Path, *, spec: str, suite: dict[str, Any], started: str,
                  partial: bool, cat: dict[str, Ruling], scope: str = "suite",
                  cited: list[str] | None = None,
                  fallback_handshake: dict[str, Any] | None = None,
                  selection: dict[str, Any] | None = None,
                  partial_reason: str | None = None,
                  exchange_logs: Path | None = None) -> dict[str, Any]:
    """Build report.json, junit.xml and index.html from ``out/results.jsonl``.
    ``cited``: the rulings the suite's scenarios cite (default: those in the results).
    ``fallback_handshake``: the one certify asked for before the run (used when no
    record carries one). ``selection``: what the run was narrowed to (no certificate).
    ``partial_reason``: why a partial run stopped ("interrupted by SIGINT").
    ``exchange_logs``: the ``--log-exchanges`` folder, which the HTML links into."""
    stream = out / "results.jsonl"
    read = read_results(stream, read_collected(stream))
    results, handshakes = [scrub(r) for r in read.results], read.handshakes
    if read.dropped:
        print(f"railrules certify: dropped {read.dropped} record(s) of no scenario of this "
              f"run from {stream}", file=sys.stderr)
    for record in results:
        record.pop("handshake", None)
    if cited is None:
        cited = sorted({r for rec in results for r in rec.get("rulings") or ()})
    chosen = resolve_scope(scope, catalogue=cat, suite_rulings=cited,
                           game_prefixes=ruling_prefixes())
    hello = dict(handshakes[0] if handshakes else fallback_handshake or {})
    if "isolation" not in hello and fallback_handshake and "isolation" in fallback_handshake:
        hello["isolation"] = fallback_handshake["isolation"]  # both set by the harness
    report = build_report(results, implementation=hello, spec=spec,
                          suite=suite, catalogue=cat, started=started, finished=now(),
                          partial=partial, scope=chosen, suite_rulings=cited,
                          selection=selection, partial_reason=partial_reason,
                          handshakes=[*handshakes, *([fallback_handshake]
                                                     if fallback_handshake else [])])
    if exchange_logs is not None:  # relative: the report folder and the logs move together
        report["exchange_logs"] = Path(os.path.relpath(exchange_logs.resolve(),
                                                       out.resolve())).as_posix()
    validate(report, "oracle.harness.data", "report.schema.json", "report")
    (out / "report.json").write_text(json.dumps(report, indent=1, default=str) + "\n", "utf-8")
    (out / "junit.xml").write_bytes(junit_xml(report))
    # no control character (adapter text) reaches the page, even escaped as HTML
    page = render_html(report, cat)
    page.boards.write(out)  # the pictures the page links, beside it
    (out / "index.html").write_text(for_xml(page.html), "utf-8")
    return report


def run(args: argparse.Namespace) -> int:
    """Certify (docs/certify.md). SIGINT, SIGTERM and ``--deadline`` stop it cleanly: before
    pytest starts, with one line; while it runs, pytest's process group is stopped
    (``run_pytest``) and a partial report is written from the results so far. The exit
    status is then 130, 143 or 124."""
    with Stopper(deadline=getattr(args, "deadline", None)) as stopper:
        try:
            return _run(args, stopper)
        except Stopped as stop:
            print(f"railrules certify: {stop.reason} before the run started; nothing was "
                  "graded", file=sys.stderr)
            return stop.code


def run_pytest(cmd: list[str], root: Path, stopper: Stopper) -> int | None:
    """pytest's exit status, or None when ``stopper`` stopped it. pytest runs in a session
    of its own (so a Ctrl-C at the terminal reaches certify alone, which forwards it) and
    gets SIGTERM when certify dies, even by kill -9: its plugin then kills the adapters'
    process groups and dies, and its workers follow it the same way (pytest_plugin)."""
    proc = subprocess.Popen(cmd, cwd=root, start_new_session=True,
                            preexec_fn=lifetime.child_setup(0, signal.SIGTERM))
    try:
        while True:
            with contextlib.suppress(subprocess.TimeoutExpired):
                return proc.wait(0.2)
            if stopper.reason is not None:
                lifetime.stop_group(proc, GRACE)
                return None
    except BaseException:
        lifetime.stop_group(proc, 0.0)
        raise


def _run(args: argparse.Namespace, stopper: Stopper) -> int:
    if args.isolate == "yes" and args.impl not in ("", "oracle"):  # before anything runs
        works, why = sandbox.available()
        if not works:
            print(f"railrules certify: --isolate yes: no working sandbox: {why}",
                  file=sys.stderr)
            return 2
    root = Path(args.root).resolve()
    try:  # unknown games, and a scope that names nothing, are refused before anything runs
        games = chosen(args.game)
        cited = suite_rulings(games)
        cat = combined_catalogue(games, args.rulings)
        scope = resolve_scope(args.scope, catalogue=cat, suite_rulings=cited,
                              game_prefixes=ruling_prefixes())
    except (ValueError, MalformedInput) as err:
        print(f"railrules certify: {err}", file=sys.stderr)
        return 2
    suite = suite_info(games)
    selection = selection_of(args)
    logs = Path(args.log_exchanges) if getattr(args, "log_exchanges", None) else None
    if logs is not None and not args.resume:  # before the first handshake is logged
        ExchangeLog.fresh(logs)
    try:
        hello = handshake(args.impl, args)
    except NotAnAdapter as err:
        print(f"railrules certify: {err}", file=sys.stderr)
        return 2
    name = implementation_name(args.impl, args, hello)
    out = (Path(args.out) if args.out else root / "reports") / name
    record = run_record(args, hello, suite, scope, selection)
    if args.resume:
        problem = resume_problem(out, record)
        if problem is not None:
            print(f"railrules certify: --resume refused: {problem}", file=sys.stderr)
            return 2
    out.mkdir(parents=True, exist_ok=True)
    (out / RUN_FILE).write_text(json.dumps(record, indent=1) + "\n", "utf-8")
    results = out / "results.jsonl"
    started = now()
    progress = args.progress == "yes" or (args.progress == "auto" and sys.stderr.isatty())
    # The scope narrows what runs: only scenarios citing a ruling in it (all of them when
    # the scope holds every ruling the suite cites).
    scope_filter = None if set(cited) <= set(scope.rulings) else list(scope.rulings)
    cmd = pytest_command(args, root, results, workers(args.jobs, games), progress,
                         scope_filter)
    stopper.raising = False  # from here a stop ends pytest and still writes the reports
    code = run_pytest(cmd, root, stopper)
    stopper.disarm()
    stopped = stopper.reason if code is None else None  # None: pytest finished by itself
    # 0 all passed, 1 some failed, 5 nothing left to run (e.g. a finished --resume, or a
    # scope whose rulings no scenario cites).
    partial = code not in (0, 1, 5)
    try:
        report = write_reports(out, spec=args.impl, suite=suite, started=started,
                               partial=partial, cat=cat, scope=args.scope, cited=cited,
                               fallback_handshake=hello, selection=selection,
                               partial_reason=stopped, exchange_logs=logs)
    except ResultsFileError as err:  # a corrupted record: named by file and line
        print(f"railrules certify: no report: {err}", file=sys.stderr)
        return 2
    if stopped is not None:
        print(f"railrules certify: {stopped}: stopped after {report['scenarios']} scenarios; "
              f"partial report (no certificate) in {out}/; the same command with --resume "
              "runs the rest", file=sys.stderr)
        return stopper.code
    if not args.quiet:
        print(summary_table(report))
        print(f"\nreports: {out}/ (index.html and boards/, report.json, junit.xml, "
              "results.jsonl)")
    if stopper.reason is not None:  # a signal while the reports were written
        return stopper.code
    if partial:
        return code or 2
    return 0 if report["certified"] else 1
