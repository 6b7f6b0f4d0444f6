"""Where the recorded-play corpora of ../shared are, and the skip a test gives when they
are not on this machine (the brief: tests read them from ../shared, never copies).

Under CI (``CI`` set) nothing skips: CI's clone has ../shared beside it, and a test
that cannot find the corpus there must fail, not vanish from the count."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_IN_CI = bool(os.environ.get("CI"))


def corpus(kind: str) -> Path:
    """``kind`` is ``real-turns``, ``real-positions`` or ``real-games``; an environment
    variable (``RAILRULES_REAL_TURNS`` ...) names another folder."""
    env = os.environ.get("RAILRULES_" + kind.upper().replace("-", "_"))
    return Path(env) if env else ROOT.parent / "shared" / kind


def needs(kind: str) -> pytest.MarkDecorator:
    where = corpus(kind)
    return pytest.mark.skipif(
        not where.is_dir() and not _IN_CI,
        reason=f"{where} is absent: the recorded-play corpus lives in ../shared beside the "
               "checkout and is never copied into the project (under CI it must be there)")
