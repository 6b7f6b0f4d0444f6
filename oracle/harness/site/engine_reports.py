"""Certification reports given to ``railrules site`` and ``railrules compare``: untrusted.

A report.json is written by ``railrules certify``, but the file handed over may come
from anyone, and its engine chose its own name, version, messages and readings. So a
report is read strictly: bounded in size, valid JSON, an object the report schema
(``oracle/harness/data/report.schema.json``) accepts, with ruling IDs as keys; one that
is not is refused with ``ReportError`` naming the file and what is wrong. What the pages
show of it is kept in an ``EngineRun``: every string scrubbed and cut to a bound, to be
HTML-escaped where it is written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from oracle.core.errors import MalformedInput
from oracle.core.schema import validate
from oracle.harness.reports.text import scrub

#: the largest report file read (the oracle's own is some 2 MB)
FILE_BOUND: Final = 64 << 20
#: characters kept of an engine's name, version, language
NAME_CHARS: Final = 60
#: characters kept of a reading, a verdict, a reason
WORDS_CHARS: Final = 300
#: JSON nesting read at most (deeper is refused, not a RecursionError)
DEPTH: Final = 64
RULING_ID: Final = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")
#: what build_report files an untagged scenario under
UNTAGGED: Final = "(untagged)"


class ReportError(ValueError):
    """A report that is not one: the file and what is wrong."""


def cut(value: object, bound: int) -> str:
    """``value`` as text, lone surrogates replaced, at most ``bound`` characters."""
    text = str(scrub(str(value)))
    return text if len(text) <= bound else text[:bound - 1] + "\u2026"


@dataclass(frozen=True, slots=True)
class RulingResult:
    """One ruling as one engine's run graded it."""

    verdict: str  # pass | fail | unsupported | not-graded | untested
    coverage: str
    outcomes: dict[str, int]
    follows: tuple[str, ...] = ()  # the readings followed, for an open ruling
    reading_verdict: str = ""


@dataclass(frozen=True, slots=True)
class EngineRun:
    path: str
    name: str
    version: str
    language: str
    certified: bool
    scope: str
    scope_rulings: int
    level: str
    isolated: bool
    isolation_method: str
    partial: bool
    totals: dict[str, int]
    rulings: dict[str, RulingResult] = field(default_factory=dict)
    scenarios: dict[str, str] = field(default_factory=dict)  # scenario id -> outcome
    suite_hash: str = ""  # the suite the run graded (a hex digest, by the schema)

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}".strip()

    @property
    def isolation_words(self) -> str:
        if self.isolated:
            return "isolated"
        return "in process" if self.isolation_method == "in-process" else "not isolated"


def _depth(value: Any, limit: int = DEPTH) -> bool:
    """Whether ``value`` nests deeper than ``limit`` (iteratively: no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if level > limit:
            return True
        if isinstance(item, dict):
            stack += [(v, level + 1) for v in item.values()]
        elif isinstance(item, list):
            stack += [(v, level + 1) for v in item]
    return False


def read_json(path: Path) -> Any:
    """A bounded JSON file, or ``ReportError``."""
    try:
        if path.is_dir():
            path = path / "report.json"
        size = path.stat().st_size
        if size > FILE_BOUND:
            raise ReportError(f"{path}: {size:,} bytes, larger than {FILE_BOUND:,}")
        data = json.loads(path.read_bytes())
    except OSError as err:
        raise ReportError(f"{path}: cannot be read ({err.strerror or err})") from None
    except RecursionError:
        raise ReportError(f"{path}: JSON nested deeper than {DEPTH} levels") from None
    except ValueError as err:
        raise ReportError(f"{path}: not JSON ({err})") from None
    if _depth(data):
        raise ReportError(f"{path}: JSON nested deeper than {DEPTH} levels")
    return data


def load_report(path_text: str) -> EngineRun:
    """The report at ``path_text`` (a report.json or its folder), validated."""
    path = Path(path_text)
    data = read_json(path)
    if not isinstance(data, dict):
        raise ReportError(f"{path}: not a report (a JSON object)")
    try:
        validate(data, "oracle.harness.data", "report.schema.json", "report")
    except MalformedInput as err:
        raise ReportError(f"{path}: not a valid report: {err.field}: {err.message}") from None
    for key in (*data["rulings"], *data["coverage"]["rulings"], *data["open_rulings"]):
        if key != UNTAGGED and not RULING_ID.match(key):
            raise ReportError(f"{path}: not a valid report: ruling {cut(key, 40)!r} "
                              "is not a ruling ID")
    return _engine_run(str(path), data)


def _engine_run(path: str, data: dict[str, Any]) -> EngineRun:
    impl = data["implementation"]
    opened = data["open_rulings"]
    rulings = {}
    for rid, entry in data["coverage"]["rulings"].items():
        if rid == UNTAGGED:
            continue
        reading = opened.get(rid) or {}
        rulings[rid] = RulingResult(
            verdict=cut(entry["verdict"], 20), coverage=entry["coverage"],
            outcomes={cut(k, 20): int(v) for k, v in entry["outcomes"].items()},
            follows=tuple(cut(r, WORDS_CHARS) for r in reading.get("follows", ())),
            reading_verdict=cut(reading.get("verdict", ""), WORDS_CHARS))
    scenarios = {cut(r.get("id", "?"), 200): cut(r.get("outcome", "?"), 20)
                 for r in data["results"]}
    isolation = data["isolation"]
    return EngineRun(
        path=path, name=cut(impl.get("name") or data["spec"] or "?", NAME_CHARS),
        version=cut(impl.get("version", ""), NAME_CHARS),
        language=cut(impl.get("language", "?"), NAME_CHARS),
        certified=bool(data["certified"]), scope=cut(data["scope"].get("name", "?"), 80),
        scope_rulings=_count(data["scope"].get("rulings")),
        level=data["grading"]["level"], isolated=bool(isolation["isolated"]),
        isolation_method=cut(isolation["method"], 40), partial=bool(data["partial"]),
        totals={cut(k, 20): int(v) for k, v in data["totals"].items()},
        rulings=rulings, scenarios=scenarios, suite_hash=data["suite"]["hash"])


def _count(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return max(0, value)
    return len(value) if isinstance(value, list) else 0


def load_reports(paths: list[str], bound: int = 32) -> list[EngineRun]:
    if len(paths) > bound:
        raise ReportError(f"{len(paths)} reports: at most {bound}")
    return [load_report(p) for p in paths]
