"""``railrules turns``: replay real company turns of recorded 18xx games through an
implementation and compare each turn's end with what the recording engine reached.

The corpus is ``../shared/real-turns`` (its README): one JSON file a company turn, with
the start position, the recorded actions in our terms and the end facts. Files are read
where they are (``--corpus``, or ``RAILRULES_REAL_TURNS``), never copied.

1870 turns are replayed under the recording engine's readings (``--readings recording``,
the default; the README's "1870: the recording engine's readings"): destination tokens
in an extra slot (R1) and the ledge moved up (R2). ``--readings published`` keeps the
positions' own options, so the R1/R2 turns then differ by design.

Exit 0 when every turn agrees, 1 when one does not, 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.harness.serve_mutant import impl_spec, resolve_spec
from oracle.protocol import sandbox
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import Implementation, ImplementationOutcome

JSON = dict[str, Any]
GAME = "18xx"

#: options the recording engine plays by, per title (README, "the recording engine's
#: readings"); half_pay_rounding=withheld_down is already in the 1870 start positions
RECORDING_READINGS: dict[str, dict[str, str]] = {
    "1870": {"destination_token_slot": "extra", "ledge_move": "up"},
}

#: the most passes put in for steps the recording engine skips by itself (README,
#: REFUSED files: their actions after the refusal come without implied passes)
MAX_IMPLIED = 8


def default_corpus() -> Path:
    env = os.environ.get("RAILRULES_REAL_TURNS")
    return Path(env) if env else Path("..") / "shared" / "real-turns"


def turn_files(corpus: Path) -> list[Path]:
    return sorted(corpus.glob("*/*/turn-*.json")) if corpus.is_dir() else []


def turn_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}/{path.stem}"


def load_turn(path: Path) -> JSON:
    data: JSON = json.loads(path.read_text("utf-8"))
    return data


def start_position(turn: JSON, readings: str = "recording") -> JSON:
    start: JSON = json.loads(json.dumps(turn["start"]))
    if readings == "recording":
        start["options"] = {**start["options"], **RECORDING_READINGS.get(turn["title"], {})}
    return start


@dataclass
class Outcome:
    """One replayed turn: ``agree``, ``refused`` (action ``at``, with the engine's code
    and reason), ``differs`` (``differences``, ``ours vs tm theirs``) or ``error`` (the
    implementation did not answer)."""

    verdict: str
    differences: list[str] = field(default_factory=list)
    at: int | None = None
    refusal: str = ""

    def describe(self) -> str:
        if self.verdict == "refused":
            return f"refused action {self.at}: {self.refusal}"
        if self.verdict in ("differs", "error"):
            return "; ".join(self.differences) if self.differences else self.refusal
        return "agrees"


class _Refused(Exception):
    def __init__(self, at: int, text: str) -> None:
        super().__init__(text)
        self.at, self.text = at, text


def _apply(impl: Implementation, position: JSON, action: JSON, at: int) -> JSON:
    verdict = impl.apply(GAME, position, action)
    if not verdict.accepted or verdict.position is None:
        raise _Refused(at, f"{verdict.code}: {verdict.reason}".strip(": "))
    return verdict.position


def _mover(position: JSON) -> str | None:
    company = (position.get("turn") or {}).get("company")
    return None if company is None else str(company)


def _pass(position: JSON) -> JSON:
    return {"type": "pass", "company": _mover(position)}


def _with_implied(impl: Implementation, position: JSON, action: JSON, at: int) -> JSON:
    """Apply ``action``; where the engine says the step is not the action's, pass the
    step as the recording engine would have (README: actions after a refusal come
    without implied passes) and try again. A pass of a turn that has already ended
    (the engine ended it by itself) is dropped."""
    if action.get("type") == "pass" and _mover(position) != action.get("company"):
        return position
    for _ in range(MAX_IMPLIED):
        verdict = impl.apply(GAME, position, action)
        if verdict.accepted and verdict.position is not None:
            return verdict.position
        if verdict.code != "step/wrong_step" or _mover(position) is None:
            raise _Refused(at, f"{verdict.code}: {verdict.reason}".strip(": "))
        position = _apply(impl, position, _pass(position), at)
    raise _Refused(at, f"still refused after {MAX_IMPLIED} implied passes")


def _finish(impl: Implementation, position: JSON, company: str) -> JSON:
    """Pass the company's turn to its end (the implied passes the corpus leaves out
    after a refusal)."""
    for _ in range(MAX_IMPLIED):
        if _mover(position) != company:
            return position
        verdict = impl.apply(GAME, position, _pass(position))
        if not verdict.accepted or verdict.position is None:
            return position
        position = verdict.position
    return position


def replay(turn: JSON, impl: Implementation, readings: str = "recording") -> Outcome:
    """Apply the turn's actions in order from its start; compare the end."""
    position = start_position(turn, readings)
    implied_from = turn.get("refused_at") if "after_refusal" in turn else None
    try:
        for i, action in enumerate(turn["actions"]):
            if implied_from is not None and i > implied_from:
                position = _with_implied(impl, position, action, i)
            else:
                position = _apply(impl, position, action, i)
        if implied_from is not None:
            position = _finish(impl, position, str(turn["company"]))
    except _Refused as refused:
        return Outcome("refused", at=refused.at, refusal=refused.text)
    except ImplementationOutcome as err:
        return Outcome("error", refusal=f"{err.outcome}: {err.message}")
    expected = with_round_revenue(turn["expected"], turn["title"], turn["start"], position)
    diffs = compare(position, expected)
    return Outcome("agree" if not diffs else "differs", diffs)


