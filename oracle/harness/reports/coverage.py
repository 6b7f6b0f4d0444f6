"""What a certificate covers: its scope, and per ruling whether the run graded it.

A certificate is evidence about rulings, so it names the rulings it speaks for (the
scope) and says of each whether a scenario put it to the implementation and got a
verdict. ``certified`` holds only when every settled ruling in scope has at least one
passing scenario and no scenario of a ruling in scope has a bad outcome.

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
from oracle.harness.collect import BAD, GRADED

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


def ruling_coverage(outcomes: Counter[str]) -> str:
    """One ruling's coverage from the outcomes of its scenarios."""
    if not outcomes:
        return "untested"
    if any(outcomes[o] for o in GRADED):
        return "graded"
    if all(o in ("unsupported", "skipped") for o in outcomes):
        return "unsupported"
    return "not-graded"


def coverage(results: Sequence[Mapping[str, Any]], scope: Scope,
             catalogue: Mapping[str, Ruling], suite_rulings: Iterable[str],
             game_of: Mapping[str, str]) -> dict[str, Any]:
    """The scope's rulings with their coverage and verdict, totals per game, the
    catalogue rulings no scenario cites, and whether the evidence certifies."""
    per_ruling: dict[str, Counter[str]] = {r: Counter() for r in scope.rulings}
    for record in results:
        for rid in record.get("rulings") or ():
            if rid in per_ruling:
                per_ruling[rid][str(record.get("outcome"))] += 1
    rulings: dict[str, Any] = {}
    games: dict[str, Counter[str]] = {}
    reasons: list[str] = []
    for rid, outcomes in per_ruling.items():
        known = catalogue.get(rid)
        status = known.status if known else "unknown"
        cov = ruling_coverage(outcomes)
        bad = sorted(o for o in outcomes if o in BAD)
        passed = outcomes["pass"] > 0 and not bad
        # A setup-error stops the certificate but blames no ruling: the ruling was never
        # put to the implementation.
        wrong = [o for o in bad if o != "setup-error"]
        rulings[rid] = {"status": status, "coverage": cov, "outcomes": dict(sorted(
            outcomes.items())), "verdict": "pass" if passed else ("fail" if wrong else cov)}
        game = game_of.get(rid, "")
        games.setdefault(game, Counter())[cov] += 1
        if bad:
            reasons.append(f"{rid}: {', '.join(bad)}")
        elif status != "open" and not passed:
            reasons.append(f"{rid}: {cov}, no passing scenario")
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
