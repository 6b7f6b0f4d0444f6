"""What the reason-code tests know about the source beyond what ``ast`` reads off it:
where each game's refusals live, the refusals whose code or ruling is only known at
run time (each reviewed, with where its values come from), and so which rulings each
code may be cited with (``citable``, which the registry's ``rulings`` must equal).

A new refusal that builds its code or its ruling at run time fails
tests/test_reason_sources.py until it is added here, with the functions its codes
come from, so no code reaches an engine's answer unseen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from oracle.eighteen.model.privates import PrivateDef
from oracle.eighteen.titles import TITLES
from tests.reason_scan import Refusal, Scan, python_files, scan

#: each game's oracle source, and its mutants' (prefixes of paths from the root)
ORACLE_TREES: Mapping[str, tuple[str, ...]] = {
    "rocket": ("oracle/rocket/",),
    "18xx": ("oracle/eighteen/",),
}
MUTANT_TREES: Mapping[str, tuple[str, ...]] = {
    "rocket": ("oracle/harness/mutants/rocket/",),
    "18xx": ("oracle/harness/mutants/eighteen",),  # eighteen.py, eighteen_*.py
}
#: the mutant file that is no game's (the list of mutants itself)
MUTANT_SHARED = ("oracle/harness/mutants/__init__.py",)

#: Codes a mutant raises that the oracle never does -> the mutant. None: a mutant models
#: a real engine's bug, and an engine graded on reasons may cite only registered codes
#: (the client refuses any other, oracle/protocol/client.py ``_registered``); the two
#: that once invented codes now cite the oracle's own for the same refusal.
KNOWN_INVENTED: Mapping[str, Mapping[str, str]] = {
    "rocket": {},
    "18xx": {},
}

#: the rulings a site may cite with one code
ByCode = Callable[[str], frozenset[str]]


@dataclass(frozen=True, slots=True)
class DynamicCode:
    """A refusal whose code is only known at run time."""

    why: str
    #: (path, function) whose code literals are the codes the site may carry;
    #: empty for a ``refuse`` helper, whose callers are the sites
    sources: tuple[tuple[str, str], ...]
    #: the rulings it may cite with each of them
    rulings: ByCode = lambda code: frozenset()


def _route_rulings(code: str) -> frozenset[str]:
    from oracle.eighteen.mechanisms.connection_runs import ROUTE_RULINGS  # the run's own table
    return frozenset({ROUTE_RULINGS.get(code, "DS-15")})


_HELPER = DynamicCode("a refuse() helper: IllegalAction of its own parameters", ())
_ROUTES = "oracle/eighteen/routes/route.py"
_CONNECTION_RUNS = "oracle/eighteen/mechanisms/connection_runs.py"

#: (path, function, source of the code argument) -> the reviewed site
DYNAMIC_CODES: Mapping[tuple[str, str, str], DynamicCode] = {
    ("oracle/eighteen/turn/context.py", "refuse", "code"): _HELPER,
    (_CONNECTION_RUNS, "refuse", "code"): _HELPER,
    ("oracle/eighteen/operating.py", "refuse", "code"): _HELPER,
    ("oracle/eighteen/routes/route.py", "refuse", "code"): _HELPER,
    ("oracle/eighteen/mechanisms/single_track.py", "refuse", "code"): _HELPER,
    ("oracle/eighteen/turn/lays.py", "check_upgrade", "found[0]"): DynamicCode(
        "the base upgrade rule's answer, or the halt rule's (ST-10, ST-12), as "
        "upgrade_refusal gives it",
        (("oracle/eighteen/model/tiles.py", "_upgrade_problem"),
         ("oracle/eighteen/mechanisms/single_track.py", "SingleTrack.halt_upgrade")),
        lambda code: frozenset({"ST-10", "ST-12"})),
    (_ROUTES, "check_route", "why"): DynamicCode(
        "a stop a route may only end at", ((_ROUTES, "StopTable.end_only"),)),
    (_CONNECTION_RUNS, "ConnectionRuns.run", "err.code"): DynamicCode(
        "a route check's refusal, cited under the connection run's rulings",
        ((_ROUTES, "check_route"), (_ROUTES, "StopTable.end_only")), _route_rulings),
}


def _two_lay_tile_rulings() -> frozenset[str]:
    """A later lay is checked only where a turn has more than one (1870)."""
    return frozenset(r for title in TITLES.values() if title.tile_lays > 1
                     for pdef in title.resolved_privates({}).values() if pdef.tile
                     for name, r in pdef.rulings if name == "tile")


#: (path, function, source of the ruling argument) -> the rulings it may be, for a
#: refusal with a literal code whose ruling is only known at run time
DYNAMIC_RULINGS: Mapping[tuple[str, str, str], Callable[[], frozenset[str]]] = {
    (_ROUTES, "check_route", "ctx.barred_ruling"): lambda: frozenset({"ST-04"}),
    ("oracle/eighteen/turn/tokens.py", "home_token",
     "rules.single_track.company_ruling(state, company.id)"): lambda: frozenset({"ST-13"}),
    # its one caller (turn/lays.py lay_tile) passes rules.cites(state, via, "tile")
    ("oracle/eighteen/mechanisms/tile_lays.py", "check_later_lay", "ruling"): _two_lay_tile_rulings,
}

def _every(pdef: PrivateDef) -> bool:
    return True


#: A refusal about a private cites the ruling the private names for one aspect of its
#: powers; only privates that have the power in question get that far (the checks for
#: a missing power come first), so only their rulings count.
POWER_OF_ASPECT: Mapping[str, Callable[[PrivateDef], bool]] = {
    "tile": lambda p: p.tile is not None,
    "tile_after_token": lambda p: p.tile is not None,
    "token": lambda p: p.token is not None,
    "token_timing": lambda p: p.token is not None,
    "token_lost": lambda p: p.token is not None,
    "requires_tile": lambda p: p.token is not None,
    "blocks": lambda p: bool(p.blocks),
    "use": _every,
    "closed": _every,
}
#: the refusals for a missing power: they cite the privates that lack it
LACKING: Mapping[str, Callable[[PrivateDef], bool]] = {
    "private/no_tile_power": lambda p: p.tile is None,
    "private/no_token_power": lambda p: p.token is None,
}
#: functions that only ever see some privates
FUNCTION_SCOPE: Mapping[tuple[str, str], Callable[[PrivateDef], bool]] = {
    ("oracle/eighteen/turn/tokens.py", "put_bonus"):
        lambda p: p.token is not None and p.token.bonus > 0,
}


def aspect_rulings(refusal: Refusal) -> frozenset[str]:
    """The rulings a refusal citing a private's aspect may cite, over every title."""
    assert refusal.code is not None
    has = LACKING.get(refusal.code, POWER_OF_ASPECT[refusal.aspect])
    scope = FUNCTION_SCOPE.get((refusal.site.path, refusal.site.function), _every)
    return frozenset(r for title in TITLES.values()
                     for pdef in title.resolved_privates({}).values()
                     if has(pdef) and scope(pdef)
                     for name, r in pdef.rulings if name == refusal.aspect)


