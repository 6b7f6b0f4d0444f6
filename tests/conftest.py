"""Print the option-space sweep counts (tests/sweep.py) at the end of the run.

Under pytest-xdist each worker sends its tallies to the controller through
``workeroutput``; the controller adds them up and prints them in the terminal
summary, which ``pytest -q`` shows too."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.sweep import TALLIES, Tally

_KEY = "railrules_sweep"


class _Collect:
    """Controller side of pytest-xdist: gather each worker's tallies."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        sent = getattr(node, "workeroutput", {}).get(_KEY)
        for name, data in json.loads(sent or "{}").items():
            TALLIES.setdefault(name, Tally()).merge(data)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Collect(), "railrules-sweep-collect")
    config.addinivalue_line("markers", "first: a long test, started before the others "
                            "so pytest-xdist fills the time around it")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first, so the kill matrices (tests/test_mutants.py) start the run
    instead of ending it alone. pytest-xdist's load scheduler sends each worker a first
    chunk of consecutive items (an eighth of them each under ``-n 2``), so both land in
    the first worker's chunk and run there one after the other, while the other worker
    works through the rest; the chunks that follow go to whichever worker is free."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = getattr(session.config, "workeroutput", None)
    if out is not None:  # an xdist worker
        out[_KEY] = json.dumps({k: t.to_json() for k, t in TALLIES.items()})


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLIES:
        return
    terminalreporter.section("option-space sweep")
    for name, t in sorted(TALLIES.items()):
        terminalreporter.write_line(t.summary(name))
