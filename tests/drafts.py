"""Running a fuzz draft (``draft.feature`` and its runner ``test_draft.py``, as
``railrules fuzz`` writes them) through the suite's steps, for the tests that check
drafts replay."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_draft(folder: Path, impl: str) -> subprocess.CompletedProcess[str]:
    """pytest on ``folder/test_draft.py`` against ``impl``, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", str(folder / "test_draft.py"), "-q",
         f"--rootdir={ROOT}", "-p", "oracle.harness.pytest_plugin", "-p", "no:cacheprovider",
         "--impl", impl], cwd=ROOT, capture_output=True, text=True, timeout=300,
        check=False)
