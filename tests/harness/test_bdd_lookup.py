"""The faster step lookup (oracle/harness/bdd_lookup.py) finds what pytest-bdd's own
finds: a module's definition overrides conftest's, a step's kind is respected, and a
parsed step is matched by its parser; and the plugin installs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = '''
import os
import pytest
from pytest_bdd import given, parsers, then, when

if os.environ.get("FAST_LOOKUP") == "1":
    from oracle.harness import bdd_lookup
    assert bdd_lookup.install()

@given("a thing", target_fixture="thing")
def conftest_thing():
    return ["conftest"]

@when("a thing")
def when_thing(thing):
    thing.append("when")

@then(parsers.parse("the thing holds {words}"))
def holds(thing, words):
    assert thing == words.split(), thing
'''

MODULE = '''
from pytest_bdd import given, scenarios

scenarios("things.feature")

@given("a thing", target_fixture="thing")
def module_thing():
    return ["module"]
'''

FEATURE = '''Feature: things
  Scenario: the module's definition wins, and the kinds stay apart
    Given a thing
    When a thing
    Then the thing holds module when
'''


@pytest.mark.parametrize("fast", ["0", "1"])
def test_the_lookup_finds_what_pytest_bdd_finds(tmp_path: Path, fast: str) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_things.py").write_text(MODULE)
    (tmp_path / "things.feature").write_text(FEATURE)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "-p", "no:xdist", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "FAST_LOOKUP": fast}, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "1 passed" in done.stdout


def test_the_plugin_installs_it() -> None:
    import importlib

    scenario = importlib.import_module("pytest_bdd.scenario")
    # this very run loads the plugin (pyproject addopts)
    assert getattr(scenario.find_fixturedefs_for_step, "railrules_lookup", False)
