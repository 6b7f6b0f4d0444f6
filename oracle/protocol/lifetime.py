"""How long an adapter, and the processes around it, may live (docs/certify.md, "Signals").

* ``child_setup``: what a started process does between fork and exec: a bound on its
  address space (``RLIMIT_AS``, ``--adapter-memory``) and a parent-death signal (Linux
  ``PR_SET_PDEATHSIG``), so it dies when the process that started it dies, even by
  ``kill -9``.
* ``die_with_parent``: the same signal, set on this process (pytest-xdist workers).
* every adapter's process group is registered while it may hold processes
  (``register``/``unregister``), and ``end_adapters_on`` makes a signal (SIGTERM, the
  parent-death signal of pytest and its workers) kill all of them, the adapters'
  children included, before this process dies of it.
* ``stop_group``: end a process group gracefully, then harder: SIGINT, a grace, SIGTERM,
  then SIGKILL.

The parent-death signal follows the *thread* that started the process: it is set only
when the main thread starts it (a thread that ends would otherwise take its adapters with
it), and a process whose parent died before the signal was set kills itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from functools import cache
from typing import Final

try:
    import resource
except ImportError:  # pragma: no cover - not POSIX
    resource = None  # type: ignore[assignment]

#: the default bound on an adapter's address space, in MiB (0: none): ``--adapter-memory``
DEFAULT_MEMORY_MIB: Final = 8192
#: linux/prctl.h
PR_SET_PDEATHSIG: Final = 1

#: process groups of adapters this process started that may still hold processes
_GROUPS: set[int] = set()


@cache
def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


def child_setup(memory_mib: int = 0, death_signal: int | None = signal.SIGKILL
                ) -> Callable[[], None] | None:
    """A ``preexec_fn``: bound the address space to ``memory_mib`` MiB (0: no bound) and
    send ``death_signal`` to the child when its parent dies (None: none). Everything it
    needs is looked up before the fork: the child only makes two system calls."""
    prctl = _prctl() if death_signal and threading.current_thread() is \
        threading.main_thread() else None
    limit: tuple[int, int] | None = None
    if memory_mib > 0 and resource is not None:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = memory_mib << 20
        bound = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        limit = (bound, bound)  # the hard limit too: the adapter cannot raise it again
    if prctl is None and limit is None:
        return None
    parent = os.getpid()
    setrlimit = resource.setrlimit if resource is not None else None
    rlimit_as = resource.RLIMIT_AS if resource is not None else 0

    def setup() -> None:
        if limit is not None and setrlimit is not None:
            setrlimit(rlimit_as, limit)
        if prctl is not None and death_signal:
            prctl(PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0)
            if os.getppid() != parent:  # the parent died before the line above
                os.kill(os.getpid(), death_signal)
    return setup


def die_with_parent(death_signal: int = signal.SIGTERM) -> bool:
    """Have this process sent ``death_signal`` when its parent dies. False where it cannot
    (not Linux)."""
    prctl = _prctl()
    if prctl is None:
        return False
    parent = os.getppid()
    if prctl(PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0) != 0:
        return False
    if os.getppid() != parent:  # pragma: no cover - the parent died meanwhile
        os.kill(os.getpid(), death_signal)
    return True


def register(group: int) -> None:
    _GROUPS.add(group)


def unregister(group: int) -> None:
    _GROUPS.discard(group)


def kill_group(group: int) -> None:
    """SIGKILL to the process group, if any of it is left."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def kill_adapters() -> None:
    """Kill every adapter group this process started and has not ended."""
    for group in list(_GROUPS):
        kill_group(group)
    _GROUPS.clear()


def end_adapters_on(signals: Iterable[int] = (signal.SIGTERM,)) -> None:
    """On each of ``signals``: kill every adapter group this process started, then die of
    the signal as if no handler were set. Only from the main thread (elsewhere: nothing)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def handler(signum: int, frame: object) -> None:
        kill_adapters()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)

    for signum in signals:
        signal.signal(signum, handler)


def group_alive(group: int) -> bool:
    """Whether a process of the group is left that is not a zombie (a zombie is dead: its
    parent, or init, has yet to reap it)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        names = os.listdir("/proc")
    except OSError:
        return True
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) > 2 and fields[2] == str(group).encode() and fields[0] != b"Z":
            return True
    return False


def stop_group(proc: subprocess.Popen[bytes], grace: float, hard_grace: float = 2.0) -> None:
    """End ``proc``, the leader of a process group of its own, and all of the group:
    SIGINT (a graceful stop: pytest tears down its fixtures, which closes the adapters),
    up to ``grace`` seconds; then SIGTERM (pytest and its workers kill their adapters'
    groups and die: ``end_adapters_on``), up to ``hard_grace`` seconds; then SIGKILL."""
    group = proc.pid
    for signum, wait in ((signal.SIGINT, grace), (signal.SIGTERM, hard_grace),
                         (signal.SIGKILL, hard_grace)):
        proc.poll()
        if not group_alive(group):
            break
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signum)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            proc.poll()  # reap the leader: a zombie leader still holds the group
            if not group_alive(group):
                break
            time.sleep(0.05)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(hard_grace)


def wait_exit(proc: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for ``proc`` to exit and reap it; whether it did.
    ``Popen.wait`` with a timeout polls, sleeping up to 50 ms between looks, which an
    adapter that exits at once on ``stop`` pays on every close (the kill matrix closes
    some 250 served mutants); a pidfd wakes the wait as the process exits. Without
    pidfds (an old kernel, another system) it is ``Popen.wait``."""
    if proc.returncode is not None:
        return True
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # no pidfd here, or the process is gone (reaped)
        fd = -1
    if fd >= 0:
        try:
            poller = select.poll()
            poller.register(fd, select.POLLIN)
            poller.poll(max(0.0, timeout) * 1000)
        finally:
            os.close(fd)
        return proc.poll() is not None
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        return False
    return True
