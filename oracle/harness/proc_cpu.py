"""CPU seconds of a running process and the processes under it, read from Linux's
/proc: how ``railrules bench`` counts the served process per game while it runs
(``resource.RUSAGE_CHILDREN`` only counts children once they have exited)."""

from __future__ import annotations

import os
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children(pid: int) -> list[int]:
    """Live child process ids of ``pid`` (every thread's list), from /proc."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def _stat_cpu(pid: int) -> float:
    """User plus system CPU seconds of one process, from /proc/<pid>/stat."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()  # the command name may hold spaces
    return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime (fields 14, 15)


def tree_cpu(pid: int) -> float | None:
    """User plus system CPU seconds of ``pid`` and its live descendants (a shell's
    command runs under the shell); None where /proc cannot tell."""
    total, todo = 0.0, [pid]
    try:
        while todo:
            current = todo.pop()
            total += _stat_cpu(current)
            todo += _children(current)
    except (OSError, ValueError, IndexError):
        return None
    return total
