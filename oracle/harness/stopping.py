"""Ending ``railrules certify`` and ``railrules fuzz`` cleanly: on SIGINT (Ctrl-C),
SIGTERM, or when an overall deadline passes (``--deadline``).

A ``Stopper`` catches the three while it is active. The first sets ``reason`` ("interrupted
by SIGINT", "the deadline of 60 s passed") and ``code`` (the exit status: 130, 143, 124);
while ``raising`` is on it also raises ``Stopped`` in the main thread, once: later signals
are only noted, so the cleanup that follows (closing adapters, writing what was done) is
not cut short. Certify turns raising off while pytest runs and stops pytest's process group
itself (``oracle.protocol.lifetime.stop_group``).
"""

from __future__ import annotations

import argparse
import signal
import threading
from types import FrameType, TracebackType
from typing import Final

from oracle.core import cli_types

#: exit status when the deadline passed (as timeout(1) has it)
DEADLINE_EXIT: Final = 124
#: seconds pytest gets to stop gracefully (SIGINT: fixtures torn down, adapters closed)
#: before its process group is killed
GRACE: Final = 5.0


class Stopped(KeyboardInterrupt):
    """A stop: a signal, or the deadline. ``code`` is the exit status it calls for."""

    def __init__(self, reason: str, code: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class Stopper:
    """SIGINT, SIGTERM and the deadline (SIGALRM, armed on entry), caught while active."""

    def __init__(self, deadline: float | None = None, raising: bool = True) -> None:
        self.deadline = deadline
        self.raising = raising
        self.reason: str | None = None
        self.code = 0
        self._old: dict[int, object] = {}

    def __enter__(self) -> Stopper:
        if threading.current_thread() is not threading.main_thread():
            return self  # signals reach the main thread only: nothing to catch here
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM):
            self._old[signum] = signal.signal(signum, self._handle)
        if self.deadline is not None:
            signal.setitimer(signal.ITIMER_REAL, self.deadline)
        return self

    def disarm(self) -> None:
        """The deadline no longer applies (the run it bounds is over)."""
        if self._old:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.disarm()
        for signum, old in self._old.items():
            signal.signal(signum, old)  # type: ignore[arg-type]
        self._old.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.reason is not None:
            return  # already stopping: noted once, never raised twice
        if signum == signal.SIGALRM and self.deadline is not None:
            self.reason, self.code = f"the deadline of {self.deadline:g} s passed", DEADLINE_EXIT
        else:
            self.reason = f"interrupted by {signal.Signals(signum).name}"
            self.code = 128 + signum
        if self.raising:
            raise Stopped(self.reason, self.code)


def add_bounds(parser: argparse.ArgumentParser, stops: str, adapters: str,
               default_memory: int) -> None:
    """``--deadline`` and ``--adapter-memory``, the same for certify and fuzz: ``stops``
    says what a passed deadline stops, ``adapters`` which adapters the bound holds."""
    parser.add_argument("--deadline", type=cli_types.positive_float, default=None,
                        metavar="SECONDS",
                        help=f"stop {stops} when it has taken this long (exit "
                             f"{DEADLINE_EXIT}; default: no deadline)")
    parser.add_argument("--adapter-memory", type=cli_types.non_negative_int,
                        default=default_memory,
                        metavar="MIB",
                        help=f"bound on {adapters} address space in MiB (RLIMIT_AS; "
                             f"default {default_memory}, 0 for none; a JVM may need more)")

