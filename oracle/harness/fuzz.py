"""Differential fuzzing: random legal games through two implementations in lockstep.

``railrules fuzz --impl A [--against B] --game G --games N --seed S`` plays N random
games (A chooses among its legal actions, or B's where A lists none; the harness's
seeded RNG is the only chance) and compares, after every action, verdicts, canonical
positions, legal-action sets, scores and game over (oracle.harness.lockstep). Where a
side declines a request (a partial engine: a declared gap, or an ``unsupported``
answer) the game goes on from the other side's answer, and the gap is counted apart
from agreement, by side and feature, with the first action and position of each
(oracle.harness.fuzz_summary). One JSON line per game streams to
``reports/fuzz-<A>-vs-<B>/games.jsonl``; ``--resume`` plays only the games not in it,
and a run without it first removes the files the last run wrote there. The first
divergence is shrunk (oracle.harness.fuzz_shrink: cuts of our own, Hypothesis too with
``--shrink-lowering``, within ``--shrink-seconds``, each shorter trace shown on stderr
as it is found) and leaves
``trace.json``, ``draft.feature`` and ``divide.txt`` (oracle.harness.fuzz_draft).
``-j N`` spreads the games over N pytest-xdist workers (oracle.harness.fuzz_items).
Exit status: 0 no divergence, 1 a divergence, 2 a bad command line (an unknown mutant,
an option the oracle lacks where it plays, options no opening takes, a command that
answers the handshake but is no adapter: ``not_an_adapter``), 3 nothing
compared: no game of the campaign got past its first position (no legal action there,
or ``--max-actions 0``), so "agree" would claim what was never tested; 4 some games did
not finish (a ``-j`` worker failed: pytest's output is in ``workers.log``, and
``--resume`` plays the missing games); 130, 143 or 124 when SIGINT, SIGTERM or
``--deadline`` stopped it (oracle.harness.stopping: the games played are kept). A game
whose new game offers nothing to play (18xx: the engine plays operating rounds) starts
its games from the game's openings instead (``GameModule.openings``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from oracle.core import cli_types
from oracle.core.errors import MalformedInput
from oracle.core.options import resolve_options
from oracle.games import game_module
from oracle.harness.fuzz_campaign import (
    STREAM,
    SUMMARY,
    TODO,
    WORKERS_LOG,
    Campaign,
    clear_last_run,
    implementation,
    openings_of,
    prepare,
    read_stream,
    run_games,
)
from oracle.harness.fuzz_finding import report_finding
from oracle.harness.fuzz_summary import hints, summary, summary_lines
from oracle.harness.run_record import slug
from oracle.harness.serve_mutant import impl_spec, resolve_spec
from oracle.harness.stopping import GRACE, Stopper, add_bounds
from oracle.protocol import lifetime
from oracle.protocol.implementation import JSON, ImplementationOutcome
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB
from oracle.protocol.polling import DEFAULT_POLL_US
from oracle.protocol.reply_reading import not_a_handshake

ITEMS_ENV = "RAILRULES_FUZZ_OUT"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True, type=impl_spec,
                        help="implementation A (it chooses): oracle, mutant:NAME or a command")
    parser.add_argument("--against", default="oracle", type=impl_spec,
                        help="implementation B (default oracle)")
    parser.add_argument("--game", default="rocket", help="the game (default rocket)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game (repeatable)")
    parser.add_argument("--players", type=cli_types.non_negative_int, default=0,
                        help="players a game (default: drawn from the game's range)")
    parser.add_argument("--games", type=cli_types.positive_int, default=100,
                        help="games to play")
    parser.add_argument("--start", type=cli_types.non_negative_int, default=0,
                        help="first game index (several machines: disjoint ranges)")
    parser.add_argument("--seed", type=int, default=0, help="campaign seed")
    parser.add_argument("--max-actions", type=cli_types.non_negative_int, default=400,
                        help="actions a game at most (a longer game is cut: 'capped')")
    parser.add_argument("--out", default=None, help="output folder (default reports/fuzz-A-vs-B)")
    parser.add_argument("--resume", action="store_true", help="play only games not yet streamed")
    parser.add_argument("--keep-going", action="store_true",
                        help="play every game, even after a divergence")
    parser.add_argument("--no-shrink", action="store_true", help="write the divergence unshrunk")
    parser.add_argument("--shrink-seconds", type=cli_types.positive_float, default=300.0,
                        help="shrink for at most this long (default 300); the shortest "
                             "trace found by then is written")
    parser.add_argument("--shrink-lowering", action="store_true",
                        help="after the cuts, let Hypothesis lower the chooser's indices "
                             "too (slower; it shortened none of the measured mutants' "
                             "traces further: docs/fuzz.md)")
    parser.add_argument("-j", "--jobs", type=cli_types.non_negative_int, default=0,
                        help="pytest-xdist workers (0: in this process)")
    parser.add_argument("--xdist", default="", metavar="ARGS",
                        help="pytest-xdist arguments instead of -n (remote workers: "
                             "'-d --tx 8*ssh=host//python=...'); docs/fuzz.md")
    parser.add_argument("--timeout", type=cli_types.positive_float, default=5.0,
                        help="seconds per reply")
    parser.add_argument("--progress", choices=("auto", "yes", "no"), default="auto")
    parser.add_argument("--send-ahead", action="store_true",
                        help="send B each step's request before reading its reply about "
                             "the one before, where B declares pipelining: faster, and B "
                             "learns from the next request that A accepted the action "
                             "(docs/fuzz.md, 'Overlapping, and sending ahead')")
    parser.add_argument("--poll-us", type=cli_types.non_negative_int, default=None,
                        metavar="MICROSECONDS",
                        help="wait for a served side's reply by asking its pipe without "
                             "sleeping for up to this long first: some 20 us less a "
                             f"wake-up, a core held meanwhile (default {DEFAULT_POLL_US} with one "
                             "job, 0 with -j: sleep at once)")
    add_bounds(parser, "the campaign (the games played are kept)", "each adapter's",
               DEFAULT_MEMORY_MIB)


def poll_seconds(poll_us: int | None, jobs: int, xdist: str) -> float:
    """``--poll-us`` in seconds; unset, ``DEFAULT_POLL_US`` where the campaign runs in this one
    process, else 0 (several workers share the cores the polling would hold)."""
    if poll_us is None:
        poll_us = DEFAULT_POLL_US if jobs <= 1 and not xdist else 0
    return poll_us / 1e6


def parse_options(pairs: Iterable[str], game: str = "") -> JSON:
    """NAME=VALUE pairs: a value is a boolean or a number where it reads as one, except
    for an option ``game`` declares with text choices (18xx's ``title=1830``)."""
    texts = set()
    if game:
        try:
            texts = {o.name for o in game_module(game).api().options()
                     if all(isinstance(c, str) for c in o.choices)}
        except Exception:  # an unknown game: the command line is refused elsewhere
            texts = set()
    out: JSON = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"--option {pair!r}: expected NAME=VALUE")
        if name in texts:
            out[name] = value
            continue
        out[name] = {"true": True, "false": False}.get(value.lower(), value)
        if isinstance(out[name], str) and value.lstrip("-").isdigit():
            out[name] = int(value)
    return out


