"""Paths shared by the grader's own tests."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FAKE = f"{sys.executable} {HERE / 'fakes' / 'fake_adapter.py'}"
#: the built-in oracle served, and the served oracle whose digests go wrong (its usage)
SERVE = f"{sys.executable} -m oracle.harness.cli serve"
LIAR = f"{sys.executable} {HERE / 'fakes' / 'digest_liar.py'}"


sys.path.insert(0, str(HERE))
