"""What a certificate covers: its scope, and per ruling whether the run graded it.

A certificate is evidence about rulings, so it names the rulings it speaks for (the
scope) and says of each whether its scenarios put it to the implementation and got a
verdict. ``certified`` holds only when every ruling in scope passes: every one of its
scenarios passes, apart from readings of an open ruling the engine declares it does not
follow, and at least one reading of each open option passes whole. A gap the engine
declared leaves the ruling "not graded"; one it did not declare withholds it as a
failure does (docs/certify.md, "Threat model").

Scope words (``--scope``, comma-separated, any mix):

* ``suite`` (the default): every ruling some scenario of the suite cites;
* ``catalogue``: every ruling in the catalogue, whether or not the suite has scenarios;
* a game name (``rocket``, ``18xx``): the catalogue rulings of that game's prefixes;
* a ruling ID (``SR-VETO-03``) or an ID prefix (``SR-VETO``, ``DS-``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from oracle.harness.catalogue import Ruling
from oracle.harness.outcomes import BAD, DECLARED_GAP, GRADED
from oracle.protocol.declarations import GAP_COMMANDS

#: per-ruling coverage, from best to worst
COVERAGE = ("graded", "unsupported", "not-graded", "untested")


@dataclass(frozen=True, slots=True)
class Scope:
    words: tuple[str, ...]
    rulings: tuple[str, ...]

    @property
    def name(self) -> str:
        return ",".join(self.words)


def resolve_scope(words: Sequence[str] | str | None, *, catalogue: Mapping[str, Ruling],
                  suite_rulings: Iterable[str],
                  game_prefixes: Mapping[str, Sequence[str]]) -> Scope:
    """The rulings a scope names. An unknown word is an error, never an empty scope."""
    if words is None or words == "":
        words = ("suite",)
    if isinstance(words, str):
        words = tuple(w.strip() for w in words.split(",") if w.strip())
    known = set(catalogue) | set(suite_rulings)
    chosen: set[str] = set()
    for word in words:
        if word == "suite":
            matched = set(suite_rulings)
        elif word == "catalogue":
            matched = set(catalogue)
        elif word in game_prefixes:
            matched = {r for r in known if r.startswith(tuple(game_prefixes[word]))}
        else:
            prefix = word if word.endswith("-") or word in known else word + "-"
            matched = {r for r in known if r == word or r.startswith(prefix)}
        if not matched:
            raise ValueError(f"scope {word!r} names no ruling (use suite, catalogue, a game "
                             f"{sorted(game_prefixes)}, a ruling ID or an ID prefix)")
        chosen |= matched
    return Scope(tuple(words), tuple(sorted(chosen)))


def _reading_gap(record: Mapping[str, Any]) -> bool:
    """Whether the scenario is a reading of an open ruling the engine declares it does
    not follow: unsupported (a declared gap) on exactly an ``@option`` tag it carries."""
    if record.get("outcome") not in DECLARED_GAP or not record.get("open"):
        return False
    gap = str(record.get("gap") or "")
    return any(gap == f"option:{name}={value}"
               for name, value in (record.get("options") or {}).items())


def ruling_coverage(outcomes: Counter[str]) -> str:
    """One ruling's coverage from the outcomes of the scenarios that count for it (the
    readings it does not follow left out): ``graded`` only when every one reached a
    verdict; ``unsupported`` when the rest are gaps the engine declared."""
    if not outcomes:
        return "untested"
    if all(o in GRADED for o in outcomes):
        return "graded"
    if all(o in GRADED or o in DECLARED_GAP for o in outcomes):
        return "unsupported"
    return "not-graded"


def _readings_problem(records: Sequence[Mapping[str, Any]]) -> str | None:
    """For each open option the ruling's scenarios run under, at least one reading must
    pass whole (every scenario of that reading passes); None when one does."""
    readings: dict[str, dict[str, list[str]]] = {}
    for record in records:
        if not record.get("open"):
            continue
        for name, value in (record.get("options") or {}).items():
            readings.setdefault(name, {}).setdefault(str(value), []).append(
                str(record.get("outcome")))
    for name, values in sorted(readings.items()):
        whole = [v for v, outs in values.items() if outs and all(o == "pass" for o in outs)]
        if not whole:
            return f"no reading of {name} passes whole ({', '.join(sorted(values))} run)"
    return None


def ruling_verdict(records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One ruling's verdict. It passes only when every scenario that counts passes: all
    of its scenarios in scope, apart from readings of an open option the engine declares
    it does not follow, and for each open option at least one reading passes whole."""
    counted = [r for r in records if not _reading_gap(r)]
    skipped_readings = sorted({f"{n}={v}" for r in records if _reading_gap(r)
                               for n, v in (r.get("options") or {}).items()})
    outcomes = Counter(str(r.get("outcome")) for r in counted)
    cov = ruling_coverage(outcomes)
    bad = sorted(o for o in outcomes if o in BAD)
    # A setup-error stops the certificate but blames no ruling: the ruling was never put
    # to the implementation.
    wrong = [o for o in bad if o != "setup-error"]
    readings = _readings_problem(counted) if records else None
    passed = bool(counted) and all(o == "pass" for o in outcomes.elements()) and not readings
    why = ""
    if bad:
        why = ", ".join(f"{o} {outcomes[o]}" for o in bad)
    elif not records:
        why = "untested: no scenario of it ran"
    elif not counted:
        why = "not graded: the engine follows none of its readings"
    elif not passed:
        gaps = sorted({str(r.get("gap") or r.get("outcome")) for r in counted
                       if r.get("outcome") != "pass"})
        if gaps:
            why = "not graded: " + ", ".join(f"declared gap {g}" if g.startswith(
                ("action:", "query:", "option:", "game:")) or g in GAP_COMMANDS else g
                for g in gaps)
        else:
            why = str(readings)
    verdict = "pass" if passed else ("fail" if wrong else cov)
    return {"coverage": cov, "outcomes": dict(sorted(outcomes.items())), "verdict": verdict,
            "readings_not_followed": skipped_readings, "why": why}


def coverage(results: Sequence[Mapping[str, Any]], scope: Scope,
             catalogue: Mapping[str, Ruling], suite_rulings: Iterable[str],
             game_of: Mapping[str, str]) -> dict[str, Any]:
    """The scope's rulings with their coverage and verdict, totals per game, the
    catalogue rulings no scenario cites, and whether the evidence certifies."""
    per_ruling: dict[str, list[Mapping[str, Any]]] = {r: [] for r in scope.rulings}
    for record in results:
        for rid in record.get("rulings") or ():
            if rid in per_ruling:
                per_ruling[rid].append(record)
    rulings: dict[str, Any] = {}
    games: dict[str, Counter[str]] = {}
    reasons: list[str] = []
    for rid, records in per_ruling.items():
        known = catalogue.get(rid)
        status = known.status if known else "unknown"
        entry = ruling_verdict(records)
        why = entry.pop("why")
        rulings[rid] = {"status": status, **entry}
        games.setdefault(game_of.get(rid, ""), Counter())[entry["coverage"]] += 1
        if entry["verdict"] != "pass":
            reasons.append(f"{rid}: {why}")
    cited = set(suite_rulings)
    without = sorted(r for r in catalogue if r not in cited)
    return {
        "scope": {"words": list(scope.words), "name": scope.name,
                  "rulings": len(scope.rulings)},
        "rulings": rulings,
        "games": {g: {c: n[c] for c in COVERAGE} for g, n in sorted(games.items())},
        "catalogue_without_scenarios": without,
        "not_certified_because": reasons,
        "certifies": bool(scope.rulings) and not reasons,
    }