def not_an_adapter(spec: str, timeout: float,
                   memory_mib: int = DEFAULT_MEMORY_MIB) -> str | None:
    """Why the command ``spec`` is no adapter at all, or None: it answers the handshake
    with something that is not a protocol v1 handshake reply (``cat``, a shell). Asked
    once, before any game. An adapter that dies or hangs on starting is one with a bug:
    its games diverge, and that is the finding, not a bad command line."""
    if spec in ("", "oracle") or spec.startswith("mutant:"):
        return None
    side = implementation(spec, timeout, memory_mib)
    try:
        side.hello()
    except ImplementationOutcome as err:
        return not_a_handshake(err)
    finally:
        side.close()
    return None


def side_name(spec: str) -> str:
    if spec in ("", "oracle"):
        return "oracle"
    if spec.startswith("mutant:"):
        return slug("mutant-" + spec.removeprefix("mutant:"))
    return slug(spec.split()[-1].rsplit("/", 1)[-1])


class Bar:
    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled, self.started = max(total, 1), enabled, time.monotonic()

    def draw(self, done: int, diverged: int, final: bool = False) -> None:
        if not self.enabled:
            return
        filled = int(30 * min(done, self.total) / self.total)
        spent = time.monotonic() - self.started
        rate = done / spent if spent else 0.0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} "
                         f"{spent:6.1f}s {rate:6.1f} games/s  diverged {diverged}"
                         + ("\n" if final else ""))
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """The campaign. SIGINT, SIGTERM and ``--deadline`` stop it cleanly: the games played
    stay in the stream (``--resume`` plays the rest), every adapter is ended, and the exit
    status is 130, 143 or 124."""
    with Stopper(deadline=getattr(args, "deadline", None)) as stopper:
        try:
            return _run(args, stopper)
        except KeyboardInterrupt:
            print(f"\nfuzz: {stopper.reason or 'interrupted'}: stopped; the games played "
                  "are kept, and the same command with --resume plays the rest",
                  file=sys.stderr)
            return stopper.code or 130


