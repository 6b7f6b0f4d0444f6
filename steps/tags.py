"""The suite's tag vocabulary, shared by the steps, the lint and the kill matrix.

A scenario carries ``@id:NAME`` (stable, never reused), one or more
``@ruling:XX-...`` tags, ``@source:000`` .. ``@source:004`` (the seed document),
and, when it exercises an unsettled rule, ``@open`` with the option setting it
runs under, ``@option:NAME=VALUE``. pytest-bdd turns tags into markers; the
plugin files every suite tag under the one registered ``railrules_tag`` marker.
"""

from __future__ import annotations

import re
from typing import Any, Final

import pytest

ID: Final = re.compile(r"^id:[A-Za-z0-9][A-Za-z0-9_.-]*$")
RULING: Final = re.compile(r"^ruling:[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$")
#: a source document: a seed number (000..004 for railrules' own catalogue); the lint
#: checks it is a source of the scenario's rulings
SOURCE: Final = re.compile(r"^source:[0-9a-z]+$")
OPTION: Final = re.compile(r"^option:[a-z_]+=[A-Za-z0-9_]+$")

MARKER: Final = "railrules_tag"


def is_suite_tag(tag: str) -> bool:
    """A tag in the suite's namespace (whether or not it is well formed)."""
    return tag == "open" or tag.startswith(("id:", "ruling:", "source:", "option:"))


def tag_problem(tag: str) -> str | None:
    """Why ``tag`` is not in the known vocabulary, or None if it is."""
    if tag == "open":
        return None
    for pattern in (ID, RULING, SOURCE, OPTION):
        if pattern.match(tag):
            return None
    return f"unknown tag @{tag} (known: @id:NAME, @ruling:XX-YYY-NN, @source:SEED, " \
           "@open, @option:NAME=VALUE)"


def node_tags(node: pytest.Item | Any) -> list[str]:
    """The suite tags of a collected scenario (scenario, feature and Examples tags)."""
    tags: set[str] = set()
    for mark in node.iter_markers():
        if mark.name == MARKER:
            tags.update(str(a) for a in mark.args)
        elif is_suite_tag(mark.name):
            tags.add(mark.name)
    return sorted(tags)


def scenario_id(tags: list[str]) -> str:
    ids = [t.removeprefix("id:") for t in tags if t.startswith("id:")]
    return ids[0] if ids else ""


def rulings_of(tags: list[str]) -> list[str]:
    return sorted(t.removeprefix("ruling:") for t in tags if t.startswith("ruling:"))


def options_of(tags: list[str]) -> dict[str, Any]:
    """``@option:NAME=VALUE`` tags as an options mapping; true/false become booleans."""
    out: dict[str, Any] = {}
    for t in tags:
        if t.startswith("option:") and "=" in t:
            name, _, value = t.removeprefix("option:").partition("=")
            out[name] = {"true": True, "false": False}.get(value.lower(), value)
    return out


def describe(tags: list[str]) -> dict[str, Any]:
    """A scenario's tags as the report states them: ``id``, ``rulings``, ``sources``,
    ``open`` and ``options`` (values as written)."""
    options: dict[str, str] = {}
    for t in tags:
        if t.startswith("option:") and "=" in t:
            name, _, value = t.removeprefix("option:").partition("=")
            options[name] = value
    return {
        "id": scenario_id(tags),
        "rulings": rulings_of(tags),
        "sources": sorted(t.removeprefix("source:") for t in tags if t.startswith("source:")),
        "open": "open" in tags,
        "options": options,
    }
