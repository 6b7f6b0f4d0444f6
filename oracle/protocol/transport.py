"""One running adapter process: write a line, read a line, with bounds.

Reading is single-threaded with a selector, so a reply that never comes is a
timeout, a line longer than the bound is a flood, and end of output is a
crash. stderr goes to a temporary file (a free log channel, never a crash
signal: docs/protocol.md) whose tail is attached to errors.
When asked, the command runs isolated (oracle.protocol.sandbox). The adapter runs in a
process group of its own, bounded in memory and sent SIGKILL when the process that started
it dies; ending it ends the whole group, its children too, even once the adapter itself
has exited (oracle.protocol.lifetime). With an exchange log (``--log-exchanges``), every
line written and read, and every failure to, is reported to it (oracle.protocol.exchange_log).
"""

from __future__ import annotations

import contextlib
import os
import select
import selectors
import shlex
import subprocess
import tempfile
import time
from collections.abc import Sequence
from typing import IO

from oracle.protocol import lifetime, polling, sandbox
from oracle.protocol.exchange_log import Channel, ExchangeLog
from oracle.protocol.implementation import Crashed, TimedOut
from oracle.protocol.sandbox import Isolation

#: How much of the adapter's stderr to attach to an error.
STDERR_TAIL = 4000
#: ``waitid``'s options for a look at whether a process has exited, leaving it to be
#: reaped
_EXITED = os.WEXITED | os.WNOHANG | os.WNOWAIT


def exec_form(command: str) -> str:
    """``command`` as the shell runs it in place of itself (``exec``), when it is a plain
    command line (no shell syntax, no leading ``NAME=value``): the adapter is then the
    process started, and gets its parent-death signal and its process id (a shell that
    forked it would die alone). Any other command line is returned unchanged."""
    if sandbox.SHELL_SYNTAX & set(command):
        return command
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if not words or "=" in words[0]:
        return command
    return f"exec {command}"


