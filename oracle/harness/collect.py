"""Collect one JSON record per scenario and stream them to disk as JSON lines.

Built from pytest-bdd hooks, not from ``--cucumberjson`` (which drops skipped
scenarios: research notes, section 4). The record is made where the scenario
ran (an xdist worker or the main process), travels in the report's
``user_properties``, and is written by the main process as soon as it arrives,
so a killed run keeps every finished scenario and ``--resume`` continues it.

Outcomes: ``oracle.harness.outcomes``.
A scenario that fails before its first ``When`` (while its ``Given`` steps build the
position) is ``setup-error``: no ruling was put to the implementation, so it is never
blamed on one and never counts as a kill. A declared reading of an open ruling that
fails is an ordinary ``fail``; the report adds which readings were followed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from oracle.harness.reports.text import HANDSHAKE_BOUND, POSITION_BOUND, bounded, scrub
from oracle.protocol.implementation import ImplementationOutcome, Unsupported
from steps.tags import describe, node_tags, scenario_id
from steps.world import PositionRefused

PROPERTY = "railrules"
#: the id prefix of the plugin's ``--impl-each`` parameter (``impl#0``, ``impl#1``: no
#: hyphen, so it splits cleanly from an Examples row's id)
IMPL_ID = "impl#"

_scenario_key = pytest.StashKey[dict[str, Any]]()


# -- outcomes ------------------------------------------------------------------------------

def classify(excinfo: pytest.ExceptionInfo[BaseException] | None, setup: bool = False) -> str:
    """The outcome a raised exception stands for. ``setup``: it was raised before the
    scenario's first ``When`` (a Given step, or a fixture), so a wrong answer or an
    error there is a ``setup-error``, not a verdict on any ruling; so is a refusal of the
    scenario's position, whichever step sends it (``PositionRefused``)."""
    if excinfo is None:
        return "pass"
    err = excinfo.value
    if isinstance(err, ImplementationOutcome):
        return err.outcome
    if excinfo.errisinstance(pytest.skip.Exception):
        return "skipped"
    if setup or isinstance(err, PositionRefused):
        return "setup-error"
    if isinstance(err, AssertionError):
        return "fail"
    return "error"


def _short(value: Any, limit: int = 4000) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= limit else text[:limit] + " ..."


# -- pytest-bdd hooks: remember the scenario and its steps on the item ---------------------

def before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    request.node.stash[_scenario_key] = {
        "name": scenario.name,
        "feature": str(getattr(feature, "rel_filename", "") or feature.filename),
        "feature_name": feature.name,
        "line": scenario.line_number,
        "steps": [{"keyword": s.keyword, "type": s.type, "text": s.name, "status": "not run",
                   **({"table": [[c.value for c in row.cells] for row in s.datatable.rows]}
                      if s.datatable is not None else {}),
                   **({"docstring": s.docstring} if s.docstring else {})}
                  for s in scenario.steps],
        "step_index": 0,
    }


def _step_index(info: dict[str, Any], scenario: Any, step: Any) -> int:
    try:
        return int(scenario.steps.index(step))
    except ValueError:
        return int(info["step_index"])


def _note_board(request: pytest.FixtureRequest, info: dict[str, Any], index: int) -> None:
    """Remember the step after which the scenario's board (the world's position) last
    changed, and what that step sent: the report says which moment its picture shows
    ("after the When", "before the When: its action was refused")."""
    if "world" not in request.fixturenames:
        return
    try:
        world = request.getfixturevalue("world")
    except Exception:  # the world never came to be; the error is reported elsewhere
        return
    position, verdict = getattr(world, "position", None), getattr(world, "verdict", None)
    sent = verdict is not info.get("verdict_seen")
    if position is not info.get("board_seen"):
        info["board"] = {"step": index, "action": "none"}
    board = info.get("board")
    if sent and board is not None and board["step"] == index and verdict is not None:
        board["action"] = "accepted" if verdict.accepted else "refused"
    info["board_seen"], info["verdict_seen"] = position, verdict


def after_step(request: pytest.FixtureRequest, scenario: Any, step: Any) -> None:
    info = request.node.stash.get(_scenario_key, None)
    if info is not None:
        i = _step_index(info, scenario, step)
        info["steps"][i]["status"] = "passed"
        info["step_index"] = i + 1
        _note_board(request, info, i)


def step_error(request: pytest.FixtureRequest, scenario: Any, step: Any,
               exception: BaseException) -> None:
    info = request.node.stash.get(_scenario_key, None)
    if info is None:
        return
    i = _step_index(info, scenario, step)
    info["steps"][i]["status"] = "failed"
    _note_board(request, info, i)
    info["failed_step"] = {"index": i, "keyword": step.keyword, "type": step.type,
                           "text": step.name}
    expected = getattr(exception, "expected", None)
    observed = getattr(exception, "observed", None)
    info["expected"] = _short(expected) if expected is not None else f"{step.keyword} {step.name}"
    info["observed"] = _short(observed) if observed is not None else _short(
        f"{type(exception).__name__}: {exception}")


_handshake_sent: list[bool] = []


def _handshake(impl: Any) -> dict[str, Any] | None:
    """The implementation's handshake, sent with the first record of each process."""
    if impl is None:
        return None
    _handshake_sent.append(True)
    try:
        hello: dict[str, Any] = impl.hello()
    except Exception as err:  # reported, not fatal: the scenarios say the rest
        return {"error": f"{type(err).__name__}: {err}"}
    return hello


