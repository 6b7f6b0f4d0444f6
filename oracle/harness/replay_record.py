"""``railrules replay --from 18xx.games FILE [--impl SPEC] [--timeout S] [--json OUT]``:
replay a recorded game through an implementation, action by action (docs/replay.md).

The record is read and its undo/redo resolved (``oracle/records/reader.py``); the
engine starts a new game with the record's players (``P1`` .. ``Pn`` in the listed
order) and options (its title, and each optional rule through the table of
``oracle/records/titles.py``); each played action is translated from the record and
the current position (``oracle/records/translate.py``) and applied, with the passes
the platform implies (``record_steps.py``). The replay stops at the first action the
engine refuses; at the end the engine's final values (``scores``: ``values``) are held
against the record's ``result``.

Exit 0 when the whole record replays and every final value matches, 1 at the first
disagreement (a refusal, a final value that differs, an engine that fails to answer),
2 for a bad command line or a record we cannot read: not JSON, a malformed record (it
names what is wrong), an optional rule we do not model (named), an action we cannot
translate, or undo/redo that disagrees with the record's ``skip`` flags.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.harness.record_report import Report, Stop
from oracle.harness.record_steps import GAME, Refused, Steps
from oracle.harness.serve_mutant import resolve_spec
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import (
    Implementation,
    ImplementationOutcome,
    InvalidReply,
    Unsupported,
)
from oracle.records.reader import (
    Played,
    Record,
    RecordError,
    load_record,
    played,
    skip_disagreements,
)
from oracle.records.titles import game_options
from oracle.records.translate import Translator, Untranslatable

JSON = dict[str, Any]


def prepare(record: Record) -> tuple[Translator, dict[str, str], list[Played]]:
    """Everything checked before the engine starts: the title, the optional rules, the
    undo/redo against the ``skip`` flags, every action's type and names."""
    translator = Translator(record)
    options = game_options(record)
    wrong = skip_disagreements(record)
    if wrong:
        raise RecordError("undo/redo disagrees with the record's skip flags: " +
                          "; ".join(wrong[:5]) + (" ..." if len(wrong) > 5 else ""))
    actions = played(record)
    for p in actions:
        translator.check(p)
    return translator, options, actions


def replay_record(record: Record, impl: Implementation, name: str = "",
                  span: Span | None = None,
                  known_refusals: Mapping[int, str] | None = None) -> Report:
    """Replay the whole record from a new game; or, with ``span``, the played actions
    ``span.first`` .. ``span.last - 1`` from ``span.start``, a position the engine
    reached there (the record before it followed without an engine), and no final
    values (a part of a game: ``Report.finished`` stays false). ``known_refusals``:
    record action ID -> why the engine is expected to refuse it (an act the platform
    took where the rules do not allow it); each is tried, its refusal is reported and
    the replay goes on without it, and one the engine takes stops the replay."""
    translator, options, actions = prepare(record)
    first, last = (span.first, span.last) if span else (0, len(actions))
    report = Report(name, record, impl_name(impl), options, last - first)
    steps = Steps(impl)
    known = dict(known_refusals or {})
    try:
        for p in actions[:first]:
            translator.translate(p, None)
        position = span.start if span else _new_game(impl, record, options)
        for i in range(first, last):
            position = _play_known(translator, steps, actions, i, position, known, report)
            report.applied = i + 1 - first - len(report.refused)
        if span is None:
            report.final(_values(impl, position), _game_over(impl, position))
            if position.get("ended") != "bankruptcy":  # the sell-off is not in the record
                report.notes.extend(translator.certs.differences(position))
    except _Stopped as stopped:
        report.stop = stopped.stop
    except (ImplementationOutcome, InvalidReply) as err:
        at = actions[first + report.applied].where() if report.applied < last - first \
            else "the end"
        report.stop = Stop("engine", at, {}, None, getattr(err, "outcome", "invalid-reply"),
                           getattr(err, "message", str(err)))
    report.implied, report.dropped = steps.implied, steps.dropped
    return report


@dataclass(frozen=True)
class Span:
    """A part of a record: played actions ``first`` .. ``last - 1``, from ``start``."""

    start: JSON
    first: int
    last: int


def _new_game(impl: Implementation, record: Record, options: dict[str, str]) -> JSON:
    try:
        return impl.new_game(GAME, list(record.player_ids().values()), options)
    except (MalformedInput, Unsupported) as err:  # options or players it does not take
        raise _Stopped(Stop("new_game", "the new game", {"options": options}, None,
                            getattr(err, "outcome", "malformed"), str(err))) from None


class _Stopped(Exception):
    def __init__(self, stop: Stop) -> None:
        super().__init__(stop.reason)
        self.stop = stop


