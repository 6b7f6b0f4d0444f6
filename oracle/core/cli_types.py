"""Argument types for the ``railrules`` command lines (argparse ``type=``).

Each refuses a bad value with ``argparse.ArgumentTypeError``, so a bad command line
gets argparse's own answer, the usage and one line naming the option, and exit status
2, before anything runs (docs/certify.md, "Failure classes"). They live in the core
so that every verb can use them, ``railrules serve`` (oracle.protocol) as much as the
harness's; a check that needs a registry takes it as a callable (``one_of``).
"""

from __future__ import annotations

import argparse
import math
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from oracle.core.wire_json import MAX_BYTES


def positive_float(text: str) -> float:
    """A finite number above zero (seconds: ``--timeout``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be a finite number above 0")
    return value


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def non_negative_int(text: str) -> int:
    """A whole number, 0 or more."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 or more")
    return value


def positive_int(text: str) -> int:
    """A whole number, 1 or more."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 1 or more")
    return value


def reply_bytes(text: str) -> int:
    """Bytes a reply line may have: 1 up to what the wire's reader takes at all
    (``wire_json.MAX_BYTES``)."""
    value = positive_int(text)
    if value > MAX_BYTES:
        raise argparse.ArgumentTypeError(f"{text!r}: at most {MAX_BYTES} (the largest "
                                         f"JSON text the harness reads)")
    return value


def jobs(text: str) -> str:
    """``auto`` or a number of workers, 0 or more (0: in one process)."""
    if text == "auto":
        return text
    return str(non_negative_int(text))


def _existing(text: str, noun: str, is_kind: Callable[[Path], bool]) -> str:
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{text}: no such {noun}")
    if not is_kind(path):
        raise argparse.ArgumentTypeError(f"{text}: not a {noun}")
    return text


def existing_file(text: str) -> str:
    """A path naming a file that exists."""
    return _existing(text, "file", Path.is_file)


def existing_dir(text: str) -> str:
    """A path naming a folder that exists."""
    return _existing(text, "folder", Path.is_dir)


def writable_dir(text: str) -> str:
    """A folder that exists and can be written in, or can be made: the nearest part
    of the path that exists is a folder in which a folder can be made (tried, and
    removed at once: permissions alone do not say it of /proc, or of a read-only
    mount, for root)."""
    path = Path(text).absolute()
    existing = next((p for p in (path, *path.parents) if p.exists()), None)
    if existing is None or not existing.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {existing or path} is not a folder")
    try:
        with tempfile.TemporaryDirectory(dir=existing, prefix=".railrules-probe-"):
            pass
    except OSError as err:
        raise argparse.ArgumentTypeError(
            f"{text}: cannot make a folder in {existing} ({err.strerror or err})") from None
    return text


def comma_words(text: str) -> str:
    """A comma-separated list that names at least one word (``--scope``)."""
    if not [w for w in text.split(",") if w.strip()]:
        raise argparse.ArgumentTypeError(f"{text!r} names nothing")
    return text


def one_of(names: Callable[[], Iterable[str]], what: str) -> Callable[[str], str]:
    """A type accepting only a name ``names()`` lists (read when the argument is, so
    the registry is loaded only for a command line that names one)."""
    def check(text: str) -> str:
        known = sorted(names())
        if text not in known:
            shown = ", ".join(known[:12]) + (f", ... ({len(known)} in all)"
                                              if len(known) > 12 else "")
            raise argparse.ArgumentTypeError(f"unknown {what} {text!r} (known: {shown})")
        return text
    check.__name__ = what  # argparse names the type by it
    return check


__all__ = ["comma_words", "existing_dir", "existing_file", "jobs", "non_negative_int",
           "one_of", "positive_float", "positive_int", "reply_bytes", "writable_dir"]
