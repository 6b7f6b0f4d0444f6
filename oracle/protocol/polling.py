"""Waiting for a line by polling first, so that a line arriving within moments is read
without the reader going to sleep.

A served step is one request and one reply over two pipes. A process that blocks on
its pipe sleeps, and the kernel wakes it when the line comes: on this machine a round
trip of two such wake-ups costs some 45 us where two processes that keep asking their
pipes take some 4 us (docs/fuzz.md, "thirteenth pass"), and a served fuzz step makes
two of them. Asking the pipe without waiting, for up to ``spin`` seconds, before
blocking takes those off the step, at the price of the core the reader holds while it
asks; between asks it yields that core to any other process that is ready to run
(``os.sched_yield``).

On a busy machine asking is worse than sleeping: with one other process busy on the
two cores, a served step took some 1,000 us polling against 550 sleeping (the two
sides and the other process share two cores, and an asker holds its share). So every
``CHECK_EVERY`` asking waits a reader reads how long the kernel kept it waiting for a
core meanwhile (``/proc/thread-self/schedstat``, its second field: time spent ready
to run but not running); where that is more than ``BUSY`` of the time passed twice
running, another process wants the cores, and the reader sleeps at once for its next
``BACK_OFF`` waits, then asks again (``Asking``), sleeping twice as long each time it
finds the machine still busy (up to ``LONGEST_BACK_OFF`` waits), and ``BACK_OFF`` again
once it finds it quiet. On a quiet machine the figure stays near nought (twice running,
as a moment's overlap, such as another served process asking out its last wait, is
not a busy machine); where the kernel does not keep it, the reader goes on asking.

It is off unless asked for: ``railrules serve --poll-us N`` waits for its requests
this way (``PollingLines``), and the fuzz lockstep for a served side's replies
(``Lockstep.polls``, ``AdapterProcess.spin``; ``railrules fuzz --poll-us``, on by
default with one job: ``poll_seconds`` in oracle/harness/fuzz.py). What is read is the
same either way: the same bytes, lines and end of input, and a line that does not come
is waited for as before.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from typing import Final, Protocol

#: how long a fuzz campaign of one job asks a served side's pipe before sleeping, in
#: microseconds (``--poll-us``) and seconds: longer than a served Rocket step (some
#: 0.3 ms), short enough that an adapter that takes its time costs the harness little
DEFAULT_POLL_US: Final = 2000
DEFAULT_SPIN: Final = DEFAULT_POLL_US / 1e6
#: asking waits between two readings of the time spent waiting for a core
CHECK_EVERY: Final = 64
#: the share of the time passed spent waiting for a core past which the machine is busy
BUSY: Final = 0.1
#: waits that sleep at once after the machine was found busy, before asking again; and
#: the most, after it was found busy again and again
BACK_OFF: Final = 1000
LONGEST_BACK_OFF: Final = 64_000

_SCHEDSTAT: Final = "/proc/thread-self/schedstat"


def run_delay() -> float | None:
    """Seconds this thread has spent ready to run but kept waiting for a core, as the
    kernel counts them (None where it does not)."""
    try:
        with open(_SCHEDSTAT, "rb") as stat:
            return int(stat.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


class Asking:
    """Whether this process asks before it sleeps (the module's docstring): how many of
    its next waits sleep at once (``asleep``), the asking waits since the last reading
    (``waits``), that reading: the clock and the time kept waiting (``mark``), and
    whether the check before found the machine busy (``busy``), and how long it sleeps
    the next time it does (``back_off``)."""

    __slots__ = ("asleep", "back_off", "busy", "delay", "mark", "waits")

    def __init__(self, delay: Callable[[], float | None] = run_delay) -> None:
        self.asleep = self.waits = 0
        self.back_off = BACK_OFF
        self.busy = False
        self.mark: tuple[float, float] | None = None
        self.delay = delay

    def check(self, now: float) -> None:
        """Every ``CHECK_EVERY`` asking waits: sleep for ``back_off`` waits where the
        time kept waiting for a core since the last check is over ``BUSY`` of it, as it
        was at the check before (and twice as long the next time)."""
        self.waits += 1
        if self.waits < CHECK_EVERY and self.mark is not None:
            return
        self.waits = 0
        delay = self.delay()
        if delay is None:
            return
        busy = self.mark is not None and now > self.mark[0] \
            and (delay - self.mark[1]) / (now - self.mark[0]) > BUSY
        if busy and self.busy:
            self.asleep, self.busy, self.mark = self.back_off, False, None  # (read afresh)
            self.back_off = min(2 * self.back_off, LONGEST_BACK_OFF)
            return
        if not busy and self.mark is not None:
            self.back_off = BACK_OFF
        self.busy, self.mark = busy, (now, delay)


#: the process's one state: its readers (a client's replies, a server's requests) share
#: the cores it finds busy
ASKING: Final = Asking()


def wait(ready: Callable[[float | None], bool], spin: float, timeout: float | None,
         clock: Callable[[], float] = time.perf_counter,
         asking: Asking = ASKING) -> bool:
    """Whether ``ready`` (asked with a timeout in seconds: 0 to ask without waiting,
    None to wait for ever) says the pipe is readable within ``timeout``: asked without
    waiting for up to ``spin`` seconds, yielding the core between asks, then waited on
    for the rest of ``timeout``; waited on at once where ``asking`` sleeps (the machine
    was found busy: the module's docstring). ``clock`` and ``asking``: the process's
    own, but for a test's."""
    if spin <= 0 or (timeout is not None and timeout <= 0):
        return ready(timeout)
    if asking.asleep:
        asking.asleep -= 1
        return ready(timeout)
    start = clock()
    asking.check(start)
    if asking.asleep:
        return ready(timeout)
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
