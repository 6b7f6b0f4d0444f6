"""The pytest side of railrules: ``--impl``, the ``world`` fixture, tags and results.

Loaded with ``-p oracle.harness.pytest_plugin`` (see pyproject's addopts), so
``pytest --impl "COMMAND"`` and ``railrules certify`` are two doors into one room.
``--railrules-results FILE`` streams one JSON line per scenario (oracle.harness.collect);
certify sets it, and a plain pytest run may too.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle.games import game_modules, get_game, registered_games
from oracle.harness import bdd_lookup, collect, exchange_logs, results_stream
from oracle.harness.collect import IMPL_ID
from oracle.harness.serve_mutant import resolve_spec
from oracle.protocol import lifetime, sandbox
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import Implementation
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB
from oracle.protocol.sandbox import MODES
from steps.paths import features_dir
from steps.tags import is_suite_tag, node_tags, rulings_of, scenario_id
from steps.world import InvariantCheck, World


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("railrules")
    group.addoption("--impl", default="oracle",
                    help="implementation to grade: 'oracle', 'mutant:NAME' or an adapter command")
    group.addoption("--impl-timeout", type=float, default=5.0,
                    help="seconds an adapter may take for one reply (default 5)")
    group.addoption("--impl-restarts", type=int, default=3,
                    help="how often a dead adapter is restarted before giving up (default 3)")
    group.addoption("--impl-max-reply", type=int, default=16 << 20,
                    help="largest reply line accepted, in bytes (default 16 MiB)")
    group.addoption("--impl-isolate", choices=MODES, default="auto",
                    help="run the adapter in a sandbox (bubblewrap): auto (when it works "
                         "here, default), yes (required), no (docs/certify.md, Isolation)")
    group.addoption("--impl-memory", type=int, default=DEFAULT_MEMORY_MIB,
                    help="bound on the adapter's address space in MiB (RLIMIT_AS; default "
                         f"{DEFAULT_MEMORY_MIB}, 0 for none)")
    group.addoption("--railrules-game", action="append", default=None,
                    help="run only this game's scenarios (repeatable; default: every game)")
    group.addoption("--impl-each", action="append", default=None,
                    help="grade each of these implementations in turn in this one run "
                         "(repeatable; the kill matrix batches mutants so); every result "
                         "record names its implementation")
    group.addoption("--impl-each-rulings", action="append", default=None,
                    help="with --impl-each, one per implementation in the same order: grade "
                         "it only on scenarios citing one of these comma-separated ruling "
                         "IDs (empty: all); the kill matrix grades each mutant on the "
                         "rulings it claims to break")
    group.addoption("--railrules-ruling", action="append", default=None,
                    help="run only scenarios of this ruling ID or prefix (repeatable)")
    group.addoption("--railrules-scenario", action="append", default=None,
                    help="run only the scenario with this @id (repeatable; comma-separated)")
    group.addoption("--railrules-scope", default=None,
                    help="run only scenarios citing one of these exact ruling IDs "
                         "(comma-separated): how certify's --scope narrows a run")
    group.addoption("--railrules-results", default=None,
                    help="stream one JSON line per scenario to this file")
    group.addoption("--railrules-resume", action="store_true",
                    help="keep the results file and run only scenarios not yet in it")
    group.addoption("--railrules-progress", action="store_true",
                    help="draw a progress bar on stderr")
    group.addoption(exchange_logs.OPTION, default=None, metavar="DIR",
                    help="write every request to the adapter and every reply (or failure) "
                         "to DIR/<scenario id>.jsonl, and each handshake to "
                         "DIR/_handshake.jsonl (docs/protocol.md, Debugging an adapter)")


def pytest_configure(config: pytest.Config) -> None:
    bdd_lookup.install()  # steps found once per module, kind and text
    config.addinivalue_line("markers", "railrules_tag(tag): a suite tag from a .feature file")
    # SIGTERM (certify's hard stop, and the parent-death signal certify sets on pytest and
    # a worker sets here on itself) kills the adapters' process groups, children and all,
    # before the process dies of it: nothing of the run outlives it (docs/certify.md)
    if hasattr(config, "workerinput"):
        lifetime.die_with_parent(signal.SIGTERM)
    lifetime.end_adapters_on((signal.SIGTERM,))
    path = config.getoption("--railrules-results")
    if not hasattr(config, "workerinput"):
        _check_isolation(config)
    if path and not hasattr(config, "workerinput"):  # written by the main process only
        writer = results_stream.Writer(Path(path), bool(config.getoption("--railrules-resume")),
                                bool(config.getoption("--railrules-progress")))
        config.pluginmanager.register(writer, "railrules-writer")


def _check_isolation(config: pytest.Config) -> None:
    """``--impl-isolate yes`` without a working sandbox stops the run before it starts
    (the in-process oracle starts no process: it needs none)."""
    specs = config.getoption("--impl-each") or [config.getoption("--impl")]
    if config.getoption("--impl-isolate") != "yes" or all(
            resolve_spec(str(s)) in ("", "oracle") for s in specs):
        return
    works, why = sandbox.available()
    if not works:
        raise pytest.UsageError(f"--impl-isolate yes: no working sandbox: {why}")


def scenario_game(item: pytest.Item, found: dict[str, str] | None = None) -> str | None:
    """The registered game whose feature folder holds this scenario (None: no scenario).
    ``found``: feature file -> its game, kept by a caller asking about many items (a
    batch of the kill matrix collects some 18,000: resolving each one's path against
    every game's folder was a third of the batch's time)."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    function = getattr(item, "obj", None)
    template = scenario_wrapper_template_registry.get(function) if function else None
    if template is None:
        return None
    filename = template.feature.filename
    if found is not None and filename in found:
        return found[filename]
    path = Path(filename).resolve()
    game = ""
    for name, module in game_modules().items():
        if path.is_relative_to(features_dir(module.features).resolve()):
            game = name
            break
    if found is not None:
        found[filename] = game
    return game


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    games = config.getoption("--railrules-game")
    rulings = tuple(config.getoption("--railrules-ruling") or ())
    ids = {i.strip() for given in config.getoption("--railrules-scenario") or ()
           for i in given.split(",") if i.strip()}
    scope_text = config.getoption("--railrules-scope")
    scope = {r for r in (scope_text or "").split(",") if r} if scope_text is not None else None
    per_impl = _rulings_per_impl(config)
    if not games and not rulings and not ids and scope is None and not per_impl:
        return
    unknown = sorted(set(games or ()) - set(game_modules()))
    if unknown:
        raise pytest.UsageError(f"--railrules-game: unknown {unknown} "
                                f"(known: {sorted(game_modules())})")

    games_of: dict[str, str] = {}

    def wanted(item: pytest.Item) -> bool:
        # only scenarios are narrowed; other tests in the same run stay
        game = scenario_game(item, games_of)
        if game is None:
            return True
        if games and game not in games:
            return False
        tags = node_tags(item)
        cited = rulings_of(tags)
        if scope is not None and not scope.intersection(cited):
            return False
        if ids and scenario_id(tags) not in ids:
            return False
        own = per_impl.get(_impl_of(item) or "")
        if own is not None and not own.intersection(cited):
            return False
        return not rulings or any(r.startswith(rulings) for r in cited)

    keep = [i for i in items if wanted(i)]
    dropped = [i for i in items if not wanted(i)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def _rulings_per_impl(config: pytest.Config) -> dict[str, frozenset[str]]:
    """``--impl-each`` spec -> the rulings ``--impl-each-rulings`` grades it on (an
    implementation without an entry, or with an empty one, runs every scenario)."""
    each = config.getoption("--impl-each") or []
    given = config.getoption("--impl-each-rulings") or []
    if given and len(given) != len(each):
        raise pytest.UsageError(f"--impl-each-rulings: {len(given)} given for "
                                f"{len(each)} --impl-each")
    return {str(spec): frozenset(r for r in text.split(",") if r)
            for spec, text in zip(each, given, strict=False) if text.strip(",")}


def _impl_of(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    impl = callspec.params.get("implementation") if callspec is not None else None
    return str(impl) if impl is not None else None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    each = metafunc.config.getoption("--impl-each")
    if each:
        # scenario functions reach ``world`` (and so ``implementation``) only at run
        # time, through their steps: name it here so every test takes the parameter
        if "implementation" not in metafunc.fixturenames:
            metafunc.fixturenames.append("implementation")
        # session scope: pytest runs every test with one implementation, tears it down,
        # then the next (one collection for the whole batch)
        metafunc.parametrize("implementation", list(each), indirect=True, scope="session",
                             ids=[f"{IMPL_ID}{i}" for i in range(len(each))])


@pytest.fixture(scope="session")
def implementation(request: pytest.FixtureRequest) -> Iterator[Implementation]:
    config = request.config
    spec = getattr(request, "param", None) or str(config.getoption("--impl"))
    # ``mutant:NAME`` is served over the protocol like any outside engine.
    results = config.getoption("--railrules-results")
    spec = resolve_spec(spec)
    # only an adapter has exchanges to log (the in-process oracle sends nothing)
    log = exchange_logs.log_of(config) if spec not in ("", "oracle") else None
    # the results stream's path, and the logs', stay out of the sandbox's environment
    grader_paths = [str(Path(results).resolve())] if results else []
    if log is not None:
        grader_paths.append(str(log.folder))
    impl = make_implementation(
        spec,
        timeout=float(config.getoption("--impl-timeout")),
        max_restarts=int(config.getoption("--impl-restarts")),
        max_reply_bytes=int(config.getoption("--impl-max-reply")),
        isolate=str(config.getoption("--impl-isolate")),  # the adapter runs in the sandbox
        memory_mib=int(config.getoption("--impl-memory")),
        grader_paths=grader_paths, exchange_log=log)
    try:
        yield impl
    finally:
        impl.close()
        exchange_logs.close(config)


@pytest.fixture
def world(implementation: Implementation) -> World:
    checks: dict[str, InvariantCheck] = {
        name: get_game(name).conservation for name in registered_games()}
    return World(impl=implementation, invariants=checks)


# -- tags: suite tags become one registered marker, so --strict-markers keeps working ------

@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> object:
    if is_suite_tag(tag):
        pytest.mark.railrules_tag(tag)(function)
        return True
    return None


# -- results ----------------------------------------------------------------------------------

def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any,
                               scenario: Any) -> None:
    collect.before_scenario(request, feature, scenario)
    exchange_logs.begin(request)


def pytest_bdd_after_step(request: pytest.FixtureRequest, feature: Any, scenario: Any,
                          step: Any, step_func: Any, step_func_args: Any) -> None:
    collect.after_step(request, scenario, step)


def pytest_bdd_step_error(request: pytest.FixtureRequest, feature: Any, scenario: Any,
                          step: Any, step_func: Any, step_func_args: Any,
                          exception: BaseException) -> None:
    collect.step_error(request, scenario, step, exception)


def pytest_bdd_after_scenario(request: pytest.FixtureRequest, feature: Any,
                              scenario: Any) -> None:
    collect.after_scenario(request)
    exchange_logs.end(request)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    collect.makereport_wrapper(item, call, report)
    return report
