"""The registry and the source agree, read statically (``ast``, tests/reason_scan.py):
every code the oracle, a mutant or a scenario uses is registered, every registered
code is made somewhere, and each code's rulings are exactly those the oracle may
cite with it. Codes built at run time are reviewed in tests/reason_sites.py."""

from __future__ import annotations

import re

import pytest

from oracle.core import reasons
from oracle.games import game_module
from steps.paths import features_dir
from tests.reason_scan import ROOT, python_files
from tests.reason_sites import (
    DYNAMIC_CODES,
    DYNAMIC_RULINGS,
    FUNCTION_SCOPE,
    KNOWN_INVENTED,
    LACKING,
    MUTANT_SHARED,
    MUTANT_TREES,
    ORACLE_TREES,
    POWER_OF_ASPECT,
    citable,
    function_codes,
    key,
    source_scan,
)

GAMES = reasons.games()
#: the suite's Then step, with or without its ``under ruling`` tail (steps/common.py)
ASSERTED = re.compile(r'the action is refused with reason "([^"]*)"')


def _where(code: str, prefixes: tuple[str, ...]) -> str:
    sites = source_scan().literals.get(code, [])
    return ", ".join(str(s) for s in sites if s.path.startswith(prefixes))


def test_the_trees_cover_every_game_and_every_mutant_file() -> None:
    assert set(ORACLE_TREES) == set(MUTANT_TREES) == set(GAMES)
    mutant_files = {str(p.relative_to(ROOT)) for p in python_files("oracle/harness/mutants")}
    owned = {f for f in mutant_files
             if f.startswith(tuple(t for ts in MUTANT_TREES.values() for t in ts))}
    assert mutant_files - owned == set(MUTANT_SHARED)


@pytest.mark.parametrize("game", GAMES)
def test_every_code_the_oracle_makes_is_registered(game: str) -> None:
    made = set(source_scan().within(*ORACLE_TREES[game]).literals)
    missing = sorted(made - reasons.codes(game))
    assert not missing, "not registered: " + "; ".join(
        f"{c} at {_where(c, ORACLE_TREES[game])}" for c in missing)


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_code_is_made_somewhere(game: str) -> None:
    """No dead entries: a code only a mutant or a scenario knows is not the oracle's."""
    made = set(source_scan().within(*ORACLE_TREES[game]).literals)
    assert sorted(reasons.codes(game) - made) == []


@pytest.mark.parametrize("game", GAMES)
def test_registered_rulings_are_the_ones_the_oracle_may_cite(game: str) -> None:
    may_cite = citable(game)
    wrong = {code: (reasons.rulings(game, code), tuple(sorted(may_cite.get(code, ()))))
             for code in sorted(reasons.codes(game))
             if reasons.rulings(game, code) != tuple(sorted(may_cite.get(code, ())))}
    assert not wrong, "code: (registered, may cite): " + repr(wrong)


def test_codes_built_at_run_time_are_reviewed() -> None:
    """Each refusal whose code or ruling is only known at run time is in the reviewed
    tables, and each table entry still matches a refusal in the source."""
    found = source_scan()
    seen_codes, seen_rulings = set(), set()
    for refusal in found.refusals:
        if refusal.code is None:
            site = key(refusal, refusal.code_source)
            assert site in DYNAMIC_CODES, f"unreviewed code {refusal.code_source} at " \
                                          f"{refusal.site}: add it to tests/reason_sites.py"
            seen_codes.add(site)
        elif refusal.rulings is None and not refusal.aspect:
            site = key(refusal, refusal.ruling_source)
            assert site in DYNAMIC_RULINGS, f"unreviewed ruling {refusal.ruling_source} " \
                                            f"at {refusal.site}: add it to tests/reason_sites.py"
            seen_rulings.add(site)
        elif refusal.aspect:
            assert refusal.aspect in POWER_OF_ASPECT, f"{refusal.site}: {refusal.aspect}"
    assert seen_codes == set(DYNAMIC_CODES), "stale entries in DYNAMIC_CODES"
    assert seen_rulings == set(DYNAMIC_RULINGS), "stale entries in DYNAMIC_RULINGS"
    for dynamic in DYNAMIC_CODES.values():
        for path, function in dynamic.sources:
            assert function_codes(found, path, function), f"no codes in {path} {function}"
    functions = {(r.site.path, r.site.function) for r in found.refusals}
    assert set(FUNCTION_SCOPE) <= functions
    assert set(LACKING) <= reasons.codes("18xx")


def test_an_error_code_that_refuses_nothing_is_not_registered() -> None:
    """``SearchTooLarge`` (``route/search_too_large``) gives up a route search: an
    errored reply, never a refusal, so it is no reason code."""
    errors = source_scan().error_codes
    assert "route/search_too_large" in errors
    refused = {r.code for r in source_scan().refusals}
    for code in errors:
        assert code not in refused
        assert all(code not in reasons.codes(game) for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_mutants_raise_only_registered_codes(game: str) -> None:
    """A mutant models a real engine's bug; a code of its own would test something
    else. The known exceptions are listed, and must still be true."""
    made = set(source_scan().within(*MUTANT_TREES[game]).literals)
    invented = made - reasons.codes(game)
    assert invented == set(KNOWN_INVENTED[game]), "codes no oracle raises: " + "; ".join(
        f"{c} at {_where(c, MUTANT_TREES[game])}" for c in sorted(invented))


@pytest.mark.parametrize("game", GAMES)
def test_every_code_a_scenario_asserts_is_registered(game: str) -> None:
    folder = features_dir(game_module(game).features)
    asserted = {code: path.name for path in sorted(folder.rglob("*.feature"))
                for code in ASSERTED.findall(path.read_text(encoding="utf-8"))}
    assert asserted, f"no refusals asserted under {folder}"
    missing = {c: f for c, f in asserted.items() if c not in reasons.codes(game)}
    assert not missing, f"asserted but not registered: {missing}"
