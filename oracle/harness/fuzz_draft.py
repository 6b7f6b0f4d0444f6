"""What a found divergence leaves behind: the JSON trace, a draft ``.feature`` that
replays it through the suite's own steps, and a perft-style divide.

The draft is tagged ``@found-by:fuzz @unruled`` and written to the fuzz output folder,
never into ``features/``: a rules expert rules on it first (which side is right), then
gives it an ``@id``, a ``@ruling`` and a ``@source`` and moves it in. The When lines
come from the game's step module (its ``action_step(action)``: the text of the When
step that sends that action); an action no step sends is written as a comment.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.games import game_module
from oracle.harness.lockstep import Lockstep, Played, key, short
from oracle.protocol.implementation import (
    JSON,
    Errored,
    Implementation,
    ImplementationOutcome,
    InvalidReply,
    Skipped,
    Unsupported,
)

TRACE_FORMAT = "railrules-fuzz-trace/1"
#: the files ``write_finding`` writes in the campaign's folder
FINDING_FILES = ("trace.json", "draft.feature", "test_draft.py", "divide.txt")


def trace_json(played: Played, game: str, *, impl: str, against: str,
               origin: JSON | None = None) -> JSON:
    assert played.divergence is not None
    trace: JSON = {"format": TRACE_FORMAT, "game": game, "players": played.players,
                   "options": played.options, "actions": played.actions,
                   "choices": played.choices, "impl": impl, "against": against,
                   "divergence": played.divergence.to_json(), "found": origin or {}}
    if played.start is not None:  # the game's opening it started from
        trace["start"] = played.start
    return trace


#: what a trace holds, beside its format, for ``railrules replay``
TRACE_FIELDS = {"game": str, "players": list, "options": dict, "actions": list,
                "divergence": dict}


def load_trace(path: Path) -> JSON:
    """A trace written by ``write_finding``; ``OSError`` when it cannot be read,
    ``ValueError`` naming what is wrong when it is not such a trace."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:  # not JSON, or not UTF-8
        raise ValueError(f"{path}: not JSON ({err})") from None
    if not isinstance(data, dict) or data.get("format") != TRACE_FORMAT:
        raise ValueError(f"{path}: not a railrules fuzz trace ({TRACE_FORMAT})")
    for field, kind in TRACE_FIELDS.items():
        if not isinstance(data.get(field), kind):
            raise ValueError(f"{path}: {field}: missing, or not a JSON {kind.__name__}")
    trace: JSON = data
    return trace


def _step_writer(game: str) -> Callable[[JSON], str | None]:
    steps = importlib.import_module(game_module(game).steps)
    writer: Callable[[JSON], str | None] | None = getattr(steps, "action_step", None)
    return writer or (lambda action: None)


def draft_feature(trace: JSON, names: tuple[str, str]) -> str:
    """A scenario that starts from a new game (or the trace's opening) and sends the
    trace's actions."""
    game, div = trace["game"], trace["divergence"]
    a, b = names
    when = _step_writer(game)
    # an opening carries its options in the position itself
    options = "" if trace.get("start") is not None else " ".join(
        f"@option:{k}={str(v).lower() if isinstance(v, bool) else v}"
        for k, v in sorted(trace["options"].items()))
    found = trace.get("found") or {}
    lines = [
        "@found-by:fuzz @unruled",
        f"Feature: {a} and {b} disagree ({div['kind']} after {div['step']} actions)",
        f"  Found by railrules fuzz (seed {found.get('seed', '?')}, game "
        f"{found.get('game_index', '?')}) and shrunk to {len(trace['actions'])} actions.",
        "  Draft: which side is right is for a rules expert to rule; then it gets",
        "  its id, ruling and source tags and moves into features/.",
        "",
        *([f"  {options}"] if options else []),
        f"  Scenario: {div['kind']} differs after {div['step']} actions",
        *_given_lines(trace),
    ]
    word = "When"
    for action in trace["actions"]:
        text = when(action)
        if text is None:
            lines.append(f"    # no step sends this action: {key(action)}")
            continue
        lines.append(f"    {word} {text}")
        word = "And"
    lines += _then_lines(div, names)
    return "\n".join(lines) + "\n"


def _given_lines(trace: JSON) -> list[str]:
    """A new game, or the opening the game started from, as a JSON docstring (the
    rules expert who rules on the draft redraws it as the game's own Given steps)."""
    game = trace["game"]
    if trace.get("start") is None:
        return [f"    Given a new {len(trace['players'])}-player {game} game"]
    body = json.dumps(trace["start"], indent=2, sort_keys=True).splitlines()
    return [f"    Given this {game} position:", '      """',
            *[f"      {line}" for line in body], '      """']


def _then_lines(div: JSON, names: tuple[str, str]) -> list[str]:
    a, b = names
    detail = div.get("detail") or {}
    out = [f"    # {a} and {b} differ here: {div['kind']}"]
    if div["kind"] == "verdict":
        vb = detail.get("b") or {}
        out.append(f"    # {a}: {key(detail.get('a'))}")
        out.append(f"    # {b} (the reading below): {key(vb)}")
        if vb.get("accepted"):
            out.append("    Then the action is accepted")
        else:
            out.append(f'    Then the action is refused with reason "{vb.get("code")}"')
        return out
    for name, value in sorted(detail.items()):
        out.append(f"    # {name}: {key(short(value, 400))}")
    return out


