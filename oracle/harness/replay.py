"""Replay a fuzz trace: ``railrules replay TRACE [--impl A] [--against B]``; or a
recorded game: ``railrules replay --from 18xx.games FILE [--impl A]``
(``replay_record.py``, docs/replay.md).

A and B are the implementations the trace records (``impl``, ``against``: the ones
``railrules fuzz`` played), unless ``--impl`` or ``--against`` names another (a fixed
build of the port, say); a trace that records none needs ``--impl``. Plays the trace's
actions (``trace.json`` from ``railrules fuzz``) from a new game, or
from the opening the trace records, through A and B in lockstep, prints whether and
where they still differ, and the perft-style divide. Exit status 0 when they agree now
(the bug is fixed), 1 when they still differ: a regression test for a port in one
command; 2 a bad command line, or a file that is not a readable trace.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from oracle.core import cli_types
from oracle.harness.fuzz_campaign import implementation
from oracle.harness.fuzz_draft import divide, load_trace
from oracle.harness.fuzz_shrink import revive
from oracle.harness.lockstep import Lockstep, replay_chooser
from oracle.harness.serve_mutant import impl_spec
from oracle.protocol.implementation import JSON

#: the platforms whose records ``--from`` reads (oracle/harness/replay_record.py)
SOURCES = ("18xx.games",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace", type=cli_types.existing_file,
                        help="a trace.json written by railrules fuzz; with --from, a "
                             "recorded game")
    parser.add_argument("--from", dest="source", default=None, choices=SOURCES,
                        help="replay a recorded game of this platform through --impl "
                             "(docs/replay.md) instead of a fuzz trace")
    parser.add_argument("--json", default=None, metavar="OUT",
                        help="with --from: write the report as JSON to OUT")
    parser.add_argument("--impl", default=None, type=impl_spec,
                        help="implementation A (default: the trace's)")
    parser.add_argument("--against", default=None, type=impl_spec,
                        help="implementation B (default: the trace's, else oracle)")
    parser.add_argument("--timeout", type=cli_types.positive_float, default=5.0,
                        help="seconds per reply")
    parser.add_argument("--no-divide", action="store_true", help="skip the divide table")
    parser.add_argument("--known-refusal", action="append", type=int, metavar="ID",
                        help="with --from: a record action the engine is expected to refuse "
                             "(the platform took it where the rules do not allow it): "
                             "reported, and the replay goes on without it (repeatable)")


def run(args: argparse.Namespace) -> int:
    if args.source is not None:
        from oracle.harness import replay_record
        return replay_record.run(args)
    if args.json is not None or args.known_refusal:
        print("railrules replay: --json and --known-refusal are for a record's replay "
              "(--from)", file=sys.stderr)
        return 2
    try:
        trace = load_trace(Path(args.trace))
    except (OSError, ValueError) as err:  # unreadable, not JSON, not a trace
        print(f"railrules replay: {err}", file=sys.stderr)
        return 2
    sides = sides_of(trace, args.impl, args.against)
    if isinstance(sides, str):
        print(f"railrules replay: {args.trace}: {sides}", file=sys.stderr)
        return 2
    impl, against = sides
    given = ("--impl" if args.impl is not None else "the trace's",
             "--against" if args.against is not None else
             "the trace's" if trace.get("against") else "the default")
    print(f"replay: A {impl} ({given[0]}), B {against} ({given[1]})", file=sys.stderr)
    a = implementation(impl, args.timeout)
    b = implementation(against, args.timeout)
    try:
        lock = Lockstep(a, b, trace["game"])
        actions = list(trace["actions"])
        played = lock.play(trace["players"], trace["options"], replay_chooser(actions),
                           len(actions), trace.get("start"))
        was = trace["divergence"]
        print(f"trace: {len(actions)} actions, {trace['game']}, "
              f"{len(trace['players'])} players; found as {was['kind']} after {was['step']}")
        if played.divergence is None:
            print(f"replay: {impl} and {against} agree on every step")
        else:
            print(f"replay: {impl} and {against} differ: {played.divergence.summary()}")
        if not args.no_divide:
            revive(lock)  # a side that died replaying is started again for the divide
            print(divide(a, b, {**trace, "impl": impl, "against": against}), end="")
    finally:
        a.close()
        b.close()
    return 0 if played.divergence is None else 1


def sides_of(trace: JSON, impl: str | None, against: str | None) -> tuple[str, str] | str:
    """A and B: each flag given, else what the trace records (B: else the oracle); or
    why there is no A."""
    recorded_a, recorded_b = trace.get("impl"), trace.get("against")
    a = impl if impl is not None else recorded_a
    b = against if against is not None else recorded_b or "oracle"
    if not isinstance(a, str) or not a.strip():
        return "the trace records no implementation: name one with --impl"
    if not isinstance(b, str) or not b.strip():
        return "the trace's 'against' is not an implementation: name one with --against"
    for spec in (a, b):
        try:
            impl_spec(spec)
        except argparse.ArgumentTypeError as err:
            return f"{spec!r}: {err}"
    return a, b