def _run(args: argparse.Namespace, stopper: Stopper) -> int:
    try:
        low, high = game_module(args.game).players
    except Exception as err:  # an unknown game
        print(f"railrules fuzz: {err}", file=sys.stderr)
        return 2
    if args.players and not low <= args.players <= high:
        print(f"railrules fuzz: {args.game} takes {low} to {high} players", file=sys.stderr)
        return 2
    if args.players and game_module(args.game).openings:
        print(f"railrules fuzz: {args.game} games start from its openings, each with its "
              f"own players: --players does not apply", file=sys.stderr)
        return 2
    for spec in (args.impl, args.against):
        try:
            resolve_spec(spec)
        except SystemExit as err:  # an unknown mutant
            print(f"railrules fuzz: {str(err)[:300]}", file=sys.stderr)
            return 2
    options = parse_options(args.option, args.game)
    if "oracle" in (args.impl, args.against):  # the oracle names an option it lacks
        try:
            resolve_options(game_module(args.game).api().options(), options)
        except MalformedInput as err:
            print(f"railrules fuzz: --option: {err.field}: {err.message}", file=sys.stderr)
            return 2
    try:
        openings_of(args.game, options)
    except SystemExit as err:  # no opening takes these options
        print(f"railrules {err}", file=sys.stderr)
        return 2
    for flag, spec in (("--impl", args.impl), ("--against", args.against)):
        problem = not_an_adapter(spec, args.timeout,
                                 getattr(args, "adapter_memory", DEFAULT_MEMORY_MIB))
        if problem is not None:
            print(f"railrules fuzz: {flag} {spec!r}: {problem}", file=sys.stderr)
            return 2
    campaign = Campaign(impl=args.impl, against=args.against, game=args.game,
                        options=options, players=args.players,
                        games=args.games, start=args.start, seed=args.seed,
                        max_actions=args.max_actions,
                        timeout=args.timeout,
                        adapter_memory=getattr(args, "adapter_memory", DEFAULT_MEMORY_MIB),
                        send_ahead=getattr(args, "send_ahead", False),
                        poll=poll_seconds(getattr(args, "poll_us", None), args.jobs,
                                          args.xdist))
    names = (side_name(args.impl), side_name(args.against))
    out = Path(args.out) if args.out else Path("reports") / slug(f"fuzz-{names[0]}-vs-{names[1]}")
    if not args.resume:  # the last run's stream and finding would read as this run's
        gone = clear_last_run(out)
        if gone:
            print(f"fuzz: removed the last run's {', '.join(gone)} from {out}",
                  file=sys.stderr)
    done = prepare(out, campaign, args.resume)
    todo = [i for i in range(campaign.start, campaign.start + campaign.games) if i not in done]
    progress = args.progress == "yes" or (args.progress == "auto" and sys.stderr.isatty())
    print(f"fuzz: {args.impl} against {args.against}, {args.game}, {campaign.games} games "
          f"from game {campaign.start} "
          f"(seed {campaign.seed}, at most {campaign.max_actions} actions a game); "
          f"{len(done)} already done", file=sys.stderr)
    bar = Bar(len(todo), progress)
    t0, c0 = time.perf_counter(), time.process_time()
    stop = not args.keep_going
    unfinished = ""
    if (args.jobs > 0 or args.xdist) and todo:
        spread = shlex.split(args.xdist) if args.xdist else ["-n", str(args.jobs)]
        played_now, unfinished = run_parallel(out, todo, spread, bar, max(args.jobs, 1))
    else:
        played_now = []
        diverged = 0
        try:
            for line in run_games(campaign, todo, out / STREAM, stop_on_divergence=stop):
                played_now.append(line)
                diverged += line["outcome"] == "diverged"
                bar.draw(len(played_now), diverged)
        except KeyboardInterrupt:
            print(f"\n{stopper.reason or 'interrupted'}: stopped after {len(played_now)} "
                  "games; the same command with --resume plays the rest", file=sys.stderr)
            return stopper.code or 130
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    bar.draw(len(played_now), sum(x["outcome"] == "diverged" for x in played_now), final=True)
    everything = read_stream(out / STREAM)
    figures: dict[str, Any] = {"this_run": summary(played_now, wall, cpu),
               "campaign": summary(everything.values(), 0.0, 0.0)}
    print("\n".join(summary_lines("this run", figures["this_run"])))
    if done:
        print("\n".join(summary_lines("campaign", figures["campaign"])))
    for hint in hints(figures["campaign"], args.impl, args.against):
        print(hint, file=sys.stderr)
    found = [everything[i] for i in sorted(everything) if everything[i]["outcome"] == "diverged"]
    if found:
        figures["finding"] = report_finding(out, campaign, found[0], names,
                                            shrink_seconds=None if args.no_shrink
                                            else args.shrink_seconds,
                                            lowering=args.shrink_lowering)
    vacuous = bool(everything) and not any(int(x["actions"]) for x in everything.values())
    if vacuous and not found:
        figures["nothing_compared"] = True
        print("fuzz: nothing compared: no game got past its first position (no legal "
              "action there, no action allowed, or the game stopped: see above), so "
              "'agree' says only that the starting positions were alike", file=sys.stderr)
    (out / SUMMARY).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    if unfinished:
        print(unfinished, file=sys.stderr)
        return 1 if found else 4
    return 1 if found else 3 if vacuous else 0


