"""A pytest plugin that writes down every reason code a run meets, for the test that
each one is registered (tests/test_reason_runs.py).

Loaded with ``-p tests.reason_recorder --reason-log FILE``. Two doors are watched:

* ``IllegalAction`` construction, in this process: every refusal the in-process oracle
  makes, also the ones it catches itself (``legal_actions`` tries each candidate and
  drops the refused ones), which no scenario sees;
* ``Verdict.refuse``: every refusal an implementation answers, in-process or over the
  protocol, so a served mutant's codes are seen although it raises in its own process.

At the end the file holds ``{"raised": [[code, ruling], ...], "answered": [...]}``.
Without ``--reason-log`` the plugin changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.protocol.implementation import Verdict

#: (door, code, ruling) seen in this run
SEEN: set[tuple[str, str, str]] = set()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--reason-log", default=None,
                     help="write every reason code raised or answered to this JSON file")


def _watch() -> None:
    """Wrap the two doors; the originals still do all the work."""
    made = IllegalAction.__init__
    answer = Verdict.refuse

    def raised(self: IllegalAction, code: str, ruling: str, reason: str) -> None:
        SEEN.add(("raised", code, ruling))
        made(self, code, ruling, reason)

    def answered(cls: type[Verdict], code: str, *args: Any, **kwargs: Any) -> Verdict:
        # the rest passed on as given: the protocol may grow the verdict's fields
        ruling = args[0] if args else kwargs.get("ruling", "")
        SEEN.add(("answered", code, str(ruling)))
        return answer(code, *args, **kwargs)

    # setattr: mypy refuses assigning to a method, and this is a test-time wrap
    setattr(IllegalAction, "__init__", raised)  # noqa: B010
    setattr(Verdict, "refuse", classmethod(answered))  # noqa: B010


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--reason-log"):
        _watch()


def pytest_sessionfinish(session: pytest.Session, exitstatus: Any) -> None:
    out = session.config.getoption("--reason-log")
    if not out:
        return
    table: dict[str, list[list[str]]] = {"raised": [], "answered": []}
    for door, code, ruling in sorted(SEEN):
        table[door].append([code, ruling])
    Path(out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
