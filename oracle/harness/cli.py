"""The ``railrules`` command. Each verb lives in its own module; this file only
routes (an explicit table, no reflection)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from oracle.harness.version import VersionAction

#: verb -> (module with ``add_arguments(parser)`` and ``run(args) -> int``, help)
VERBS: dict[str, tuple[str, str]] = {
    "certify": ("oracle.harness.certify", "run the suite against an implementation and report"),
    "serve": ("oracle.protocol.server", "serve the oracle over the adapter protocol (stdio)"),
    "bench": ("oracle.harness.bench", "print speed figures as JSON"),
    "mutants": ("oracle.harness.killmatrix", "run the suite against every mutant"),
    "serve-mutant": ("oracle.harness.serve_mutant", "serve one mutant over the protocol"),
    "fuzz": ("oracle.harness.fuzz", "random games through two implementations, compared"),
    "replay": ("oracle.harness.replay", "replay a fuzz trace through two implementations, "
               "or a recorded game (--from)"),
    "diff": ("oracle.harness.report_diff", "compare two certification reports"),
    "site": ("oracle.harness.site.command", "write the rulings as a static site: a page "
                                            "per ruling, its scenarios, boards and kills"),
    "compare": ("oracle.harness.site.compare_command", "engines side by side: a matrix of "
                                                       "rulings by reports, and badges"),
    "smoke": ("oracle.harness.smoke", "try an adapter in seconds: handshake, a new game, "
                                      "one legal action, one query"),
    "turns": ("oracle.harness.real_turns", "replay real company turns of recorded 18xx games "
                                           "and compare each turn's end with the record"),
    "reasons": ("oracle.harness.reason_docs", "write or check the files generated from the "
                                              "reason-code registry"),
}


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    # Only the verb asked for is imported (``railrules serve`` need not load pytest and
    # hypothesis, as certify and fuzz do: a second of start-up per served adapter);
    # without a known verb first, every verb is, for the usage message.
    # ``--version`` alone imports no verb either.
    chosen = ([args_in[0]] if args_in and args_in[0] in VERBS
              else [] if args_in[:1] == ["--version"] else list(VERBS))
    parser = argparse.ArgumentParser(prog="railrules", description=__doc__)
    parser.add_argument("--version", action=VersionAction,
                        help="print the package version, the suite hash and the protocol "
                             "version, and exit")
    sub = parser.add_subparsers(dest="verb", required=True)
    for verb, (module_name, help_text) in VERBS.items():
        if verb not in chosen:
            sub.add_parser(verb, help=help_text)
            continue
        module = importlib.import_module(module_name)
        verb_parser = sub.add_parser(verb, help=help_text, description=module.__doc__)
        module.add_arguments(verb_parser)
    try:  # a bad command line: argparse's usage and one line, status 2, returned
        args = parser.parse_args(args_in)
    except SystemExit as stop:  # as any verb's status is (``main([...])`` in tests)
        return stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 2
    module = importlib.import_module(VERBS[args.verb][0])
    code: int = module.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
