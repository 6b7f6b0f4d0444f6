"""Whether a served adapter's process still runs (oracle/protocol/transport.py,
``AdapterProcess.alive``): asked without reaping it, so that ``Popen`` still reaps it
and reads its exit status; and told even where a child it left behind holds its output
open (no end of output is seen then)."""

from __future__ import annotations

import sys
import time

from oracle.protocol.transport import AdapterProcess


def _until_dead(proc: AdapterProcess) -> None:
    deadline = time.monotonic() + 10
    while proc.alive():
        assert time.monotonic() < deadline, "the process did not end"
        time.sleep(0.01)


def test_an_exited_adapter_is_not_alive_and_its_status_is_still_read() -> None:
    proc = AdapterProcess(f"{sys.executable} -c 'import sys; sys.exit(3)'", 1 << 20)
    try:
        _until_dead(proc)
        assert proc._proc.poll() == 3  # reaped by Popen, its status intact
        assert not proc.alive()
    finally:
        proc.kill()


def test_an_adapter_whose_child_holds_its_output_is_not_alive_once_it_exits() -> None:
    # the child keeps the output pipe open: no end of output comes
    proc = AdapterProcess("sleep 30 & exit 0", 1 << 20)
    try:
        _until_dead(proc)
        assert not proc._eof
    finally:
        proc.kill()
