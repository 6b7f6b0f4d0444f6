"""A faster pytest-bdd step lookup (which step definitions parse a step).

pytest-bdd finds the definitions for each step by walking every fixture name pytest
knows, asking pytest which of its definitions the scenario can see, and then asking
each step definition's parser. The walk and the visibility question give the same
answer for every step of every scenario in one module, so it is done once per module
here and only the parsers are asked per step: the same definitions in the same order,
at a fraction of the cost (profiled: the walk was about a third of an 18xx scenario's
time in process). Installed by the plugin (``oracle.harness.pytest_plugin``) only when
the installed pytest-bdd has the functions this stands on; otherwise nothing changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

#: (fixture manager, module node id) -> the visible step definitions with their context
_VISIBLE: dict[tuple[int, str], list[tuple[Any, Any]]] = {}


def install() -> bool:
    """Replace ``pytest_bdd.scenario.find_fixturedefs_for_step`` once; False when the
    installed pytest-bdd lacks what it stands on (the lookup then stays its own)."""
    try:  # the module (the package's own ``scenario`` name is a function)
        scenario = importlib.import_module("pytest_bdd.scenario")
    except ImportError:  # pragma: no cover - pytest-bdd is a core dependency
        return False
    needed = ("find_fixturedefs_for_step", "get_fixture_names", "getfixturedefs",
              "step_function_context_registry")
    if not all(hasattr(scenario, name) for name in needed):
        return False
    if getattr(scenario.find_fixturedefs_for_step, "railrules_lookup", False):
        return True
    scenario.find_fixturedefs_for_step = _lookup(scenario)  # type: ignore[attr-defined]
    return True


def _lookup(scenario: Any) -> Callable[..., Iterator[Any]]:
    registry = scenario.step_function_context_registry

    def visible(fixturemanager: Any, node: Any) -> list[tuple[Any, Any]]:
        # every item of one module sees the same definitions: they live in conftest and
        # step modules, never on an item
        key = (id(fixturemanager), str(node.nodeid).split("::", 1)[0])
        found = _VISIBLE.get(key)
        if found is None:
            found, seen = [], set()
            for name in scenario.get_fixture_names(fixturemanager=fixturemanager):
                for fixturedef in scenario.getfixturedefs(fixturemanager, name, node) or []:
                    context = registry.get(fixturedef.func)
                    if context is not None and id(fixturedef) not in seen:
                        seen.add(id(fixturedef))
                        found.append((fixturedef, context))
            _VISIBLE[key] = found
        return found

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
        for fixturedef, context in visible(fixturemanager, node):
            if context.type is not None and context.type != step.type:
                continue
            if context.parser.is_matching(step.name):
                yield fixturedef

    find_fixturedefs_for_step.railrules_lookup = True  # type: ignore[attr-defined]
    return find_fixturedefs_for_step