def _private_revenue(title: str) -> dict[str, int]:
    from oracle.eighteen.titles import TITLES  # the reference data, read lazily

    return {p.id: p.revenue for p in TITLES[title].privates} if title in TITLES else {}


def with_round_revenue(expected: JSON, title: str, start: JSON, end: JSON) -> JSON:
    """The recording's end-of-turn snapshot is taken before the next operating round
    of the set begins; an engine whose turn ends by starting that round has already
    paid the privates' revenue as the round begins (the published rules: privates pay
    at the start of each operating round). For such a turn the expectation is moved to
    the same moment: each open private's owner gains the title's published revenue,
    and the bank pays it."""
    was, now = start.get("round") or {}, end.get("round") or {}
    if now.get("operating") != (was.get("operating") or 0) + 1:
        return expected
    revenue = _private_revenue(title)
    gains: Counter[str] = Counter()
    for private in end.get("privates", []):
        if not private.get("closed") and private.get("owner") is not None:
            gains[str(private["owner"])] += revenue.get(str(private["id"]), 0)
    if not gains:
        return expected
    out: JSON = json.loads(json.dumps(expected))
    out["bank"] = out["bank"] - sum(gains.values())
    for player in out.get("players", []):
        player["cash"] += gains.get(player["id"], 0)
    for company in out.get("companies", []):
        company["treasury"] += gains.get(company["id"], 0)
    return out


def _by_id(items: list[JSON]) -> dict[str, JSON]:
    return {str(x["id"]): x for x in items}


def _as_set(items: list[JSON], keys: tuple[str, ...]) -> set[tuple[Any, ...]]:
    return {tuple(x.get(k) for k in keys) for x in items}


def _company_diffs(got: JSON, want: JSON) -> Iterator[str]:
    cid = want["id"]
    for key in ("treasury", "tokens_left", "share_price", "president"):
        if got.get(key) != want.get(key):
            yield f"{cid}.{key}: {got.get(key)!r} vs tm {want.get(key)!r}"
    if Counter(got.get("trains", [])) != Counter(want.get("trains", [])):
        yield f"{cid}.trains: {sorted(got.get('trains', []))} vs tm {sorted(want['trains'])}"
    ours, theirs = got.get("market"), want.get("market")
    if ours is not None and theirs is not None and list(ours) != list(theirs):
        yield f"{cid}.market: {ours} vs tm {theirs}"


def _positive(counts: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in counts.items() if v > 0}