def after_scenario(request: pytest.FixtureRequest) -> None:
    """Take the board and the last verdict from the world, for the report."""
    info = request.node.stash.get(_scenario_key, None)
    if info is None or "world" not in request.fixturenames:
        return
    try:
        world = request.getfixturevalue("world")
    except Exception:  # the world never came to be; the error is reported elsewhere
        return
    if not _handshake_sent:
        info["handshake"] = _handshake(getattr(world, "impl", None))
    info["game"] = getattr(world, "game", "")
    info["position"] = getattr(world, "position", None)
    verdict = getattr(world, "verdict", None)
    if verdict is not None:
        info["verdict"] = {"accepted": verdict.accepted, "code": verdict.code,
                           "ruling": verdict.ruling, "reason": verdict.reason}


# -- building the record ---------------------------------------------------------------------

def record_id(item: pytest.Item) -> str:
    """The scenario's id as the reports name it: its ``@id``, with an Examples row's id
    (``R-12[row0]``), or the node id of a scenario without one."""
    meta_id = scenario_id(node_tags(item))
    callspec = getattr(item, "callspec", None)
    # an Examples row's id, without the ``--impl-each`` parameter's part
    example = "-".join(part for part in (callspec.id.split("-") if callspec else [])
                       if not part.startswith(IMPL_ID))
    if example and meta_id:
        return f"{meta_id}[{example}]"
    return meta_id or item.nodeid


def annotate(item: pytest.Item, **fields: Any) -> None:
    """Add ``fields`` to the record the running scenario will have (``exchanges``)."""
    info = item.stash.get(_scenario_key, None)
    if info is not None:
        info.update(fields)


def make_record(item: pytest.Item, call: pytest.CallInfo[None], outcome: str) -> dict[str, Any]:
    info = item.stash.get(_scenario_key, None) or {}
    tags = node_tags(item)
    meta = describe(tags)
    callspec = getattr(item, "callspec", None)
    impl = callspec.params.get("implementation") if callspec is not None else None
    record: dict[str, Any] = {
        "type": "result", "key": item.nodeid, **meta, "id": record_id(item), "tags": tags,
        "name": info.get("name", item.name), "feature": info.get("feature", ""),
        "line": info.get("line", 0), "outcome": outcome,
        "duration_s": round(call.duration, 6), "steps": info.get("steps", []),
    }
    if impl is not None:
        record["impl"] = str(impl)
    for key in ("failed_step", "expected", "observed", "game", "position", "board",
                "verdict", "handshake", "exchanges"):
        if info.get(key) is not None:
            record[key] = info[key]
    if call.excinfo is not None:
        err = call.excinfo.value
        record["message"] = _short(f"{type(err).__name__}: {err}", 2000)
        if isinstance(err, Unsupported) and isinstance(err.detail, str):
            record["gap"] = err.detail[:200]  # the feature: action:defend, option:x=y
        if isinstance(err, ImplementationOutcome) and isinstance(err.detail, dict):
            stderr = err.detail.get("stderr")
            if stderr:
                record["stderr"] = _short(stderr, 4000)
        if "failed_step" not in record:
            record["observed"] = record["message"]
    return stored_record(record)


def stored_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record as stored: what the adapter handed back is bounded in size (a 5 MB
    position would otherwise be written into results.jsonl and report.json for every
    scenario), and every lone surrogate replaced, so each report file can be written."""
    if "position" in record:
        record["position"] = bounded(record["position"], POSITION_BOUND, "the position")
    if "handshake" in record:
        record["handshake"] = bounded(record["handshake"], HANDSHAKE_BOUND, "the handshake")
    verdict = record.get("verdict")
    if isinstance(verdict, dict):
        record["verdict"] = {k: _short(v, 2000) if isinstance(v, str) else v
                             for k, v in verdict.items()}
    cleaned: dict[str, Any] = scrub(record)
    return cleaned


def is_scenario(item: pytest.Item) -> bool:
    return _scenario_key in item.stash


def attach(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport,
           outcome: str) -> None:
    """Put the record on the report, so it reaches the main process under xdist too."""
    record = make_record(item, call, outcome)
    report.user_properties.append((PROPERTY, json.dumps(record, default=str)))


def record_of(report: pytest.TestReport) -> dict[str, Any] | None:
    for name, value in report.user_properties:
        if name == PROPERTY and isinstance(value, str):
            loaded: dict[str, Any] = json.loads(value)
            return loaded
    return None


# -- the writer (main process only) ------------------------------------------------------------

def in_setup(item: pytest.Item, call: pytest.CallInfo[None]) -> bool:
    """Whether the scenario stopped before its first When: in a fixture, or in a Given."""
    if call.when == "setup":
        return True
    info = item.stash.get(_scenario_key, None) or {}
    failed = info.get("failed_step")
    return failed is not None and failed.get("type") == "given"


def makereport_wrapper(item: pytest.Item, call: pytest.CallInfo[None],
                       report: pytest.TestReport) -> None:
    """Attach the scenario record and turn declared gaps into pytest skips. A declared
    reading that fails stays a failure, for the oracle, a mutant and an adapter alike."""
    if not is_scenario(item):
        return
    if call.when == "call" or (call.when == "setup" and report.outcome != "passed"):
        outcome = classify(call.excinfo, setup=in_setup(item, call))
        attach(item, call, report, outcome)
        if outcome in ("skipped", "unsupported") and report.outcome == "failed":
            assert call.excinfo is not None
            _as_skip(item, report, f"{outcome}: {call.excinfo.value}")


def _as_skip(item: pytest.Item, report: pytest.TestReport, reason: str) -> None:
    path, line, _ = item.reportinfo()
    report.outcome = "skipped"
    report.longrepr = (str(path), (line or 0) + 1, reason)