@cache
def source_scan() -> Scan:
    """The oracle's games and the mutants, read once per test run."""
    return scan(python_files("oracle/rocket", "oracle/eighteen", "oracle/harness/mutants"))


def key(refusal: Refusal, source: str) -> tuple[str, str, str]:
    return refusal.site.path, refusal.site.function, source


def function_codes(found: Scan, path: str, function: str) -> frozenset[str]:
    """The code literals standing in one function (and what it nests)."""
    return frozenset(code for code, sites in found.literals.items() for s in sites
                     if s.path == path and (s.function == function or
                                            s.function.startswith(function + ".")))


def literal_rulings(refusal: Refusal) -> frozenset[str] | None:
    """The rulings a refusal with a literal code may cite; None: an unreviewed site."""
    if refusal.rulings is not None:
        return refusal.rulings
    if refusal.aspect:
        return aspect_rulings(refusal)
    given = DYNAMIC_RULINGS.get(key(refusal, refusal.ruling_source))
    return None if given is None else given()


def citable(game: str) -> dict[str, frozenset[str]]:
    """Code -> every ruling the oracle of ``game`` may cite with it, as read off the
    source and the reviewed tables above (the registry's ``rulings`` must equal it)."""
    found = source_scan().within(*ORACLE_TREES[game])
    out: dict[str, set[str]] = {code: set() for code in found.literals}
    for refusal in found.refusals:
        if refusal.code is not None:
            out.setdefault(refusal.code, set()).update(literal_rulings(refusal) or ())
            continue
        site = DYNAMIC_CODES.get(key(refusal, refusal.code_source))
        if site is None:
            continue  # unreviewed: test_codes_built_at_run_time_are_reviewed names it
        for path, function in site.sources:
            for code in function_codes(found, path, function):
                out.setdefault(code, set()).update(site.rulings(code))
    return {code: frozenset(r) for code, r in out.items()}