def divide(a: Implementation, b: Implementation, trace: JSON) -> str:
    """Perft-style: per step of the trace, how many legal actions each side lists; at
    the first step they differ, the actions only one side lists. A side that errors,
    crashes or times out ends the table with what happened (the divergence may be
    just that), never the run."""
    rows: list[str] = []
    try:
        return _divide(a, b, trace, rows)
    except ImplementationOutcome as err:
        return "\n".join([*rows, f"stopped: a side gave {err.outcome}: {err.message[:300]}"]) \
            + "\n"
    except InvalidReply as err:
        return "\n".join([*rows, f"stopped: a side gave an invalid answer: "
                                  f"{err.message[:300]}"]) + "\n"


def _divide(a: Implementation, b: Implementation, trace: JSON, rows: list[str]) -> str:
    game, names = trace["game"], (trace.get("impl") or "A", trace.get("against") or "B")
    rows += [f"divide: {names[0]} (A) against {names[1]} (B), {game}, "
             f"{len(trace['players'])} players, options {key(trace['options'])}",
             f"{'step':>4}  {'A':>5}  {'B':>5}  action"]
    start = trace.get("start")
    if start is not None:  # the opening the game started from, for both sides
        pa, pb = start, start
    else:
        pa = _ask(lambda: a.new_game(game, trace["players"], trace["options"]))
        try:
            pb = _ask(lambda: b.new_game(game, trace["players"], trace["options"]))
        except Errored:  # declares the game, makes no new games: handed A's (as in lockstep)
            pb = None
    pa = pb if pa is None else pa
    pb = pa if pb is None else pb
    if pa is None:
        return "\n".join([*rows, "(neither side makes new games)"]) + "\n"
    actions: list[Any] = [*trace["actions"], None]
    first_difference: list[str] = []
    for step, action in enumerate(actions):
        la = _ask(lambda: a.legal_actions(game, pa))  # noqa: B023 - called at once
        lb = _ask(lambda: b.legal_actions(game, pb))  # noqa: B023
        ka = {key(x) for x in la} if la is not None else None
        kb = {key(x) for x in lb} if lb is not None else None
        na = "-" if ka is None else str(len(ka))
        nb = "-" if kb is None else str(len(kb))
        mark = " " if ka is None or kb is None or ka == kb else "*"
        rows.append(f"{step:>4}{mark} {na:>5}  {nb:>5}  "
                    f"{key(action) if action is not None else '(end of trace)'}")
        if mark == "*" and not first_difference and ka is not None and kb is not None:
            first_difference = [f"first difference in legal actions at step {step}:"]
            first_difference += [f"  only A: {x}" for x in sorted(ka - kb)[:20]]
            first_difference += [f"  only B: {x}" for x in sorted(kb - ka)[:20]]
        if action is None:
            break
        va = _ask(lambda: a.apply(game, pa, action))  # noqa: B023
        vb = _ask(lambda: b.apply(game, pb, action))  # noqa: B023
        va = va if va is not None else vb
        vb = vb if vb is not None else va
        if va is None or vb is None or not va.accepted or not vb.accepted:
            rows.append(f"      refused: A {_refusal(va)}, B {_refusal(vb)}")
            break
        pa, pb = va.position, vb.position
    if not first_difference:
        first_difference = ["legal actions agree at every step; the difference is in: "
                            f"{trace['divergence']['kind']}"]
    return "\n".join([*rows, "", *first_difference]) + "\n"


def _refusal(verdict: Any) -> str:
    if verdict is None:
        return "unsupported"
    return "accepted" if verdict.accepted else f"refused {verdict.code}"


def _ask(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except (Unsupported, Skipped):
        return None


def draft_runner(game: str) -> str:
    """A pytest module that runs ``draft.feature`` through the suite's steps:
    ``pytest reports/fuzz-X/test_draft.py --impl A``."""
    return (f'"""Runs draft.feature through the suite\'s steps (railrules fuzz wrote this)."""\n\n'
            "from pytest_bdd import scenarios\n\n"
            "from steps.common import *  # noqa: F403\n"
            f"from {game_module(game).steps} import *  # noqa: F403\n\n"
            'scenarios("draft.feature")\n')


def write_finding(out: Path, lock: Lockstep, shrunk: Played, game: str, *,
                  names: tuple[str, str], specs: tuple[str, str],
                  origin: JSON) -> dict[str, Path]:
    """``trace.json``, ``draft.feature`` (and its runner ``test_draft.py``) and
    ``divide.txt`` in ``out``."""
    trace = trace_json(shrunk, game, impl=specs[0], against=specs[1], origin=origin)
    paths = {label: out / name for label, name in zip(
        ("trace", "draft", "runner", "divide"), FINDING_FILES, strict=True)}
    paths["trace"].write_text(json.dumps(trace, indent=1) + "\n", encoding="utf-8")
    paths["draft"].write_text(draft_feature(trace, names), encoding="utf-8")
    paths["runner"].write_text(draft_runner(game), encoding="utf-8")
    paths["divide"].write_text(divide(lock.a, lock.b, trace), encoding="utf-8")
    return paths
