"""Waiting for a line by polling first, so that a line arriving within moments is read
without the reader going to sleep.

A served step is one request and one reply over two pipes. A process that blocks on
its pipe sleeps, and the kernel wakes it when the line comes: on this machine a round
trip of two such wake-ups costs some 45 us where two processes that keep asking their
pipes take some 4 us (docs/fuzz.md, "thirteenth pass"), and a served fuzz step makes
two of them. Asking the pipe without waiting, for up to ``spin`` seconds, before
blocking takes those off the step, at the price of the core the reader holds while it
asks; between asks it yields that core to any other process that is ready to run
(``os.sched_yield``), so on a busy machine the asking costs the others little.

It is off unless asked for: ``railrules serve --poll-us N`` waits for its requests
this way (``PollingLines``), and the fuzz lockstep for a served side's replies
(``Lockstep.polls``, ``railrules fuzz --poll-us``, on by default with one job:
oracle/protocol/transport.py). What is read is the same either way: the same bytes,
lines and end of input, and a line that does not come is waited for as before.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from typing import Final, Protocol

#: how long a fuzz campaign of one job asks a served side's pipe before sleeping, in
#: seconds: longer than a served Rocket step (some 0.3 ms), short enough that an
#: adapter that takes its time costs the harness little
DEFAULT_SPIN: Final = 0.002


def wait(ready: Callable[[float | None], bool], spin: float,
         timeout: float | None) -> bool:
    """Whether ``ready`` (asked with a timeout in seconds: 0 to ask without waiting,
    None to wait for ever) says the pipe is readable within ``timeout``: asked without
    waiting for up to ``spin`` seconds, yielding the core between asks, then waited on
    for the rest of ``timeout``."""
    if spin <= 0 or (timeout is not None and timeout <= 0):
        return ready(timeout)
    clock = time.perf_counter
    start = clock()
    end = start + (spin if timeout is None else min(spin, timeout))
    while not ready(0):
        now = clock()
        if now >= end:
            return ready(None if timeout is None else max(0.0, timeout - (now - start)))
        os.sched_yield()
    return True


class Lines(Protocol):
    """What request lines are read from: a binary file, or ``PollingLines``."""

    def readline(self, limit: int = -1, /) -> bytes: ...


class PollingLines:
    """The lines of a file descriptor read as ``BufferedReader.readline`` reads them
    (at most ``limit`` bytes, up to and with the newline; ``b""`` at the end of input),
    each wait for input asked without waiting for up to ``spin`` seconds first
    (``wait``)."""

    def __init__(self, fd: int, spin: float) -> None:
        self._fd, self._spin = fd, spin
        self._buffer = bytearray()
        self._eof = False
        self._poll = select.poll()
        self._poll.register(fd, select.POLLIN)

    def _ready(self, timeout: float | None) -> bool:
        # poll's timeout is in milliseconds, None or negative for ever
        return bool(self._poll.poll(None if timeout is None else timeout * 1000))

    def readline(self, limit: int = -1, /) -> bytes:
        if limit < 0:
            limit = 1 << 62
        buffer = self._buffer
        while True:
            newline = buffer.find(b"\n", 0, limit)
            if newline >= 0 or len(buffer) >= limit or self._eof:
                size = newline + 1 if newline >= 0 else min(limit, len(buffer))
                line = bytes(buffer[:size])
                del buffer[:size]
                return line
            wait(self._ready, self._spin, None)
            chunk = os.read(self._fd, 1 << 16)
            if chunk:
                buffer += chunk
            else:
                self._eof = True
