"""The pytest side of ``--log-exchanges``: one exchange log per process of the run, and
each scenario's lines in a file of its own (oracle.protocol.exchange_log).

The log is made with the adapter's client (the ``implementation`` fixture) and shared by
every implementation a process grades; the scenario hooks open and close the
scenario's file, and a scenario that logged anything names its file in its record
(``exchanges``), which the HTML report links beside a scenario that did not pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.harness import collect
from oracle.harness.collect import IMPL_ID
from oracle.protocol.exchange_log import ExchangeLog

OPTION = "--railrules-log-exchanges"

_log_key = pytest.StashKey[ExchangeLog]()


def folder(config: pytest.Config) -> Path | None:
    given = config.getoption(OPTION)
    return Path(str(given)).resolve() if given else None


def log_of(config: pytest.Config) -> ExchangeLog | None:
    """This process's exchange log (made on first use), or None without the option."""
    log = config.stash.get(_log_key, None)
    if log is None:
        where = folder(config)
        if where is None:
            return None
        log = config.stash[_log_key] = ExchangeLog(where)
    return log


def scenario_file_id(item: pytest.Item) -> str:
    """What names a scenario's file: its id as the reports name it, and with
    ``--impl-each`` the implementation too (one scenario runs once for each)."""
    scenario = collect.record_id(item)
    callspec = getattr(item, "callspec", None)
    impl = next((part for part in (callspec.id.split("-") if callspec else [])
                 if part.startswith(IMPL_ID)), None)
    return f"{scenario}[{impl}]" if impl else scenario


def begin(request: pytest.FixtureRequest) -> None:
    # made here when the scenario's steps have not yet asked for the implementation (a
    # process's first scenario): its client, made in a step, logs into the same one
    log = log_of(request.config)
    if log is not None:
        log.begin(scenario_file_id(request.node))


def end(request: pytest.FixtureRequest) -> None:
    """Close the scenario's file, and name it in the record when anything was logged
    (the in-process oracle, or a scenario refused before any request, logs nothing)."""
    log = request.config.stash.get(_log_key, None)
    if log is None:
        return
    name = log.end()
    if name is not None:
        collect.annotate(request.node, exchanges=name)


def close(config: pytest.Config) -> None:
    log = config.stash.get(_log_key, None)
    if log is not None:
        log.end()