def _board_diffs(position: JSON, expected: JSON) -> Iterator[str]:
    for key, keys in (("tiles", ("hex", "tile", "rotation")),
                      ("tokens", ("hex", "city", "company"))):
        ours = _as_set(position.get(key, []), keys)
        theirs = _as_set(expected.get(key, []), keys)
        if ours != theirs:
            yield f"{key}: ours only {sorted(ours - theirs)}, tm only {sorted(theirs - ours)}"
    if "supply" in expected and _positive(position.get("supply", {})) != _positive(
            expected["supply"]):
        yield "supply differs"
    if "depot" in expected and position.get("depot") != expected["depot"]:
        yield f"depot: {position.get('depot')} vs tm {expected['depot']}"
    if "pool_trains" in expected and Counter(position.get("pool_trains", [])) != Counter(
            expected["pool_trains"]):
        yield f"pool_trains: {position.get('pool_trains')} vs tm {expected['pool_trains']}"


def compare(position: JSON, expected: JSON) -> list[str]:
    """The README's comparison: a line ``field: ours vs tm theirs`` per difference."""
    out = [f"{key}: {position.get(key)!r} vs tm {expected.get(key)!r}"
           for key in ("bank", "phase") if position.get(key) != expected.get(key)]
    players = _by_id(position["players"])
    for want in expected.get("players", []):
        got = players.get(want["id"], {}).get("cash")
        if got != want["cash"]:
            out.append(f"{want['id']}.cash: {got!r} vs tm {want['cash']!r}")
    companies = _by_id(position["companies"])
    for want in expected.get("companies", []):
        out.extend(_company_diffs(companies.get(want["id"], {}), want))
    out.extend(_board_diffs(position, expected))
    privates = _by_id(position.get("privates", []))
    for want in expected.get("privates", []):
        got = privates.get(want["id"], {})
        out.extend(f"{want['id']}.{key}: {got.get(key)!r} vs tm {want.get(key)!r}"
                   for key in ("owner", "closed") if got.get(key) != want.get(key))
    if "next_company" in expected and _mover(position) != expected["next_company"]:
        out.append(f"next_company: {_mover(position)!r} vs tm {expected['next_company']!r}")
    if (position.get("turn") or {}).get("step") == "discard_train":
        out.append("the turn ends waiting for a discard")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", default="oracle", type=impl_spec,
                        help="the implementation (oracle, mutant:NAME or an adapter command)")
    parser.add_argument("--corpus", default=None,
                        help="the real-turns folder (default $RAILRULES_REAL_TURNS or "
                             "../shared/real-turns)")
    parser.add_argument("--readings", choices=("recording", "published"), default="recording",
                        help="1870 under the recording engine's readings (default) or the "
                             "positions' own options")
    parser.add_argument("--isolate", choices=sandbox.MODES, default="auto",
                        help="run the adapter in the sandbox (docs/certify.md, Isolation)")
    parser.add_argument("--json", action="store_true", help="one JSON line a turn")


def run(args: argparse.Namespace) -> int:
    corpus = Path(args.corpus) if args.corpus else default_corpus()
    files = turn_files(corpus)
    if not files:
        print(f"railrules turns: no turn files under {corpus}", file=sys.stderr)
        return 2
    impl = make_implementation(resolve_spec(args.impl), isolate=args.isolate)
    tally: Counter[str] = Counter()
    try:
        for path in files:
            outcome = replay(load_turn(path), impl, args.readings)
            tally[outcome.verdict] += 1
            if args.json:
                print(json.dumps({"turn": turn_id(path), "verdict": outcome.verdict,
                                  "detail": outcome.describe()}))
            elif outcome.verdict != "agree":
                print(f"{turn_id(path)}: {outcome.verdict}: {outcome.describe()}")
    finally:
        impl.close()
    print(f"turns: {tally['agree']} agree, {len(files) - tally['agree']} do not "
          f"({dict(sorted(tally.items()))}) of {len(files)}")
    return 0 if tally["agree"] == len(files) else 1