class AdapterProcess:
    """A started adapter. Every failure raises ``Crashed`` or ``TimedOut``."""

    def __init__(self, command: str, max_line: int, cwd: str | None = None,
                 isolation: Isolation | None = None, grader_paths: Sequence[str] = (),
                 memory_mib: int = lifetime.DEFAULT_MEMORY_MIB,
                 log: ExchangeLog | None = None) -> None:
        """``isolation``: run ``command`` in the sandbox (oracle.protocol.sandbox) when
        it says isolated; ``grader_paths`` are kept out of the sandbox's environment;
        ``memory_mib``: the bound on its address space (RLIMIT_AS; 0: none); ``log``:
        where every line and failure is written down (None: nowhere)."""
        self.command = command
        self.max_line = max_line
        # outside the sandbox: the grader reads it, the adapter only writes to it
        self._stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - lives with the process
        # A session of its own, so killing the group also ends a shell's children (in the
        # sandbox, killing bwrap ends it all: --die-with-parent, then its PID namespace).
        setup = lifetime.child_setup(memory_mib)
        #: the isolated adapter's one writable folder, removed when it ends
        self._scratch: str | None = None
        if isolation is not None and isolation.isolated:
            self._scratch = sandbox.make_scratch()
            argv, env = sandbox.wrap(command, cwd=cwd, grader_paths=grader_paths,
                                     scratch=self._scratch)
            argv[-1] = exec_form(argv[-1])  # the command line the sandbox's shell runs
            self._proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                cwd=cwd, env=env, start_new_session=True, bufsize=0, preexec_fn=setup)
        else:
            self._proc = subprocess.Popen(
                exec_form(command), shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._stderr, cwd=cwd, start_new_session=True, bufsize=0,
                preexec_fn=setup)
        lifetime.register(self._proc.pid)  # its group: the leader's pid
        #: this start's part of the exchange log (written here, outside the sandbox)
        self._log: Channel | None = log.channel(self._proc.pid) if log is not None else None
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._in = self._proc.stdin
        self._fd = self._proc.stdout.fileno()
        os.set_blocking(self._fd, False)
        self._poll = select.poll()
        self._poll.register(self._fd, select.POLLIN)
        self._buffer = bytearray()
        self._eof = False
        self._released = False
        self._nonblocking_in = False
        #: seconds each wait for output asks the pipe without sleeping first
        #: (oracle/protocol/polling.py; 0: sleep at once)
        self.spin = 0.0

    @property
    def pid(self) -> int:
        return self._proc.pid

    def alive(self) -> bool:
        if self._eof or self._proc.returncode is not None:
            return False
        try:  # asked without reaping it (``WNOWAIT``): ``Popen`` still reaps it itself
            return os.waitid(os.P_PID, self._proc.pid, _EXITED) is None
        except ChildProcessError:  # reaped already
            return self._proc.poll() is None

    def stderr_tail(self) -> str:
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - STDERR_TAIL))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def _died(self, what: str) -> Crashed:
        code = self._proc.poll()
        status = f"exit code {code}" if code is not None else "still running"
        return Crashed(f"{what} ({status})", {"stderr": self.stderr_tail()})

    def _fill(self, timeout: float) -> bool:
        """Read what is available within ``timeout``; False if nothing came."""
        if self._eof:
            return False
        if timeout <= 0:  # (output not asked for, looked for before a request)
            if not self._poll.poll(0):
                return False
            chunk = self._read()
        else:  # what has come already is read at once (a reply the harness was too busy
            chunk = self._read()  # to wait for, most often), else waited for
            if chunk is None:
                if not polling.wait(self._ready, self.spin, timeout):
                    return False
                chunk = self._read()
        if chunk is None:
            return False
        if not chunk:
            self._eof = True
            return False
        self._buffer += chunk
        return True

    def _read(self) -> bytes | None:
        """What the pipe holds now (``b""`` at its end), or None where it holds nothing."""
        try:
            return os.read(self._fd, 1 << 16)
        except BlockingIOError:
            return None

    def _ready(self, timeout: float | None) -> bool:
        # poll's timeout is in milliseconds, None for ever
        return bool(self._poll.poll(None if timeout is None else timeout * 1000))

    def pending(self) -> bytes:
        """Output the adapter sent unasked (should be none between requests)."""
        while self._fill(0):
            if len(self._buffer) > self.max_line:
                break
        stale = bytes(self._buffer)
        if stale and self._log is not None:  # the client treats it as a crash
            self._log.failed(Crashed("unsolicited output"), stale)
        return stale

    def send(self, line: bytes, timeout: float = 5.0) -> None:
        """Write one request without ever blocking past ``timeout``: an adapter that
        stops reading while a large position fills the pipe is a timeout, not a hang."""
        if self._log is None:
            self._send(line, timeout)
            return
        self._log.sent(line)
        try:
            self._send(line, timeout)
        except (Crashed, TimedOut) as err:
            self._log.failed(err)
            raise

    def _send(self, line: bytes, timeout: float) -> None:
        fd = self._in.fileno()
        if not self._nonblocking_in:
            os.set_blocking(fd, False)
            self._nonblocking_in = True
        # Most requests fit the pipe at once: write first, and wait (with a selector of
        # its own) only for what did not go (four system calls fewer per request).
        try:
            written = os.write(fd, line)
        except BlockingIOError:
            written = 0
        except (BrokenPipeError, ConnectionResetError, ValueError, OSError) as err:
            raise self._died(f"the adapter stopped reading its input ({err})") from err
        if written == len(line):
            return
        view = memoryview(line)[written:]
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as writable:
            writable.register(fd, selectors.EVENT_WRITE)
            while view:
                left = deadline - time.monotonic()
                if left <= 0 or not writable.select(left):
                    raise TimedOut(f"the adapter did not read its input within {timeout:g} s",
                                   {"stderr": self.stderr_tail()})
                try:
                    written = os.write(fd, view)
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError, ValueError, OSError) as err:
                    raise self._died(f"the adapter stopped reading its input ({err})") from err
                view = view[written:]

    def receive(self, timeout: float) -> bytes:
        """The next line, without its newline."""
        if self._log is None:
            return self._receive(timeout)
        try:
            line = self._receive(timeout)
        except (Crashed, TimedOut) as err:
            self._log.failed(err)
            raise
        self._log.received(line)
        return line

    def _receive(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                if newline > self.max_line:
                    raise self._died(f"reply larger than {self.max_line} bytes")
                line = bytes(self._buffer[:newline])
                del self._buffer[:newline + 1]
                return line
            if len(self._buffer) > self.max_line:
                raise self._died(f"reply larger than {self.max_line} bytes (output flood)")
            if self._eof:
                lifetime.wait_exit(self._proc, 0.5)
                raise self._died("the adapter closed its output")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimedOut(f"no reply within {timeout:g} s",
                               {"stderr": self.stderr_tail()})
            self._fill(left)

    def kill(self) -> None:
        """End the adapter and its whole process group, now: its children too, even when
        the adapter itself has already exited (a background child it left behind)."""
        lifetime.kill_group(self._proc.pid)
        lifetime.unregister(self._proc.pid)
        lifetime.wait_exit(self._proc, 2)
        self._release()

    def finish(self, grace: float) -> None:
        """Wait ``grace`` seconds for a clean exit, then kill."""
        with contextlib.suppress(OSError, ValueError):
            self._in.close()
        lifetime.wait_exit(self._proc, grace)
        self.kill()

    def _release(self) -> None:
        if self._released:
            return
        self._released = True
        with contextlib.suppress(OSError, ValueError, KeyError):
            self._poll.unregister(self._fd)
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()
        with contextlib.suppress(OSError, ValueError):
            self._stderr.close()
        if self._scratch is not None:
            sandbox.remove_scratch(self._scratch)
