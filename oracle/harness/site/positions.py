"""Each scenario's position as its Given steps leave it, for the site's boards.

A position is made by the Given steps talking to an engine (an 18xx board is written
in the scenario's own notation, which only the steps read), so the site runs the suite
once against the built-in oracle with this module as a pytest plugin: at a scenario's
first step that is no Given, its id (as the reports name it) and position are written
as one JSON line. The file can be kept (``railrules site --keep-positions FILE``) and
given again (``--positions FILE``) to build the site without running anything.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from oracle.harness.collect import record_id
from oracle.harness.given_capture import append_record, given_position
from oracle.harness.suite_info import front_door

_OUT_OPTION = "--railrules-site-positions"
#: the largest positions file read back (the whole suite's is some 10 MB)
FILE_BOUND = 256 << 20


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(_OUT_OPTION, default=None, help="write each scenario's Given "
                     "position here (oracle.harness.site.positions)")


def pytest_bdd_before_step(request: pytest.FixtureRequest, feature: Any, scenario: Any,
                           step: Any, step_func: Any) -> None:
    found = given_position(request, step, request.config.getoption(_OUT_OPTION))
    if found is not None:
        append_record(request.config.getoption(_OUT_OPTION),
                      {"id": record_id(request.node), "game": found[0], "position": found[1]})


def capture(games: Sequence[str], keep: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every scenario's Given position of ``games``, run against the built-in oracle:
    scenario id -> ``{"game", "position"}``."""
    with tempfile.TemporaryDirectory(prefix="railrules-site-") as tmp:
        out = keep or Path(tmp) / "positions.jsonl"
        out.unlink(missing_ok=True)
        cmd = [sys.executable, "-m", "pytest", str(front_door()),
               "-p", "oracle.harness.pytest_plugin", "-p", "oracle.harness.site.positions",
               _OUT_OPTION, str(out.resolve()), "-q", "--no-header", "--tb=line",
               "-p", "no:xdist", "-p", "no:cacheprovider"]
        for game in games:
            cmd += ["--railrules-game", game]
        proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError("the scenarios did not run against the oracle: "
                               + (proc.stdout + proc.stderr)[-1500:])
        return read_positions(out)


def read_positions(path: Path) -> dict[str, dict[str, Any]]:
    """A positions file (one ``{"id", "game", "position"}`` per line); ``ValueError``
    naming the line when one is not such a record."""
    if path.stat().st_size > FILE_BOUND:
        raise ValueError(f"{path}: larger than {FILE_BOUND:,} bytes")
    found: dict[str, dict[str, Any]] = {}
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as err:
                raise ValueError(f"{path}:{number}: not JSON ({err})") from None
            if not (isinstance(record, dict) and isinstance(record.get("id"), str)
                    and isinstance(record.get("game"), str)):
                raise ValueError(f"{path}:{number}: not a position record "
                                 "(an object with id, game and position)")
            found[record["id"]] = {"game": record["game"], "position": record.get("position")}
    return found
