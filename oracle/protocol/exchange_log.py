"""Every line between the harness and an adapter, written down (``--log-exchanges DIR``).

A failing scenario's record says what the harness expected and what it observed; the
exchange log says what was actually said on the wire to get there: each request sent,
each reply read, or the failure instead of a reply (timeout, crash), in order, one file
per scenario (``DIR/<scenario id>.jsonl``), and every handshake in ``DIR/_handshake.jsonl``
(docs/protocol.md, "Debugging an adapter").

The harness writes the log, never the adapter: the transport (oracle.protocol.transport)
reports each line to a ``Channel`` outside the sandbox. What the adapter sent is stored
as parsed JSON when it is JSON, else as its text; either is bounded in size
(``EXCHANGE_BOUND``), and every line of the log is ASCII JSON (``json.dumps`` escapes
control characters and everything past ASCII), so no adapter text can break the file or
steer a terminal that shows it. Lines are written one ``os.write`` each, unbuffered: a
killed run keeps what it logged, and xdist workers appending to the one handshake file
do not interleave within a line.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Final

from oracle.core import wire_json
from oracle.protocol.implementation import ImplementationOutcome

#: the file every start of the adapter logs its handshake to (a scenario file cannot be
#: named so: ``file_name`` never starts one with ``_``)
HANDSHAKE_FILE: Final = "_handshake.jsonl"
#: the most of one line of the wire that is logged (a position is some 7 to 30 kB; a
#: hostile adapter may send 16 MiB replies); the same bound a result record keeps for a
#: position (oracle.harness.reports.text.POSITION_BOUND)
EXCHANGE_BOUND: Final = 256 << 10
#: the longest file name made from a scenario id (before ``.jsonl``)
NAME_BOUND: Final = 120

_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_.\[\]-]+")


def file_name(scenario: str) -> str:
    """The log file of ``scenario`` (its id as reports name it, ``TOY-01-a`` or
    ``R-12[row0]``): the id with anything but letters, digits and ``_.-[]`` replaced by
    ``_``, starting with a letter or digit (no hidden file, no clash with
    ``HANDSHAKE_FILE``, no option), and with a hash of the id when it was changed or cut,
    so two ids never share a file."""
    safe = _UNSAFE.sub("_", scenario).lstrip("._-[]")
    if safe != scenario or len(safe) > NAME_BOUND or not safe:
        digest = hashlib.sha256(scenario.encode("utf-8", "surrogatepass")).hexdigest()[:10]
        safe = f"{safe[:NAME_BOUND - 11] or 'scenario'}-{digest}"
    return f"{safe}.jsonl"


def wire_entry(raw: bytes) -> dict[str, Any]:
    """How one line of the wire is logged: ``{"line": <its JSON value>}``, or its text
    (``"not_json": true``) when it is not JSON, or the start of its text with ``"cut"``
    when it is longer than ``EXCHANGE_BOUND``."""
    if len(raw) > EXCHANGE_BOUND:
        return {"line": raw[:EXCHANGE_BOUND].decode("utf-8", "replace"),
                "cut": f"{len(raw):,} bytes, the first {EXCHANGE_BOUND:,} logged"}
    try:
        value = wire_json.loads(raw)
        # allow_nan=False: the log stays strict JSON even when the wire was not
        json.dumps(value, allow_nan=False)
    except ValueError:
        return {"line": raw.decode("utf-8", "replace"), "not_json": True}
    return {"line": value}


class ExchangeLog:
    """The log of one process of the harness (the main process, or an xdist worker):
    the scenario running now (``begin`` .. ``end``) and the handshake file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._scenario: Path | None = None
        self._fd: int | None = None
        self._started = 0.0
        self._written = False
        #: set once a write failed: logging stops (it never changes what is graded)
        self.broken: str | None = None

    @staticmethod
    def fresh(folder: Path) -> None:
        """Start a run's handshake file afresh (the scenario files are rewritten by
        their scenarios)."""
        folder.mkdir(parents=True, exist_ok=True)
        (folder / HANDSHAKE_FILE).unlink(missing_ok=True)

    def begin(self, scenario: str) -> str:
        """Log what follows to ``scenario``'s file (made at its first line; an earlier
        run's file of that name is removed now, so no stale log is left beside it).
        Returns the file's name."""
        self.end()
        name = file_name(scenario)
        self._scenario = self.folder / name
        self._started = time.monotonic()
        self._written = False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._scenario.unlink(missing_ok=True)
        except OSError as err:
            self._broke(err)
        return name

    def end(self) -> str | None:
        """Close the scenario's file; its name when anything was logged to it."""
        name = self._scenario.name if self._written and self._scenario is not None else None
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self._scenario, self._written = None, None, False
        return name

    def channel(self, pid: int) -> Channel:
        """The log of one start of the adapter (process ``pid``)."""
        return Channel(self, pid)

    def write(self, entry: dict[str, Any], handshake: bool, since: float, pid: int) -> None:
        """``entry`` (``dir`` and the line) to the running scenario's file, and also to
        the handshake file when it is part of a handshake. ``since``: when this start of
        the adapter began (the handshake file's clock)."""
        if self.broken is not None:
            return
        now = time.monotonic()
        try:
            if self._scenario is not None:
                if self._fd is None:
                    self._fd = _open(self._scenario, os.O_TRUNC)
                _write(self._fd, _line({"t": round(now - self._started, 6), **entry}))
                self._written = True
            if handshake:  # two lines a start of the adapter: opened for each, never left open
                self.folder.mkdir(parents=True, exist_ok=True)
                fd = _open(self.folder / HANDSHAKE_FILE, os.O_APPEND)
                try:
                    _write(fd, _line({"t": round(now - since, 6), **entry, "pid": pid}))
                finally:
                    os.close(fd)
        except OSError as err:
            self._broke(err)

    def _broke(self, err: OSError) -> None:
        self.broken = f"{err.strerror or err} ({getattr(err, 'filename', '') or self.folder})"
        # said once, if there is anywhere to say it (an xdist worker's stderr may be gone)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            print(f"railrules: --log-exchanges: no more exchanges logged: {self.broken}",
                  file=sys.stderr)