def _play_known(translator: Translator, steps: Steps, actions: list[Played], i: int,
                position: JSON, known: dict[int, str], report: Report) -> JSON:
    """``_play``; an action of ``known`` must be refused, and the replay goes on from
    the position before it (its refusal in ``report.refused``)."""
    p = actions[i]
    if p.id not in known or p.auto:
        return _play(translator, steps, actions, i, position)
    try:
        _play(translator, steps, actions, i, position)
    except _Stopped as stopped:
        if stopped.stop.kind != "refused":
            raise
        report.refused.append({**stopped.stop.to_json(), "why": known[p.id]})
        return position
    raise _Stopped(Stop("accepted", p.where(), p.data, None, "replay/known_refusal_taken",
                        f"the engine took the action expected refused ({known[p.id]})"))


def _play(translator: Translator, steps: Steps, actions: list[Played], i: int,
          position: JSON) -> JSON:
    p = actions[i]
    if _deferred_pass(actions, i):
        steps.dropped += 1
        return position
    try:
        translated = translator.translate(p, position)
    except Untranslatable:
        raise
    except RecordError as err:  # the record's facts do not fit the engine's position
        raise _Stopped(Stop("translation", p.where(), p.data, None, "", str(err))) from None
    steps.pre_act = lambda at, action: _home_token(translator, steps, actions, i, at, action)
    for action in translated:
        position = _apply(steps, p, position, action)
    return position


def _apply(steps: Steps, p: Played, position: JSON, action: JSON) -> JSON:
    try:
        return steps.play(position, action)
    except Refused as refused:
        raise _Stopped(Stop("refused", p.where(), p.data, refused.action,
                            refused.verdict.code, refused.reason(), refused.codes)) from None


def _deferred_pass(actions: list[Played], i: int) -> bool:
    """A company's pass that ends the platform's train step before the company buys a
    private (the platform's next step; railrules lets a company buy a private at any
    step, and its pass after the purchase ends the turn): no railrules act."""
    p, after = actions[i], actions[i + 1:i + 2]
    return p.data.get("type") == "pass" and p.data.get("entity_type") == "corporation" \
        and bool(after) and after[0].data.get("type") == "buy_company" \
        and after[0].data.get("entity") == p.data.get("entity")


def _home_token(translator: Translator, steps: Steps, actions: list[Played], i: int,
                position: JSON, action: JSON) -> JSON | None:
    """The operating company's home token, where the engine asks for it first (step
    ``home``) and the record holds another act: the record's ``place_token`` on the
    company's home hex in the same turn if it has one (the platform lets a company lay
    its tile first: 1830's ERIE then places its home token on a city of it), else the
    one home token the engine offers (the platform places it by itself, with no
    action)."""
    turn = position.get("turn") or {}
    company = turn.get("company")
    if turn.get("step") != "home" or action.get("type") == "place_token" or company is None:
        return None
    cdef = translator.title.company(str(company))
    home = cdef.home if cdef is not None else None
    for q in actions[i + 1:]:
        if q.data.get("entity") != actions[i].data.get("entity"):
            break
        if q.data.get("type") == "place_token":
            tokens = translator.translate(q, position)
            if tokens and tokens[0].get("hex") == home:
                return tokens[0]
    offered = [a for a in steps.impl.legal_actions(GAME, position)
               if a.get("type") == "place_token" and a.get("company") == company]
    return offered[0] if len(offered) == 1 else None


def _values(impl: Implementation, position: JSON) -> dict[str, int] | None:
    try:
        scores = impl.scores(GAME, position)
    except Unsupported:
        return None
    values = scores.get("values") if isinstance(scores, dict) else None
    if not isinstance(values, dict):
        return None
    return {str(k): v for k, v in values.items() if isinstance(v, int)}


def _game_over(impl: Implementation, position: JSON) -> bool | None:
    try:
        return bool(impl.game_over(GAME, position))
    except Unsupported:
        return None


def impl_name(impl: Implementation) -> str:
    try:
        return str(impl.hello().get("name", "?"))
    except (ImplementationOutcome, AttributeError):
        return "?"


# -- the command line (railrules replay, --from) ---------------------------------------
def run(args: argparse.Namespace) -> int:
    if args.against is not None or args.no_divide:
        print("railrules replay: --against and --no-divide replay fuzz traces, not records",
              file=sys.stderr)
        return 2
    path = Path(args.trace)
    try:
        record = load_record(path)
        prepare(record)
    except RecordError as err:
        print(f"railrules replay: {path.name}: {err}", file=sys.stderr)
        return 2
    spec = args.impl or "oracle"
    impl = make_implementation(resolve_spec(spec), timeout=args.timeout, max_restarts=0)
    known = {int(a): "named on the command line (--known-refusal)"
             for a in getattr(args, "known_refusal", None) or ()}
    try:
        report = replay_record(record, impl, path.name, known_refusals=known)
    except Untranslatable as err:
        print(f"railrules replay: {path.name}: {err}", file=sys.stderr)
        return 2
    finally:
        impl.close()
    report.impl = spec
    print(report.text(), end="")
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_json(), indent=1) + "\n", "utf-8")
    return report.exit_code()
