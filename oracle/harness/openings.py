"""A game's openings from its own scenarios: ``python -m oracle.harness.openings GAME OUT``.

Random games (``railrules fuzz``) of a game whose new game offers nothing to play (a
new 18xx game has no company operating: the engine plays operating rounds) start
from openings instead (``GameModule.openings``). The positions come from the suite:
each scenario's position as its Given steps leave it (the moment its first When or
Then step runs), played against the built-in oracle, so every opening is a position
a ruling's scenario states (reachable in play, published numbers: the suite's own
standards). Positions offering no legal action are left out, duplicates once.
The output is one JSON document, ``{"format", "game", "openings": [{"scenario",
"position"}]}``, sorted by scenario; the game turns it into openings for a
campaign's options. ``tests/eighteen/test_openings.py`` holds the file to the suite.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from oracle.games import get_game
from oracle.harness.given_capture import append_record, given_position
from oracle.harness.suite_info import front_door

FORMAT = "railrules-openings/1"
_OUT_OPTION = "--railrules-openings-out"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(_OUT_OPTION, default=None, help="write each scenario's Given "
                     "position here (oracle.harness.openings)")


def pytest_bdd_before_step(request: pytest.FixtureRequest, feature: Any, scenario: Any,
                           step: Any, step_func: Any) -> None:
    """At a scenario's first step that is no Given: its position, once."""
    found = given_position(request, step, request.config.getoption(_OUT_OPTION))
    if found is None:
        return
    tags = sorted(t for t in scenario.tags if t.startswith("id:"))
    append_record(request.config.getoption(_OUT_OPTION),
                  {"scenario": tags[0][3:] if tags else scenario.name, "game": found[0],
                   "position": found[1]})


def capture(game: str) -> list[dict[str, Any]]:
    """Every scenario's Given position of ``game``, run against the built-in oracle."""
    with tempfile.TemporaryDirectory(prefix="railrules-openings-") as tmp:
        out = Path(tmp) / "positions.jsonl"
        cmd = [sys.executable, "-m", "pytest", str(front_door()), "--railrules-game", game,
               "-p", "oracle.harness.pytest_plugin", "-p", "oracle.harness.openings",
               _OUT_OPTION, str(out), "-q", "--no-header", "--tb=line", "-p", "no:xdist",
               "-p", "no:cacheprovider"]
        proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not out.exists():
            raise SystemExit(f"openings: the {game} scenarios did not pass against the "
                             f"oracle:\n{(proc.stdout + proc.stderr)[-2000:]}")
        lines = out.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def openings(game: str) -> dict[str, Any]:
    """The openings document for ``game``: playable, distinct, sorted by scenario."""
    api = get_game(game)
    seen: set[str] = set()
    kept = []
    for record in sorted(capture(game), key=lambda r: str(r["scenario"])):
        if record["game"] != game:
            continue
        text = json.dumps(record["position"], sort_keys=True)
        if text in seen or not api.legal_actions(record["position"]):
            continue
        seen.add(text)
        kept.append({"scenario": record["scenario"], "position": record["position"]})
    return {"format": FORMAT, "game": game, "openings": kept}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m oracle.harness.openings",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("game")
    parser.add_argument("out", help="the JSON file to write")
    args = parser.parse_args(argv)
    document = openings(args.game)
    lines = ",\n".join(json.dumps(o, sort_keys=True, separators=(",", ":"))
                       for o in document["openings"])
    Path(args.out).write_text(
        f'{{"format": "{FORMAT}", "game": "{args.game}", "openings": [\n{lines}\n]}}\n',
        encoding="utf-8")
    print(f"openings: {len(document['openings'])} {args.game} openings -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
