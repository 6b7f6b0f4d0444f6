"""Writing a run's results stream (``results.jsonl``): one JSON line per graded
scenario, flushed as it is made, so a run killed midway keeps what it graded; a
resumed run appends, after dropping a partial last line (oracle.harness.collect
makes the records; results_file.py reads them for the report).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from oracle.harness.collect import record_of
from oracle.harness.results_file import write_collected


def done_keys(path: Path) -> set[str]:
    """Keys of scenarios already recorded in ``path`` (for ``--resume``)."""
    return {str(record.get("key")) for record in iter_records(path)
            if record.get("type") == "result"}


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    """Every whole JSON object in a results stream, skipping a line cut short by a
    killed run."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                yield record


class Writer:
    """Appends each record as one flushed line and draws the progress bar."""

    def __init__(self, path: Path, resume: bool, progress: bool,
                 stream: IO[str] | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.skip_keys = done_keys(path) if resume else set()
        if not resume and path.exists():
            _drop_partial_tail(path)
            path.write_text("", encoding="utf-8")
        _drop_partial_tail(path)
        self.handle = _open_append(path)
        self.counts: Counter[str] = Counter()
        self.total = 0
        self.done = 0
        self.started = time.monotonic()
        self.stream = stream or sys.stderr
        self.progress = progress

    @pytest.hookimpl
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        # the scenarios this run covers: the report drops a record of any other
        write_collected(self.path, [i.nodeid for i in items])
        if not self.skip_keys:
            return
        keep = [i for i in items if i.nodeid not in self.skip_keys]
        dropped = [i for i in items if i.nodeid in self.skip_keys]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = keep

    @pytest.hookimpl
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.total = len(session.items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        write_collected(self.path, ids)
        self.total = max(self.total, len([i for i in ids if i not in self.skip_keys]))

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        record = record_of(report)
        if record is None:
            return
        self.handle.write(json.dumps(record, separators=(",", ":"), default=str) + "\n")
        self.handle.flush()
        self.counts[record["outcome"]] += 1
        self.done += 1
        if self.progress:
            self.draw()

    def draw(self, final: bool = False) -> None:
        width = 30
        total = max(self.total, self.done, 1)
        filled = int(width * self.done / total)
        counts = " ".join(f"{k} {n}" for k, n in sorted(self.counts.items()) if n)
        line = (f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{total} "
                f"{time.monotonic() - self.started:5.1f}s  {counts}")
        self.stream.write(line[:160] + ("\n" if final else ""))
        self.stream.flush()

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.progress and self.done:
            self.draw(final=True)
        self.handle.close()


def _open_append(path: Path) -> IO[str]:
    """Open the stream for appending on a descriptor above 2. An xdist worker may run
    with its standard streams closed; a file that landed on descriptor 2 would then
    collect every warning printed to stderr (seen with a plugin's warnings)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    low: list[int] = []
    while fd <= 2:
        low.append(fd)
        fd = os.dup(fd)
    for taken in low:  # give the standard descriptor back, pointing nowhere
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, taken)
        os.close(null)
    return os.fdopen(fd, "a", encoding="utf-8")


def _drop_partial_tail(path: Path) -> None:
    """A killed run may leave half a line at the end; cut it so appends stay parseable."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with path.open("r+b") as handle:
            handle.truncate(cut)
            handle.flush()
            os.fsync(handle.fileno())


# -- hooks wired by oracle.harness.pytest_plugin ------------------------------------------------
