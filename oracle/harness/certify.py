"""Run the whole suite against an implementation and write its reports.

With no ``--impl`` it grades the built-in oracle. Otherwise ``--impl "COMMAND"``
starts an adapter speaking protocol v1 (docs/protocol.md). Results stream to
``reports/<implementation>/results.jsonl`` while the run goes; at the end come
report.json, junit.xml, index.html and a summary table. See docs/certify.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.core.game import GameModule
from oracle.core.schema import validate
from oracle.games import ruling_prefixes
from oracle.harness.catalogue import Ruling
from oracle.harness.reports.coverage import resolve_scope
from oracle.harness.reports.html import render_html
from oracle.harness.reports.junit import junit_xml
from oracle.harness.reports.model import build_report, read_stream
from oracle.harness.reports.terminal import summary_table
from oracle.harness.suite_info import (
    chosen,
    combined_catalogue,
    count_scenarios,
    front_door,
    suite_info,
    suite_rulings,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", default="oracle",
                        help="adapter command (default: the built-in oracle)")
    parser.add_argument("--name", default=None,
                        help="report folder name (default: from the handshake)")
    parser.add_argument("--out", default=None, help="reports folder (default: ROOT/reports)")
    parser.add_argument("--root", default=".", help="project root (default: .)")
    parser.add_argument("--game", action="append", default=None,
                        help="grade only this game's scenarios (repeatable; default: every "
                             "registered game)")
    parser.add_argument("--rulings", default=None,
                        help="rulings catalogue (default: the copy shipped in the package)")
    parser.add_argument("--scope", default="suite",
                        help="what the certificate covers: suite (default: every ruling the "
                             "suite cites), catalogue, a game, a ruling ID or prefix; "
                             "comma-separated")
    parser.add_argument("--resume", action="store_true",
                        help="continue an interrupted run, keeping its results")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per reply")
    parser.add_argument("--restarts", type=int, default=3, help="adapter restarts allowed")
    parser.add_argument("--max-reply", type=int, default=16 << 20, help="bytes per reply line")
    parser.add_argument("-j", "--jobs", default="auto",
                        help="parallel workers (pytest-xdist): a number, or auto")
    parser.add_argument("-k", dest="keyword", default=None, help="pytest -k expression")
    parser.add_argument("--progress", choices=("auto", "yes", "no"), default="auto")
    parser.add_argument("--quiet", action="store_true", help="no summary table")


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")[:60] or "implementation"


def implementation_name(spec: str, args: argparse.Namespace) -> str:
    """The report folder: --name, else the handshake's name (asking the adapter once)."""
    if args.name:
        return slug(args.name)
    if spec in ("", "oracle"):
        return "railrules-oracle"
    if spec.startswith("mutant:"):
        return slug("mutant-" + spec.removeprefix("mutant:"))
    from oracle.protocol.client import ProtocolClient
    from oracle.protocol.implementation import ImplementationOutcome
    client = ProtocolClient(spec, timeout=args.timeout, max_restarts=0,
                            max_reply_bytes=args.max_reply)
    try:
        return slug(str(client.hello().get("name") or spec))
    except ImplementationOutcome:
        return slug(spec.split()[-1].rsplit("/", 1)[-1])
    finally:
        client.close()


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
                   progress: bool) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", str(front_door()), f"--rootdir={root}",
           "-p", "oracle.harness.pytest_plugin", "-p", "no:cacheprovider",
           "--impl", args.impl, "--impl-timeout", str(args.timeout),
           "--impl-restarts", str(args.restarts), "--impl-max-reply", str(args.max_reply),
           "--railrules-results", str(results)]
    if progress:  # our bar replaces pytest's dots
        cmd += ["--railrules-progress", "-p", "no:terminal"]
    else:
        cmd += ["-q", "--no-header", "-rN", "--tb=no"]
    if args.resume:
        cmd.append("--railrules-resume")
    if args.keyword:
        cmd += ["-k", args.keyword]
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
                  fallback_handshake: dict[str, Any] | None = None) -> dict[str, Any]:
    """Build report.json, junit.xml and index.html from ``out/results.jsonl``.
    ``cited``: the rulings the suite's scenarios cite (default: those in the results)."""
    results, handshake = read_stream(out / "results.jsonl")
    for record in results:
        record.pop("handshake", None)
    if cited is None:
        cited = sorted({r for rec in results for r in rec.get("rulings") or ()})
    chosen = resolve_scope(scope, catalogue=cat, suite_rulings=cited,
                           game_prefixes=ruling_prefixes())
    report = build_report(results, implementation=handshake or fallback_handshake, spec=spec,
                          suite=suite, catalogue=cat, started=started, finished=now(),
                          partial=partial, scope=chosen, suite_rulings=cited)
    validate(report, "oracle.harness.data", "report.schema.json", "report")
    (out / "report.json").write_text(json.dumps(report, indent=1, default=str) + "\n", "utf-8")
    (out / "junit.xml").write_bytes(junit_xml(report))
    (out / "index.html").write_text(render_html(report, cat), "utf-8")
    return report


def run(args: argparse.Namespace) -> int:
    root = Path(args.root).resolve()
    try:  # unknown games, and a scope that names nothing, are refused before anything runs
        games = chosen(args.game)
        cited = suite_rulings(games)
        cat = combined_catalogue(games, args.rulings)
        resolve_scope(args.scope, catalogue=cat, suite_rulings=cited,
                      game_prefixes=ruling_prefixes())
    except (ValueError, MalformedInput) as err:
        print(f"railrules certify: {err}", file=sys.stderr)
        return 2
    name = implementation_name(args.impl, args)
    out = (Path(args.out) if args.out else root / "reports") / name
    out.mkdir(parents=True, exist_ok=True)
    results = out / "results.jsonl"
    started = now()
    progress = args.progress == "yes" or (args.progress == "auto" and sys.stderr.isatty())
    cmd = pytest_command(args, root, results, workers(args.jobs, games), progress)
    code = subprocess.call(cmd, cwd=root)
    # 0 all passed, 1 some failed, 5 nothing left to run (e.g. a finished --resume).
    partial = code not in (0, 1, 5)
    report = write_reports(out, spec=args.impl, suite=suite_info(games), started=started,
                           partial=partial, cat=cat, scope=args.scope, cited=cited)
    if not args.quiet:
        print(summary_table(report))
        print(f"\nreports: {out}/ (index.html, report.json, junit.xml, results.jsonl)")
    if partial:
        return code or 2
    return 0 if report["certified"] else 1
