"""The pytest side of railrules: ``--impl``, the ``world`` fixture, tags and results.

Loaded with ``-p oracle.harness.pytest_plugin`` (see pyproject's addopts), so
``pytest --impl "COMMAND"`` and ``railrules certify`` are two doors into one room.
``--railrules-results FILE`` streams one JSON line per scenario (oracle.harness.collect);
certify sets it, and a plain pytest run may too.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle.games import game_modules, get_game, registered_games
from oracle.harness import collect
from oracle.harness.collect import IMPL_ID
from oracle.harness.serve_mutant import resolve_spec
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import Implementation
from steps.paths import features_dir
from steps.tags import is_suite_tag, node_tags, rulings_of
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
    group.addoption("--railrules-game", action="append", default=None,
                    help="run only this game's scenarios (repeatable; default: every game)")
    group.addoption("--impl-each", action="append", default=None,
                    help="grade each of these implementations in turn in this one run "
                         "(repeatable; the kill matrix batches mutants so); every result "
                         "record names its implementation")
    group.addoption("--railrules-ruling", action="append", default=None,
                    help="run only scenarios of this ruling ID or prefix (repeatable)")
    group.addoption("--railrules-results", default=None,
                    help="stream one JSON line per scenario to this file")
    group.addoption("--railrules-resume", action="store_true",
                    help="keep the results file and run only scenarios not yet in it")
    group.addoption("--railrules-progress", action="store_true",
                    help="draw a progress bar on stderr")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "railrules_tag(tag): a suite tag from a .feature file")
    path = config.getoption("--railrules-results")
    if path and not hasattr(config, "workerinput"):  # written by the main process only
        writer = collect.Writer(Path(path), bool(config.getoption("--railrules-resume")),
                                bool(config.getoption("--railrules-progress")))
        config.pluginmanager.register(writer, "railrules-writer")


def scenario_game(item: pytest.Item) -> str | None:
    """The registered game whose feature folder holds this scenario (None: no scenario)."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    function = getattr(item, "obj", None)
    template = scenario_wrapper_template_registry.get(function) if function else None
    if template is None:
        return None
    path = Path(template.feature.filename).resolve()
    for name, module in game_modules().items():
        if path.is_relative_to(features_dir(module.features).resolve()):
            return name
    return ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    games = config.getoption("--railrules-game")
    rulings = tuple(config.getoption("--railrules-ruling") or ())
    if not games and not rulings:
        return
    unknown = sorted(set(games or ()) - set(game_modules()))
    if unknown:
        raise pytest.UsageError(f"--railrules-game: unknown {unknown} "
                                f"(known: {sorted(game_modules())})")

    def wanted(item: pytest.Item) -> bool:
        # only scenarios are narrowed; other tests in the same run stay
        game = scenario_game(item)
        if game is None:
            return True
        if games and game not in games:
            return False
        return not rulings or any(r.startswith(rulings) for r in rulings_of(node_tags(item)))

    keep = [i for i in items if wanted(i)]
    dropped = [i for i in items if not wanted(i)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


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
    impl = make_implementation(
        resolve_spec(spec),
        timeout=float(config.getoption("--impl-timeout")),
        max_restarts=int(config.getoption("--impl-restarts")),
        max_reply_bytes=int(config.getoption("--impl-max-reply")))
    try:
        yield impl
    finally:
        impl.close()


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    collect.makereport_wrapper(item, call, report)
    return report
