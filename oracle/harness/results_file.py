"""Reading a run's results stream (``results.jsonl``) for its report, strictly.

``railrules certify`` streams one JSON line per graded scenario and builds the report
from the stream at the end, a resumed run from the earlier run's lines too. Two kinds
of line must not reach the report:

* **a corrupted record**: a line that is not JSON, not an object, or a ``result``
  record the report's schema refuses. It is refused here, naming the file and its line
  (``ResultsFileError``: ``results.jsonl:206: outcome: ...``), instead of failing the
  report's own validation later with a traceback about ``results.206``. Only the last
  line of a file that does not end in a newline is forgiven: a run killed while writing
  leaves one.
* **a record of no scenario of this run**: one whose ``key`` is not among the keys the
  run collected (a scenario since removed from the suite, a line pasted in). It would
  count in the totals (``fail: 1``) of a run whose every scenario passed; it is
  dropped, and the number dropped is reported (``ResultsRead.dropped``).

Which keys a run collected is written next to the stream by the run itself
(``write_collected``, read by ``read_collected``).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from oracle.core.schema import Compiled, load_schema

#: the schema a result record must match: the report's own (a record becomes a result)
REPORT_SCHEMA = ("oracle.harness.data", "report.schema.json")
#: what follows the stream's stem in the name of the file of collected keys
COLLECTED_SUFFIX = ".collected.json"


class ResultsFileError(ValueError):
    """A corrupted line of a results stream: the file, its line (from 1), and why."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        self.path, self.line, self.message = path, line, message
        super().__init__(f"{path}:{line}: {message}")


@dataclass(frozen=True)
class ResultsRead:
    """The records a report is built from."""

    #: the last ``result`` record per key (a resumed run may grade a key again), in
    #: the order each key first appeared
    results: list[dict[str, Any]]
    #: the handshakes the records of this run's keys carry (one per process that
    #: graded scenarios), in stream order
    handshakes: list[dict[str, Any]]
    #: the keys of the records dropped as no scenario of this run, sorted
    dropped_keys: tuple[str, ...] = ()

    @property
    def dropped(self) -> int:
        return len(self.dropped_keys)


@cache
def _result_schema() -> Compiled:
    schema = load_schema(*REPORT_SCHEMA)
    return Compiled({"$defs": schema["$defs"], "$ref": "#/$defs/result"})


def numbered_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) for each record of ``path`` (none when it does not
    exist); ``ResultsFileError`` for a line that is not a JSON object, but for the last
    line of a file not ending in a newline (cut short by a killed run), skipped."""
    if not path.exists():
        return
    data = path.read_bytes()
    lines = data.split(b"\n")
    cut_short = len(lines) - 1 if not data.endswith(b"\n") else -1
    for index, raw in enumerate(lines):
        if not raw.strip():
            continue
        number = index + 1
        try:
            record = json.loads(raw)
        except ValueError as err:  # not JSON, or not UTF-8
            if index == cut_short:
                return
            raise ResultsFileError(path, number, f"not JSON ({err})") from None
        if not isinstance(record, dict):
            raise ResultsFileError(path, number, "not a JSON object")
        yield number, record


def read_results(path: Path, collected: Collection[str] | None = None) -> ResultsRead:
    """The result records of ``path`` for a report (``ResultsFileError`` naming the
    line of the first corrupted one); with ``collected``, the keys this run collected,
    a record of any other key is dropped and counted."""
    checker = _result_schema()
    by_key: dict[str, dict[str, Any]] = {}
    handshakes: list[dict[str, Any]] = []
    dropped: set[str] = set()
    for number, record in numbered_records(path):
        if record.get("type") != "result":
            continue  # other kinds of line the stream may carry
        found = checker.first_error(record)
        if found is not None:
            where, message = found
            field = ".".join(str(p) for p in where) or "record"
            raise ResultsFileError(path, number, f"{field}: {message[:300]}")
        key = str(record["key"])
        if collected is not None and key not in collected:
            dropped.add(key)
            continue
        by_key[key] = record
        if isinstance(record.get("handshake"), dict):
            handshakes.append(record["handshake"])
    return ResultsRead(list(by_key.values()), handshakes, tuple(sorted(dropped)))


def collected_path(results: Path) -> Path:
    """Where the keys a run collected are kept: beside its stream
    (``results.jsonl`` -> ``results.collected.json``)."""
    return results.with_name(results.stem + COLLECTED_SUFFIX)


def write_collected(results: Path, keys: Iterable[str]) -> None:
    """Keep the keys the run collected (every scenario it covers, those a resume skips
    included), replacing the file at once: a reader never sees half of it."""
    target = collected_path(results)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=target.name + ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(sorted(set(keys)), out)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_collected(results: Path) -> frozenset[str] | None:
    """The keys the run collected, or None when it did not say (no file: nothing is
    dropped); ``ResultsFileError`` when the file is there but unreadable."""
    path = collected_path(results)
    try:
        keys = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as err:
        raise ResultsFileError(path, 1, f"unreadable ({err})") from None
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise ResultsFileError(path, 1, "not a JSON list of keys")
    return frozenset(keys)


__all__ = ["ResultsFileError", "ResultsRead", "collected_path", "numbered_records",
           "read_collected", "read_results", "write_collected"]
