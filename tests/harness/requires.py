"""What some grader tests need from the machine, with the reason a skip gives.

Both are installed where it counts: ``.ci/run`` installs bubblewrap, and CI's machine
has Node.js, so CI runs every test these mark. On a machine without them the skips say
what is missing and what then happens.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from oracle.protocol import sandbox

_works, _why = sandbox.available()

#: Under CI (``CI`` set, as .ci/run's callers set it) nothing here skips: CI installs what
#: these need, and a test that cannot run there must fail, not vanish from the count.
_IN_CI = bool(os.environ.get("CI"))

#: tests of the adapter sandbox itself: without bubblewrap, adapters run unisolated and
#: every report says so (docs/certify.md, "Isolation")
needs_sandbox = pytest.mark.skipif(
    not _works and not _IN_CI, reason=f"no working sandbox (bubblewrap) on this machine ({_why}): "
                       "adapters run unisolated here and the reports say so; .ci/run "
                       "installs bubblewrap, and under CI these tests run (and fail) "
                       "rather than skip")

#: tests that run the JavaScript example adapter (examples/js-rocket)
needs_node = pytest.mark.skipif(
    shutil.which("node") is None and not _IN_CI,
    reason="node is not installed: the JavaScript example adapter runs on Node.js 20 "
           "(CI's machine has it, and under CI these tests run rather than skip)")


#: the project's shared sources (real positions, real turns, seeds) beside the checkout
SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def needs_shared(folder: str) -> pytest.MarkDecorator:
    """Tests that read ``../shared/<folder>`` from the checkout: they skip, naming the
    missing folder, where it is absent, except under CI (there they run and fail)."""
    where = SHARED / folder
    return pytest.mark.skipif(
        not where.is_dir() and not _IN_CI,
        reason=f"the shared folder {where} (../shared/{folder} beside the checkout) is "
               "missing: these tests read its files where they are; under CI they run "
               "rather than skip")
