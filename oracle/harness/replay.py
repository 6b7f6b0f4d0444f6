"""Replay a fuzz trace: ``railrules replay TRACE --impl A [--against B]``.

Plays the trace's actions (``trace.json`` from ``railrules fuzz``) from a new game, or
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
from oracle.harness.lockstep import Lockstep, replay_chooser
from oracle.harness.serve_mutant import impl_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace", type=cli_types.existing_file,
                        help="a trace.json written by railrules fuzz")
    parser.add_argument("--impl", required=True, type=impl_spec, help="implementation A")
    parser.add_argument("--against", default="oracle", type=impl_spec,
                        help="implementation B (default oracle)")
    parser.add_argument("--timeout", type=cli_types.positive_float, default=5.0,
                        help="seconds per reply")
    parser.add_argument("--no-divide", action="store_true", help="skip the divide table")


def run(args: argparse.Namespace) -> int:
    try:
        trace = load_trace(Path(args.trace))
    except (OSError, ValueError) as err:  # unreadable, not JSON, not a trace
        print(f"railrules replay: {err}", file=sys.stderr)
        return 2
    a = implementation(args.impl, args.timeout)
    b = implementation(args.against, args.timeout)
    try:
        lock = Lockstep(a, b, trace["game"])
        actions = list(trace["actions"])
        played = lock.play(trace["players"], trace["options"], replay_chooser(actions),
                           len(actions), trace.get("start"))
        was = trace["divergence"]
        print(f"trace: {len(actions)} actions, {trace['game']}, "
              f"{len(trace['players'])} players; found as {was['kind']} after {was['step']}")
        if played.divergence is None:
            print(f"replay: {args.impl} and {args.against} agree on every step")
        else:
            print(f"replay: {args.impl} and {args.against} differ: "
                  f"{played.divergence.summary()}")
        if not args.no_divide:
            print(divide(a, b, {**trace, "impl": args.impl, "against": args.against}), end="")
    finally:
        a.close()
        b.close()
    return 0 if played.divergence is None else 1