class Channel:
    """What one start of the adapter says: its first request (the handshake, ``hello``)
    and the reply or failure after it go to the handshake file too."""

    def __init__(self, log: ExchangeLog, pid: int) -> None:
        self.log = log
        self.pid = pid
        self.started = time.monotonic()
        self._requests = 0
        self._replies = 0

    def sent(self, raw: bytes) -> None:
        self._requests += 1
        self.log.write({"dir": "->", **wire_entry(raw.rstrip(b"\n"))},
                       self._requests == 1, self.started, self.pid)

    def received(self, raw: bytes) -> None:
        self._answered({"dir": "<-", **wire_entry(raw)})

    def failed(self, err: ImplementationOutcome, output: bytes | None = None) -> None:
        """No reply, but ``err`` (a ``crash`` or ``timeout``), with the output there
        was when it is the reason (unsolicited output before a request)."""
        entry = wire_entry(output) if output is not None else {"line": None}
        self._answered({"dir": "<-", **entry, "failure": f"{err.outcome}: {err.message}"})

    def _answered(self, entry: dict[str, Any]) -> None:
        self._replies += 1
        self.log.write(entry, self._replies == 1, self.started, self.pid)


def _open(path: Path, mode: int) -> int:
    return os.open(path, os.O_WRONLY | os.O_CREAT | mode, 0o644)


def _write(fd: int, data: bytes) -> None:
    """All of ``data``: one ``write`` almost always (whole lines, so appends from several
    processes do not interleave), more only if the system wrote it short."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _line(entry: dict[str, Any]) -> bytes:
    # ensure_ascii (the default): adapter text is escaped, and a lone surrogate too
    return (json.dumps(entry, separators=(",", ":")) + "\n").encode("ascii")