def run_parallel(out: Path, todo: list[int], spread: list[str], bar: Bar,
                 jobs: int) -> tuple[list[JSON], str]:
    """The games as pytest items (oracle.harness.fuzz_items), spread by ``spread``
    (``-n N``, or remote xdist workers); and, where some did not finish (a worker
    failed), what to tell the user: pytest's output is kept in ``workers.log``."""
    from oracle.harness import fuzz_items
    chunk = max(1, min(50, len(todo) // (jobs * 4) or 1))
    chunks = [todo[i:i + chunk] for i in range(0, len(todo), chunk)]
    (out / TODO).write_text(json.dumps(chunks), encoding="utf-8")
    before = set(read_stream(out / STREAM))
    cmd = [sys.executable, "-m", "pytest", fuzz_items.__file__, "-q", "-p", "no:cacheprovider",
           "-p", "no:randomly", "--no-header", "-rN", "--tb=short", *spread,
           f"--rootdir={out}"]
    env = {**os.environ, ITEMS_ENV: str(out.resolve())}
    log = out / WORKERS_LOG
    # a session of its own, ended whole on a stop; it dies with this process (pytest's
    # workers then kill their adapters: oracle.protocol.lifetime)
    with log.open("wb") as sink, subprocess.Popen(
            cmd, env=env, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=lifetime.child_setup(0, signal.SIGTERM)) as proc:
        try:
            while proc.poll() is None:
                time.sleep(0.5)
                now = read_stream(out / STREAM)
                new = [v for k, v in now.items() if k not in before]
                bar.draw(len(new), sum(x["outcome"] == "diverged" for x in new))
        except BaseException:
            lifetime.stop_group(proc, GRACE)
            raise
    now = read_stream(out / STREAM)
    played = [v for k, v in sorted(now.items()) if k not in before]
    missing = [i for i in todo if i not in now]
    if not missing or (proc.returncode == 1 and any(x["outcome"] == "diverged"
                                                   for x in played)):
        return played, ""  # all done, or stopped at a divergence as asked
    tail = log.read_text(encoding="utf-8", errors="replace")[-1500:]
    return played, (f"fuzz: {len(missing)} of {len(todo)} games did not finish (the "
                    f"workers' pytest exited {proc.returncode}; {log}); the same command "
                    f"with --resume plays them. The end of its output:\n{tail}")
