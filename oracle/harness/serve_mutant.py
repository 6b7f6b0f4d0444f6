"""Serve one mutant over the adapter protocol, as any outside engine is served.

``railrules serve-mutant NAME`` is ``railrules serve`` with one deliberately wrong
rule. The kill matrix and ``--impl mutant:NAME`` grade mutants through it, so a
mutant meets exactly the outcome mapping, the schemas and the declared-readings
check that an outside engine meets (issue: an honest certificate).
"""

from __future__ import annotations

import argparse
import shlex
import sys

from oracle.core.cli_types import one_of
from oracle.harness.mutants import all_mutants, find_mutant, mutant_implementation
from oracle.protocol.server import serve, served_exit

PREFIX = "mutant:"


def command(name: str) -> str:
    """The shell command that serves mutant ``name``."""
    return f"{shlex.quote(sys.executable)} -m oracle.harness.serve_mutant {shlex.quote(name)}"


def resolve_spec(spec: str) -> str:
    """An ``--impl`` spec with ``mutant:NAME`` turned into the command that serves it."""
    if not spec.startswith(PREFIX):
        return spec
    name = spec.removeprefix(PREFIX)
    if name not in all_mutants():
        raise SystemExit(f"unknown mutant {name!r} (known: {sorted(all_mutants())})")
    return command(name)


_known_mutant = one_of(lambda: all_mutants(), "mutant")


def mutant_name(text: str) -> str:
    """``type=`` of a mutant's name: an unknown one is a usage error, before anything
    runs, naming the known ones; a known one is found loading its own game's mutants
    only (``find_mutant``)."""
    return text if find_mutant(text) is not None else _known_mutant(text)


mutant_name.__name__ = "mutant"  # argparse names the type by it


def impl_spec(text: str) -> str:
    """``type=`` of an ``--impl``: not empty, and a ``mutant:NAME`` names a mutant."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty implementation (oracle, mutant:NAME "
                                         "or an adapter command)")
    if text.startswith(PREFIX):
        mutant_name(text.removeprefix(PREFIX))
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", type=mutant_name,
                        help="the mutant to serve (railrules mutants lists them)")
    parser.add_argument("--no-check", action="store_true",
                        help="skip validating requests against the protocol schemas")


def run(args: argparse.Namespace) -> int:
    served_exit(serve(mutant_implementation(args.name), sys.stdin.buffer, sys.stdout.buffer,
                      check=not args.no_check))
    return 0


if __name__ == "__main__":
    _parser = argparse.ArgumentParser(prog="railrules serve-mutant", description=__doc__)
    add_arguments(_parser)
    sys.exit(run(_parser.parse_args()))
