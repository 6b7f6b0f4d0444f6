"""Run the whole suite against an implementation and write its reports.

With no ``--impl`` it grades the built-in oracle. Otherwise ``--impl "COMMAND"``
starts an adapter speaking protocol v1 (docs/protocol.md). Results stream to
``reports/<implementation>/results.jsonl`` while the run goes; at the end come
report.json, junit.xml, index.html and a summary table. See docs/certify.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import oracle
from oracle.core.schema import validate
from oracle.games import ruling_prefixes
from oracle.harness.catalogue import catalogue
from oracle.harness.reports.coverage import resolve_scope
from oracle.harness.reports.html import render_html
from oracle.harness.reports.junit import junit_xml
from oracle.harness.reports.model import build_report, read_stream
from oracle.harness.reports.terminal import summary_table

#: The suite's front doors, relative to the project root.
DEFAULT_SUITE_GLOB = "tests/test_*_features.py"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", default="oracle",
                        help="adapter command (default: the built-in oracle)")
    parser.add_argument("--name", default=None,
                        help="report folder name (default: from the handshake)")
    parser.add_argument("--out", default=None, help="reports folder (default: ROOT/reports)")
    parser.add_argument("--root", default=".", help="project root (default: .)")
    parser.add_argument("--suite", action="append", default=None,
                        help="test files or folders to run (default: tests/test_*_features.py)")
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


def suite_files(root: Path) -> list[Path]:
    files = [p for p in (root / "features").rglob("*.feature")]
    files += [p for p in (root / "steps").rglob("*.py")]
    return sorted(files)


def suite_info(root: Path) -> dict[str, Any]:
    """The suite's version and a hash of its features and steps."""
    h = hashlib.sha256()
    for path in suite_files(root):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return {"name": "railrules", "version": oracle.__version__, "hash": h.hexdigest()}


def feature_paths(root: Path, suite: list[str] | None = None) -> list[Path]:
    """The feature files of the features beside a chosen suite's files, or of
    ``features/``."""
    places = ([(root / s if (root / s).is_dir() else (root / s).parent) for s in suite]
              if suite else [root / "features"])
    return sorted({p for place in places for p in place.rglob("*.feature")})


_RULING_TAG = re.compile(r"@ruling:([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)")


def suite_rulings(root: Path, suite: list[str] | None = None) -> list[str]:
    """Every ruling some scenario of the suite cites (from the feature files' tags)."""
    found: set[str] = set()
    for path in feature_paths(root, suite):
        for line in path.read_text("utf-8", "replace").splitlines():
            if line.lstrip().startswith("@"):
                found.update(_RULING_TAG.findall(line))
    return sorted(found)


def count_scenarios(root: Path, suite: list[str] | None = None) -> int:
    """A rough count (scenarios and outline rows) to decide whether parallel pays."""
    total = 0
    for path in feature_paths(root, suite):
        text = path.read_text("utf-8", "replace")
        total += len(re.findall(r"^\s*Scenario", text, re.M))
        total += max(0, len(re.findall(r"^\s*\|", text, re.M)) // 2)
    return total


def workers(jobs: str, root: Path, suite: list[str] | None = None) -> int:
    """0 means in one process. Parallel pays only past xdist's start-up cost."""
    if importlib.util.find_spec("xdist") is None:
        return 0  # pytest-xdist not installed: run in one process
    if jobs != "auto":
        return max(0, int(jobs))
    cores = os.cpu_count() or 1
    if cores < 2 or count_scenarios(root, suite) < 200:
        return 0
    return min(cores, 8)


def pytest_command(args: argparse.Namespace, root: Path, results: Path, jobs: int,
                   progress: bool) -> list[str]:
    suite = args.suite or sorted(str(p.relative_to(root)) for p in root.glob(DEFAULT_SUITE_GLOB))
    cmd = [sys.executable, "-m", "pytest", *suite, f"--rootdir={root}",
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
    if jobs:
        cmd += ["-n", str(jobs)]
    return cmd


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def write_reports(out: Path, *, spec: str, suite: dict[str, Any], started: str,
                  partial: bool, rulings_path: str | None, scope: str = "suite",
                  cited: list[str] | None = None,
                  fallback_handshake: dict[str, Any] | None = None) -> dict[str, Any]:
    """Build report.json, junit.xml and index.html from ``out/results.jsonl``.
    ``cited``: the rulings the suite's scenarios cite (default: those in the results)."""
    results, handshake = read_stream(out / "results.jsonl")
    for record in results:
        record.pop("handshake", None)
    cat = catalogue(rulings_path)
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
    cited = suite_rulings(root, args.suite)
    try:  # a scope that names nothing is refused before anything runs
        resolve_scope(args.scope, catalogue=catalogue(args.rulings), suite_rulings=cited,
                      game_prefixes=ruling_prefixes())
    except ValueError as err:
        print(f"railrules certify: {err}", file=sys.stderr)
        return 2
    name = implementation_name(args.impl, args)
    out = (Path(args.out) if args.out else root / "reports") / name
    out.mkdir(parents=True, exist_ok=True)
    results = out / "results.jsonl"
    started = now()
    progress = args.progress == "yes" or (args.progress == "auto" and sys.stderr.isatty())
    cmd = pytest_command(args, root, results, workers(args.jobs, root, args.suite), progress)
    code = subprocess.call(cmd, cwd=root)
    # 0 all passed, 1 some failed, 5 nothing left to run (e.g. a finished --resume).
    partial = code not in (0, 1, 5)
    report = write_reports(out, spec=args.impl, suite=suite_info(root), started=started,
                           partial=partial, rulings_path=args.rulings, scope=args.scope,
                           cited=cited)
    if not args.quiet:
        print(summary_table(report))
        print(f"\nreports: {out}/ (index.html, report.json, junit.xml, results.jsonl)")
    if partial:
        return code or 2
    return 0 if report["certified"] else 1
