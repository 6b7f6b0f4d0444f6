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
sides and the other process share two cores, and an asker holds its share). So a
reader stops asking where it keeps finding its core taken: where two asks are further
apart than ``TAKEN`` another process ran in between, and where that happened in more
than some one wait in eight lately (``Asking.taken``: a quiet machine's own chores
take a core now and then), the reader sleeps at once for its next ``BACK_OFF`` waits,
then tries asking again.

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
#: two asks further apart than this, in seconds: the core was given to another process
#: in between (an ask and a yield take a few microseconds; a slice another process is
#: given lasts a millisecond or more)
TAKEN: Final = 50e-6
#: waits that sleep at once after the core was found taken often, before asking again
BACK_OFF: Final = 5000
#: how much of ``Asking.taken`` a wait keeps (a memory of some sixteen waits), and the
#: ``taken`` past which the reader sleeps: some one wait in eight found its core taken
KEEPS: Final = 15 / 16
OFTEN: Final = 2.0


class Asking:
    """Whether this process asks before it sleeps (the module's docstring): how many of
    its next waits sleep at once (``asleep``), and how often its waits lately found the
    core taken (``taken``: each asking wait keeps ``KEEPS`` of it and adds one where the
    core was taken)."""

    __slots__ = ("asleep", "taken")

    def __init__(self) -> None:
        self.asleep = 0
        self.taken = 0.0


#: the process's one state: its readers (a client's replies, a server's requests) share
#: the cores it finds taken
ASKING: Final = Asking()


def wait(ready: Callable[[float | None], bool], spin: float, timeout: float | None,
         clock: Callable[[], float] = time.perf_counter,
         asking: Asking = ASKING) -> bool:
    """Whether ``ready`` (asked with a timeout in seconds: 0 to ask without waiting,
    None to wait for ever) says the pipe is readable within ``timeout``: asked without
    waiting for up to ``spin`` seconds, yielding the core between asks, then waited on
    for the rest of ``timeout``; waited on at once where ``asking`` sleeps, and from the
    ask that finds the core taken once too often lately (the module's docstring).
    ``clock`` and ``asking``: the process's own, but for a test's."""
    if spin <= 0 or (timeout is not None and timeout <= 0):
        return ready(timeout)
    if asking.asleep:
        asking.asleep -= 1
        return ready(timeout)
    start = last = clock()
    end = start + (spin if timeout is None else min(spin, timeout))
    taken = asking.taken * KEEPS
    try:
        while not ready(0):
            now = clock()
            if now - last > TAKEN:  # another process had the core meanwhile
                taken += 1.0
                if taken > OFTEN:  # and lately often: a busy machine
                    asking.asleep, taken = BACK_OFF, 0.0
                    return ready(None if timeout is None
                                 else max(0.0, timeout - (now - start)))
                last = clock()
                continue
            if now >= end:
                return ready(None if timeout is None else max(0.0, timeout - (now - start)))
            last = now
            os.sched_yield()
        return True
    finally:
        asking.taken = taken


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
