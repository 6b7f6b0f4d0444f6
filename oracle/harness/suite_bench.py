"""Figures for ``railrules bench``: the whole suite in process and through the protocol.

Both runs go through the same door (pytest in a subprocess, as ``certify`` runs it),
so start-up costs are alike and the difference is the protocol: JSON over pipes
to ``railrules serve``, with every reply checked against the schemas.
Target (issue 4): the protocol run within 2x of the in-process run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from oracle.harness.suite_info import front_door

#: The adapter command that serves the oracle (the same as ``railrules serve``).
SERVE = f"{sys.executable} -m oracle.protocol.server"


def time_suite(impl: str) -> float:
    """Seconds for one whole-suite run against ``impl`` (results streamed, as certify does)."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pytest", str(front_door()), "-q",
               "-p", "oracle.harness.pytest_plugin", "-p", "no:cacheprovider",
               "--impl", impl, "--railrules-results", str(Path(tmp) / "results.jsonl")]
        start = time.perf_counter()
        subprocess.run(cmd, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
        return time.perf_counter() - start


def suite_timings() -> dict[str, float]:
    """``suite_inprocess_s`` and ``suite_protocol_s``, in seconds."""
    return {
        "suite_inprocess_s": round(time_suite("oracle"), 3),
        "suite_protocol_s": round(time_suite(SERVE), 3),
    }


if __name__ == "__main__":
    import json
    print(json.dumps(suite_timings()))
