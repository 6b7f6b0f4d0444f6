"""Bad command lines: each is refused before anything runs, with argparse's usage and
one line naming the problem (or the verb's own one line) on stderr, exit status 2 and
no traceback (oracle/core/cli_types.py; docs/certify.md, "Failure classes")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: argparse's usage of the longest verb (certify) and its error line
MOST_LINES = 16


def railrules(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "oracle.harness.cli", *argv], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def files(tmp: Path) -> dict[str, str]:
    (tmp / "list.json").write_text("[1, 2]\n", encoding="utf-8")
    (tmp / "garbage.json").write_text("garbage{\n", encoding="utf-8")
    (tmp / "report.json").write_text(json.dumps({"results": []}), encoding="utf-8")
    return {"list": str(tmp / "list.json"), "garbage": str(tmp / "garbage.json"),
            "missing": str(tmp / "missing.json"), "report": str(tmp / "report.json")}


#: (command line, words the error line holds); {list}, {garbage}, {missing}, {report}
#: name files made by ``files``
BAD = [
    ("certify -j abc", "argument -j/--jobs: 'abc' is not a whole number"),
    ("certify -j -1", "argument -j/--jobs: '-1': must be 0 or more"),
    ("certify --rulings {missing}", "argument --rulings: {missing}: no such file"),
    ("certify --root {missing}", "argument --root: {missing}: no such folder"),
    ("certify --out /proc/x", "argument --out: /proc/x: cannot make a folder in /proc"),
    ("certify --out {list}/x", "argument --out: {list}/x: {list} is not a folder"),
    ("certify --timeout 0", "argument --timeout: '0': must be a finite number above 0"),
    ("certify --timeout -1", "argument --timeout: '-1': must be a finite number above 0"),
    ("certify --timeout nan", "argument --timeout: 'nan': must be a finite number above 0"),
    ("certify --timeout inf", "argument --timeout: 'inf': must be a finite number above 0"),
    ("certify --max-reply 0", "argument --max-reply: '0': must be 1 or more"),
    ("certify --max-reply -1", "argument --max-reply: '-1': must be 1 or more"),
    ("certify --max-reply 99999999999", "argument --max-reply: '99999999999': at most"),
    ("certify --restarts -1", "argument --restarts: '-1': must be 0 or more"),
    ("certify --scope ,", "argument --scope: ',' names nothing"),
    ("certify --impl mutant:nonexistent", "argument --impl: unknown mutant 'nonexistent'"),
    ("fuzz --impl cat --games 1", "--impl 'cat': not a railrules adapter"),
    ("certify --impl cat --game rocket", "--impl 'cat': not a railrules adapter"),
    ("fuzz --impl oracle --timeout 0", "argument --timeout: '0': must be a finite number"),
    ("fuzz --impl oracle --timeout nan", "argument --timeout: 'nan': must be a finite"),
    ("fuzz --impl oracle --games -1", "argument --games: '-1': must be 1 or more"),
    ("fuzz --impl oracle --games 0", "argument --games: '0': must be 1 or more"),
    ("fuzz --impl mutant:nonexistent", "argument --impl: unknown mutant 'nonexistent'"),
    ("fuzz --impl oracle --against mutant:nope", "argument --against: unknown mutant"),
    ("diff {list} {report}", "railrules diff: {list}: not a report (a JSON object)"),
    ("diff {report} {missing}", "railrules diff: [Errno 2] No such file or directory"),
    ("diff {garbage} {report}", "railrules diff: {garbage}: not JSON"),
    ("replay {missing} --impl oracle", "argument trace: {missing}: no such file"),
    ("replay {garbage} --impl oracle", "railrules replay: {garbage}: not JSON"),
    ("replay {list} --impl oracle", "railrules replay: {list}: not a railrules fuzz trace"),
    ("replay {report} --impl oracle --timeout -1", "argument --timeout: '-1'"),
    ("serve-mutant nonexistent", "argument name: unknown mutant 'nonexistent'"),
    ("serve --game nonsense", "argument --game: unknown game 'nonsense' (known: "),
    ("serve --max-request 0", "argument --max-request: '0': must be 1 or more"),
    ("bench --game nonsense", "argument --game: unknown game 'nonsense' (known: "),
]


@pytest.mark.parametrize(("line", "words"), BAD, ids=[line for line, _ in BAD])
def test_a_bad_command_line_is_a_usage_error(tmp_path: Path, line: str, words: str) -> None:
    names = files(tmp_path)
    done = railrules(tmp_path, *[w.format(**names) for w in line.split()])
    err = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert err and len(err) <= MOST_LINES, done.stderr
    assert words.format(**names) in err[-1]
    assert err[-1].startswith("railrules")
    assert done.stdout == ""  # nothing ran, nothing was printed as a result
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        Path(v).name for k, v in names.items() if k != "missing")  # nothing written
