"""``railrules reasons``: the files generated from the reason-code registry.

The registry (``oracle/core/data/reasons.<game>.json``, read by
``oracle.core.reasons``) is the one place a reason code is written down with its
meaning and rulings. From it come ``docs/reason-codes.md`` (a table per game) and
one JSON Schema enum per game for the protocol
(``oracle/protocol/schemas/reasons.<game>.json``). Both are committed, and a test
regenerates them and compares, so they never drift from the registry.

``--write`` rewrites whichever are out of date, ``--check`` (the default) exits 1
naming them, ``--markdown`` and ``--schema GAME`` print one to stdout. Paths are
relative to ``--root`` (default: the source tree this package runs from).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Final

from oracle.core import reasons

DOC: Final = "docs/reason-codes.md"
SCHEMAS: Final = "oracle/protocol/schemas"
#: the source tree: oracle/harness/reason_docs.py -> the folder holding oracle/
DEFAULT_ROOT: Final = Path(__file__).resolve().parents[2]
COMMAND: Final = "railrules reasons --write"


def schema_path(game: str) -> str:
    return f"{SCHEMAS}/{reasons.file_name(game)}"


def enum_schema(game: str) -> str:
    """The protocol's enum of ``game``'s codes, as the file's text."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://railrules.invalid/protocol/v1/{reasons.file_name(game)}",
        "title": f"a registered {game} reason code",
        "description": f"Generated from oracle/core/data/{reasons.file_name(game)} by "
                       f"'{COMMAND}'; do not edit.",
        "enum": [r.code for r in reasons.entries(game)],
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """docs/reason-codes.md: a table per game."""
    lines = [
        "# Reason codes",
        "",
        f"<!-- Generated from oracle/core/data/reasons.*.json by `{COMMAND}`; "
        "do not edit. -->",
        "",
        "An action the rules refuse is answered with a reason code: a stable, namespaced "
        "name of the rule it breaks (`IllegalAction(code, ruling, reason)`, "
        "oracle/core/errors.py). Every code the oracle can raise is registered, per game, "
        "in `oracle/core/data/reasons.<game>.json` (read by `oracle.core.reasons`); "
        "scenarios assert them (`Then the action is refused with reason \"...\"`), and "
        "the protocol's enums (`oracle/protocol/schemas/reasons.<game>.json`) list them "
        "for adapters.",
        "",
        "*Rulings* are the catalogue rulings (oracle/harness/data/rulings.md) the oracle "
        "may cite with the code; none means the code rests on the base rules. A refusal "
        "about a private company's power cites the ruling that private names for that "
        "power, so such a code lists the rulings of every private that has the power.",
        "",
        "Tests hold the registry to the source: every code the oracle or a mutant raises "
        "is registered, every registered code is raised somewhere, every code a scenario "
        "asserts is registered (tests/test_reason_sources.py, tests/test_reason_runs.py).",
    ]
    for game in reasons.games():
        found = reasons.entries(game)
        cited = sum(1 for r in found if r.rulings)
        lines += ["", f"## {game}", "",
                  f"{len(found)} codes, {cited} of them citing rulings.", "",
                  "| code | meaning | rulings |", "|---|---|---|"]
        lines += [f"| `{r.code}` | {_cell(r.meaning)} | {', '.join(r.rulings)} |"
                  for r in found]
    return "\n".join(lines) + "\n"


def generated() -> dict[str, str]:
    """Every generated file: path relative to the root -> its text."""
    out = {DOC: markdown()}
    out.update({schema_path(game): enum_schema(game) for game in reasons.games()})
    return out


def stale(root: Path) -> list[str]:
    """The generated files missing or differing under ``root``."""
    out = []
    for rel, text in generated().items():
        path = root / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(rel)
    return out


def write(root: Path) -> list[str]:
    """Rewrite the stale files under ``root``; the ones written."""
    changed = stale(root)
    texts = generated()
    for rel in changed:
        (root / rel).write_text(texts[rel], encoding="utf-8")
    return changed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true",
                      help="exit 1 naming the generated files that are out of date (default)")
    what.add_argument("--write", action="store_true",
                      help="rewrite the generated files that are out of date")
    what.add_argument("--markdown", action="store_true",
                      help=f"print {DOC} to stdout")
    what.add_argument("--schema", choices=reasons.games(), metavar="GAME",
                      help="print the game's enum schema to stdout "
                           f"({', '.join(reasons.games())})")
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT,
                        help="the source tree the files live in (default: this one)")


def run(args: argparse.Namespace) -> int:
    if args.markdown:
        sys.stdout.write(markdown())
        return 0
    if args.schema:
        sys.stdout.write(enum_schema(args.schema))
        return 0
    if args.write:
        for rel in write(args.root):
            print(f"wrote {rel}")
        return 0
    behind = stale(args.root)
    for rel in behind:
        print(f"out of date: {rel} (run '{COMMAND}')")
    return 1 if behind else 0
